@testable import DebriefStore
import DebriefTestSupport
import PQ
import Testing

/// An export's statements run with no statement timeout and no JIT compilation
/// (``ExportStore/streaming(_:)``), and the connection goes back to the pool with the session's
/// own settings, whether the export ended or failed.
@Suite("Export: the session's settings while rows are read, and after")
struct ExportSessionSettingsTests {
    static func settings(_ connection: Connection) async throws -> [String] {
        let row = try await connection.query("SELECT current_setting('jit') AS jit, current_setting('statement_timeout') AS timeout").first
        return [try row?.decode("jit") ?? "", try row?.decode("timeout") ?? ""]
    }

    @Test func anExportReadsWithoutTimeoutOrJITAndGivesTheConnectionBackAsItWas() async throws {
        // One connection: the export's is the one read before and after.
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let before = try await database.withConnection { try await Self.settings($0) }
            #expect(before[0] != "off" && before[1] != "0")
            let store = ExportStore(database: database)
            var during: [String] = []
            try await store.streaming { during = try await Self.settings($0) }
            #expect(during == ["off", "0"])
            #expect(try await database.withConnection { try await Self.settings($0) } == before)

            struct Failed: Error {}
            await #expect(throws: Failed.self) { try await store.streaming { _ in throw Failed() } }
            #expect(try await database.withConnection { try await Self.settings($0) } == before)
        }
    }
}
