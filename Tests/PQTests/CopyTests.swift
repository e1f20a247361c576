import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("COPY TO STDOUT streaming")
struct CopyTests {
    /// The rows reach the consumer while the server is still producing them: the wrapper keeps
    /// one chunk, never the result. Told by counts, not by the process's memory (other suites
    /// run in this process and grow it): at the twentieth chunk a second connection still sees
    /// the COPY under way, which it could not if the whole 160 MB had been read before the
    /// first chunk was handed on (the kernel's socket buffers hold a few MB at most).
    @Test func copyStreamsRowsInChunksWhileTheServerProducesThem() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let padding = String(repeating: "x", count: 400)
            var rows = 0
            var bytes = 0
            var chunks = 0
            var largestChunk = 0
            var lastLine = ""
            var processedAtTheTwentiethChunk: Int?
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
                    if chunks == 20 {
                        processedAtTheTwentiethChunk = try await database.withConnection { other in
                            try await other.query("SELECT tuples_processed FROM pg_stat_progress_copy")
                                .first?.decode("tuples_processed", as: Int.self)
                        }
                    }
                }
            }
            #expect(rows == 400_000)
            #expect(bytes > 160_000_000)
            #expect(chunks > 1000)
            #expect(largestChunk < 128 * 1024)
            #expect(lastLine == "400000,\(padding)")
            let processed = try #require(processedAtTheTwentiethChunk, "the COPY had ended before the twentieth chunk")
            #expect(processed < 400_000)
        }
    }

    @Test func copyQuotesCSVAndBindsParameters() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let tricky = "say \"hi\", then\nleave"
            var output: [UInt8] = []
            try await database.withConnection { connection in
                try await connection.copyOut("SELECT \(tricky)::text AS t, \(7)::int AS n") { output += $0 }
                // The connection is clean afterwards.
                let row = try #require(try await connection.query("SELECT 1 AS one").first)
                #expect(try row.decode("one", as: Int.self) == 1)
            }
            #expect(String(decoding: output, as: UTF8.self) == "\"say \"\"hi\"\", then\nleave\",7\n")
        }
    }
}
