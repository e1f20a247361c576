import Debrief
import DebriefExport
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// A large export read over several connections, one range of submission time each
/// (docs/decisions/0072-parallel-export.md): the file is byte for byte the single `COPY`'s,
/// whatever the layout, the window and the ties in submission time.
@Suite("Export over parallel ranges")
struct ExportParallelTests {
    static func file(_ exporter: Exporter, _ request: ExportRequest) async throws -> [UInt8] {
        let export = try await exporter.prepare(request, visibleTo: .service)
        var bytes: [UInt8] = []
        try await exporter.write(export) { bytes += $0 }
        return bytes
    }

    @Test func rangesWriteTheSameBytesAsOneCopy() async throws {
        try await TestDatabase.withMigrated(maxConnections: 6) { database in
            let meeting = try await LoadData.seed(database, responses: 3_000)
            // Ranges split a named form's export; an anonymous form's stays one COPY (below).
            try await database.execute(
                "UPDATE forms SET definition = jsonb_set(definition, '{anonymous}', 'false') WHERE meeting_id = \(meeting)::uuid")
            // Ties: a third of the responses share one moment, so a quantile falls inside a tie.
            try await database.execute(
                """
                UPDATE responses SET submitted_at = date_trunc('second', submitted_at)
                WHERE form_id IN (SELECT id FROM forms WHERE meeting_id = \(meeting)::uuid)
                  AND id IN (SELECT id FROM responses ORDER BY submitted_at LIMIT 1000)
                """)
            let results = ResultsStore(database: database)
            let single = Exporter(exports: ExportStore(database: database), results: results)
            let parallel = Exporter(
                exports: ExportStore(database: database, parallelism: ExportParallelism(connections: 4, minimumResponsesPerRange: 100)),
                results: results)
            let times = try await database.query(
                "SELECT min(submitted_at) AS first, max(submitted_at) AS last FROM responses r JOIN forms f ON f.id = r.form_id WHERE f.meeting_id = \(meeting)::uuid"
            ).first
            let first: Date = try #require(try times?.decode("first"))
            let last: Date = try #require(try times?.decode("last"))
            let window = try #require(SubmissionWindow(since: first.addingTimeInterval(0.5), until: last.addingTimeInterval(-0.7)))
            for layout in [ExportLayout.responses(.all), .answers(.all), .responses(window), .answers(window)] {
                let request = ExportRequest(target: .meeting(meeting), layout: layout)
                let expected = try await Self.file(single, request)
                let got = try await Self.file(parallel, request)
                #expect(got.count == expected.count && got == expected, "\(layout): \(got.count) bytes, one COPY wrote \(expected.count)")
                #expect(expected.count > 100_000, "\(layout): the export is not trivially small")
            }

            // The ranges really were several, and cover each response exactly once.
            let export = try await single.prepare(ExportRequest(target: .meeting(meeting), layout: .responses(.all)), visibleTo: .service)
            let ranges = try await database.withConnection { connection in
                try await SubmissionRange.ranges(4, meetings: export.meetings, privacy: ExportPrivacy([]), window: .all, on: connection)
            }
            #expect(ranges.count >= 3 && ranges.first?.from == nil && ranges.last?.to == nil)
            // Ranges follow submission time, which an anonymous form's export never shows (decision 81).
            try await database.execute(
                "UPDATE forms SET definition = jsonb_set(definition, '{anonymous}', 'true') WHERE meeting_id = \(meeting)::uuid")
            let anonymous = try await database.withConnection { connection in
                try await SubmissionRange.ranges(4, meetings: export.meetings, privacy: ExportPrivacy([]), window: .all, on: connection)
            }
            #expect(anonymous == [.all])
            try await database.execute(
                "UPDATE forms SET definition = jsonb_set(definition, '{anonymous}', 'false') WHERE meeting_id = \(meeting)::uuid")
            var total = 0
            for range in ranges {
                total += try await database.query(
                    "SELECT count(*) AS n FROM responses r JOIN forms f ON f.id = r.form_id WHERE f.meeting_id = \(meeting)::uuid" + range.sql
                ).first?.decode("n") ?? -1
            }
            #expect(total == 3_000)
        }
    }

    @Test func smallExportsStayOneCopy() {
        let parallelism = ExportParallelism(connections: 4, minimumResponsesPerRange: 20_000)
        #expect(parallelism.rangeCount(responses: 0) == 1)
        #expect(parallelism.rangeCount(responses: 39_999) == 1)
        #expect(parallelism.rangeCount(responses: 60_000) == 3)
        #expect(parallelism.rangeCount(responses: 10_000_000) == 4)
        #expect(ExportParallelism(connections: 99).connections == ExportParallelism.maximumConnections)
        #expect(SubmissionRange.split(at: ["a", "b"]) == [.init(from: nil, to: "a"), .init(from: "a", to: "b"), .init(from: "b", to: nil)])
    }
}
