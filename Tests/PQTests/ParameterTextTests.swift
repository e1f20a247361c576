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

    /// Each element type writes its arrays with its own loop (``SQLEncodable/sqlArrayText(_:)``):
    /// the same text as quoting and escaping every element's `sqlText()` in turn.
    @Test func anArrayIsEveryElementQuotedAndEscapedInTurn() throws {
        func expected(_ texts: [String?]) -> String {
            let elements = texts.map { text in
                text.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" } ?? "NULL"
            }
            return "{" + elements.joined(separator: ",") + "}"
        }
        let strings = ["plain", "", "a \"quoted\" \\ back\\slash", "\"", "\\", "é 👍🏽 한국어", "NULL", "{,}", "\"\"\\"]
        #expect(try strings.sqlText() == expected(strings))
        #expect(try ([] as [String]).sqlText() == "{}")
        let optionals: [String?] = [nil, "x\"y", nil, "", "\\"]
        #expect(try optionals.sqlText() == expected(optionals))
        #expect(try ([nil] as [Int?]).sqlText() == "{NULL}")
        let numbers: [Int?] = [1, nil, -42, Int.max]
        #expect(try numbers.sqlText() == expected(try numbers.map { try $0.sqlText() }))
        let ids = [UUID(), UUID()]
        #expect(try ids.sqlText() == expected(try ids.map { try $0.sqlText() }))
        let dates: [Date?] = [Date(timeIntervalSince1970: 1_780_000_000.123456), nil]
        #expect(try dates.sqlText() == expected(try dates.map { try $0.sqlText() }))
        let flags: [Bool?] = [true, nil, false]
        #expect(try flags.sqlText() == "{\"true\",NULL,\"false\"}")
        let nested: [String??] = [.some(nil), "a\"", nil]
        #expect(try nested.sqlText() == expected([nil, "a\"", nil]))
        let inner: [[String]] = [["a"], ["b\"c"]]
        #expect(try inner.sqlText() == expected(try inner.map { try $0.sqlText() }))
        // A NUL in any element still refuses the whole parameter.
        #expect(throws: PQError.self) { try ["ok", "a\u{0}b"].sqlText() }
        #expect(throws: PQError.self) { try (["ok", "a\u{0}b"] as [String?]).sqlText() }
    }

    @Test func aCopyStatementReadsItsParametersFromSettings() throws {
        let query: SQLQuery = "SELECT \(7)::int, \("x")::text"
        let copy = try query.copyStatement()
        #expect(copy.select == "SELECT current_setting('pq.copy_1')::int, current_setting('pq.copy_2')::text")
        #expect(copy.settings == ["7", "x"])
    }
}
