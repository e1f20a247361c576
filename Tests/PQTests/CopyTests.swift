import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("COPY TO STDOUT streaming")
struct CopyTests {
    @Test func copyStreamsRowsInChunksWithFlatMemory() async throws {
        let database = try await TestDatabase.createMigrated(maxConnections: 1)
        let padding = String(repeating: "x", count: 400)
        let rssBefore = residentMemoryBytes()
        var rows = 0
        var bytes = 0
        var chunks = 0
        var largestChunk = 0
        var lastLine = ""
        _ = try await database.withConnection { connection in
            try await connection.copyOut(
                "SELECT n, \(padding)::text AS pad FROM generate_series(1, \(400_000)::int) AS n ORDER BY n"
            ) { chunk in
                chunks += 1
                bytes += chunk.count
                largestChunk = max(largestChunk, chunk.count)
                rows += chunk.lazy.filter { $0 == 0x0A }.count
                if let end = chunk.dropLast().lastIndex(of: 0x0A) {
                    lastLine = String(decoding: chunk[(end + 1)...].dropLast(), as: UTF8.self)
                }
            }
        }
        let rssGrowth = residentMemoryBytes() - rssBefore
        #expect(rows == 400_000)
        #expect(bytes > 160_000_000)
        #expect(chunks > 1000)
        #expect(largestChunk < 128 * 1024)
        #expect(lastLine == "400000,\(padding)")
        // 160 MB went through; the process must not have kept it. The bound is half of that
        // because the other suites run in this process at the same time and grow it too.
        #expect(rssGrowth < bytes / 2, "resident memory grew by \(rssGrowth) bytes")
        await database.shutdown()
    }

    @Test func copyQuotesCSVAndBindsParameters() async throws {
        let database = try await TestDatabase.createMigrated(maxConnections: 1)
        let tricky = "say \"hi\", then\nleave"
        var output: [UInt8] = []
        try await database.withConnection { connection in
            try await connection.copyOut("SELECT \(tricky)::text AS t, \(7)::int AS n") { output += $0 }
            // The connection is clean afterwards.
            let row = try #require(try await connection.query("SELECT 1 AS one").first)
            #expect(try row.decode("one", as: Int.self) == 1)
        }
        #expect(String(decoding: output, as: UTF8.self) == "\"say \"\"hi\"\", then\nleave\",7\n")
        await database.shutdown()
    }
}

/// The process's resident set size, from `/proc/self/statm`.
func residentMemoryBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
