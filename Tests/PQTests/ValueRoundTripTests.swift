import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("Values travel to PostgreSQL and back unchanged")
struct ValueRoundTripTests {
    struct Payload: Codable, Equatable, Sendable {
        var name: String
        var scores: [Int]
        var at: Date
    }

    @Test func scalarTypesRoundTrip() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let id = UUID()
            let when = Date(timeIntervalSince1970: 1_763_830_186.123456)
            let row = try #require(
                try await database.query(
                    """
                    SELECT \(true)::bool AS flag, \(Int.max)::int8 AS big, \(Int64.min)::int8 AS small,
                           \(Int32(-7))::int4 AS int32, \(0.1)::float8 AS ratio, \(id)::uuid AS id,
                           \(when)::timestamptz AS at, \("회의 피드백 👍🏽 é")::text AS text
                    """
                ).first)
            #expect(try row.decode("flag", as: Bool.self) == true)
            #expect(try row.decode("big", as: Int.self) == Int.max)
            #expect(try row.decode("small", as: Int64.self) == Int64.min)
            #expect(try row.decode("int32", as: Int32.self) == -7)
            #expect(try row.decode("ratio", as: Double.self) == 0.1)
            #expect(try row.decode("id", as: UUID.self) == id)
            let at = try row.decode("at", as: Date.self)
            #expect(abs(at.timeIntervalSince1970 - when.timeIntervalSince1970) < 0.000_001)
            #expect(try row.decode("text", as: String.self) == "회의 피드백 👍🏽 é")
        }
    }

    @Test func nullsDecodeAsNilAndRefuseNonOptionalTypes() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let missing: Int? = nil
            let row = try #require(try await database.query("SELECT \(missing)::int8 AS value, NULL::text AS text").first)
            #expect(try row.decode("value", as: Int?.self) == nil)
            #expect(try row.decode("text", as: String?.self) == nil)
            #expect(row.isNull("value"))
            let error = #expect(throws: PQError.self) { try row.decode("value", as: Int.self) }
            #expect(error?.code == .decoding)
        }
    }

    /// An optional interpolated into a query binds its value, or SQL NULL for nil, through the
    /// `Optional` overload of `appendInterpolation` (the one that keeps the compiler from warning
    /// about a debug description): never text like `Optional("kept")` or `nil`.
    @Test func optionalsBindTheirValueOrNull() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let present: String? = "kept"
            let absent: String? = nil
            let id: UUID? = UUID()
            let noID: UUID? = nil
            let noDate: Date? = nil
            let nested: Int?? = .some(nil)
            let query: SQLQuery = """
                SELECT \(present)::text AS present, \(absent)::text IS NULL AS absent_null, \(id)::uuid AS id,
                       \(noID)::uuid IS NULL AS id_null, \(noDate)::timestamptz IS NULL AS date_null,
                       \(nested)::int8 IS NULL AS nested_null, \(Optional(7))::int8 AS seven
                """
            #expect(query.sql.contains("$7") && !query.sql.contains("Optional") && !query.sql.contains("nil"))
            let row = try #require(try await database.query(query).first)
            #expect(try row.decode("present", as: String.self) == "kept")
            #expect(try row.decode("absent_null", as: Bool.self))
            #expect(try row.decode("id", as: UUID.self) == id)
            #expect(try row.decode("id_null", as: Bool.self))
            #expect(try row.decode("date_null", as: Bool.self))
            #expect(try row.decode("nested_null", as: Bool.self))
            #expect(try row.decode("seven", as: Int.self) == 7)
        }
    }

    @Test func specialDoublesAndArraysRoundTrip() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let names = ["plain", "with \"quotes\"", "back\\slash", "comma, too", "한국어 🗓️ \"\\"]
            let row = try #require(
                try await database.query(
                    """
                    SELECT \(Double.infinity)::float8 AS inf, \(-Double.infinity)::float8 AS negative,
                           \(Double.nan)::float8 AS nan, array_length(\(names)::text[], 1) AS count,
                           (\(names)::text[])[2] AS second, (\(names)::text[])[3] AS third, (\(names)::text[])[5] AS fifth
                    """
                ).first)
            #expect(try row.decode("inf", as: Double.self) == .infinity)
            #expect(try row.decode("negative", as: Double.self) == -.infinity)
            #expect(try row.decode("nan", as: Double.self).isNaN)
            #expect(try row.decode("count", as: Int.self) == names.count)
            #expect(try row.decode("second", as: String.self) == "with \"quotes\"")
            #expect(try row.decode("third", as: String.self) == "back\\slash")
            #expect(try row.decode("fifth", as: String.self) == "한국어 🗓️ \"\\")
        }
    }

    @Test func jsonRoundTripsThroughJSONB() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let payload = Payload(name: "주간 회의 🗓️", scores: [1, 5, 10], at: Date(timeIntervalSince1970: 1_700_000_000.5))
            let row = try #require(try await database.query("SELECT \(SQLJSON(payload))::jsonb AS body").first)
            #expect(try row.decode("body", as: SQLJSON<Payload>.self).value == payload)
        }
    }

    @Test func oneMegabyteTextRoundTrips() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let big = String(repeating: "가나다라마바사 emoji 🎉 ", count: 1_048_576 / 33 + 1)
            let row = try #require(try await database.query("SELECT \(big)::text AS big, octet_length(\(big)::text) AS bytes").first)
            #expect(try row.decode("big", as: String.self) == big)
            #expect(try row.decode("bytes", as: Int.self) == big.utf8.count)
            #expect(big.utf8.count > 1_000_000)
        }
    }

    @Test func nulByteIsRefusedBeforeReachingTheServer() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let error = await #expect(throws: PQError.self) {
                try await database.query("SELECT \("before\u{0}after")::text AS value")
            }
            #expect(error?.code == .invalidParameter)
            #expect(error?.description.contains("NUL") == true)
            struct Note: Codable, Sendable { var text: String }
            let jsonError = await #expect(throws: PQError.self) {
                try await database.query("SELECT \(SQLJSON(Note(text: "a\u{0}b")))::jsonb AS value")
            }
            #expect(jsonError?.code == .invalidParameter)
        }
    }

    @Test func interpolatedValuesCannotChangeTheStatement() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let hostile = "'; DROP TABLE schema_migrations; --"
            let row = try #require(try await database.query("SELECT \(hostile)::text AS value").first)
            #expect(try row.decode("value", as: String.self) == hostile)
            let count = try #require(try await database.query("SELECT count(*) AS n FROM schema_migrations").first)
            #expect(try count.decode("n", as: Int.self) > 0)
        }
    }
}
