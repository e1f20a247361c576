import Foundation
@testable import PQ
import Testing

/// The text a query sends: its statement with `$n` placeholders and its parameters in
/// PostgreSQL's text format, each written by hand for speed and checked here against the
/// straightforward way of writing it.
@Suite("Statement and parameter text")
struct ParameterTextTests {
    @Test func aUUIDIsItsLowerCaseString() throws {
        let fixed = try #require(UUID(uuidString: "00FF10AB-9C2D-4E3F-8A7B-6C5D4E3F2A1B"))
        #expect(try fixed.sqlText() == "00ff10ab-9c2d-4e3f-8a7b-6c5d4e3f2a1b")
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(try id.sqlText() == id.uuidString.lowercased())
        }
    }

    @Test func placeholdersAreNumberedInOrderAndTextIsKeptByteForByte() throws {
        let filter: SQLQuery = "AND note = \("é 👍🏽")"
        var query: SQLQuery = "SELECT \(1)::int, '한국어', \(UUID())::uuid"
        for value in 3...11 { query = query + "\n, \(value)::int" }
        query = query + " WHERE true \(filter)"
        let expected = "SELECT $1::int, '한국어', $2::uuid" + (3...11).map { "\n, $\($0)::int" }.joined() + " WHERE true AND note = $12"
        #expect(query.sql == expected)
        #expect(query.description == expected)
        let parameters = try query.encodedParameters()
        #expect(parameters.count == 12)
        #expect(parameters[0] == "1" && parameters[2] == "3" && parameters[10] == "11" && parameters[11] == "é 👍🏽")
    }

    @Test func aCopyStatementReadsItsParametersFromSettings() throws {
        let query: SQLQuery = "SELECT \(7)::int, \("x")::text"
        let copy = try query.copyStatement()
        #expect(copy.select == "SELECT current_setting('pq.copy_1')::int, current_setting('pq.copy_2')::text")
        #expect(copy.settings == ["7", "x"])
    }
}
