import Debrief
import DebriefExport
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("Export streaming")
struct ExportStreamingTests {
    @Test func bigExportsStreamInChunksWithFlatMemory() async throws {
        let database = try await TestDatabase.createMigrated(maxConnections: 2)
        let meeting = try await LoadData.seed(database, responses: 80_000)
        let store = Exporter(exports: ExportStore(database: database), results: ResultsStore(database: database))
        let export = try await store.prepare(ExportRequest(target: .meeting(meeting), layout: .answers(.all)), visibleTo: .service)
        let before = ProcessMemory.residentBytes()
        var bytes = 0
        var chunks = 0
        var largest = 0
        var lines = 0
        try await store.write(export) { chunk in
            chunks += 1
            bytes += chunk.count
            largest = max(largest, chunk.count)
            lines += chunk.lineFeedCount
        }
        let growth = ProcessMemory.residentBytes() - before
        // 480,000 answer rows and a quoted line break in each response's notes: about 106 MB.
        #expect(lines == 1 + 480_000 + 80_000)
        #expect(bytes > 80_000_000)
        #expect(chunks > 800)
        #expect(largest < 128 * 1024)
        // The process must not have kept what went through. The bound is half of it because the
        // other suites run in this process at the same time and grow it too.
        #expect(growth < bytes / 2, "resident memory grew by \(growth) bytes")

        // The wide layout too: one row (and one line break inside the notes) per response.
        let wide = try await store.prepare(ExportRequest(target: .meeting(meeting), layout: .responses(.all)), visibleTo: .service)
        var wideLines = 0
        try await store.write(wide) { wideLines += $0.lineFeedCount }
        #expect(wideLines == 1 + 2 * 80_000)

        // The connection went back to the pool with its statement timeout restored.
        let timeout = try await database.query("SHOW statement_timeout").first?.decode("statement_timeout", as: String.self)
        #expect(timeout == "5min")
        await database.shutdown()
    }
}
