import Debrief
import DebriefExport
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("Export streaming")
struct ExportStreamingTests {
    @Test func bigExportsStreamInBoundedChunksWhileTheRowsArrive() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let meeting = try await LoadData.seed(database, responses: 80_000)
            let store = Exporter(exports: ExportStore(database: database), results: ResultsStore(database: database))
            let export = try await store.prepare(ExportRequest(target: .meeting(meeting), layout: .answers(.all)), visibleTo: .service)
            var bytes = 0
            var chunks = 0
            var largest = 0
            var lines = 0
            var sendingMidway: Int?
            try await store.write(export) { chunk in
                if chunks == 100 {
                    // The database is still sending the export's rows when its hundredth chunk (of
                    // 800 and more) reaches the sink: the file is streamed as it is read, never built
                    // whole first, so what the process holds is a chunk, whatever the size. (Counted
                    // on the test's own database, so no other suite's work is in it; the process's
                    // memory is not, as every suite running beside this one grows it.)
                    sendingMidway = try await database.query(
                        """
                        SELECT count(*)::int AS n FROM pg_stat_activity
                        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
                        """
                    ).first?.decode("n", as: Int.self)
                }
                chunks += 1
                bytes += chunk.count
                largest = max(largest, chunk.count)
                lines += chunk.lineFeedCount
            }
            // 480,000 answer rows and a quoted line break in each response's notes: about 106 MB,
            // in chunks of a bounded size, sent while the rows were still coming.
            #expect(lines == 1 + 480_000 + 80_000)
            #expect(bytes > 80_000_000)
            #expect(chunks > 800)
            #expect(largest < 128 * 1024)
            #expect(sendingMidway == 1, "the export's query had finished before its hundredth chunk")

            // The wide layout too: one row (and one line break inside the notes) per response.
            let wide = try await store.prepare(ExportRequest(target: .meeting(meeting), layout: .responses(.all)), visibleTo: .service)
            var wideLines = 0
            try await store.write(wide) { wideLines += $0.lineFeedCount }
            #expect(wideLines == 1 + 2 * 80_000)

            // The connection went back to the pool with its statement timeout restored.
            let timeout = try await database.query("SHOW statement_timeout").first?.decode("statement_timeout", as: String.self)
            #expect(timeout == "5min")
        }
    }
}
