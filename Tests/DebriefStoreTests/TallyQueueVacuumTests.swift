@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Every report reads the queue of unfolded deltas, dead rows included until a vacuum; the fold
/// vacuums it every `vacuumEvery` rows, so the queue a report reads does not grow with the
/// responses a live session has received (issue 37).
@Suite("Result tallies: the fold keeps its queue small")
struct TallyQueueVacuumTests {
    /// Pages of the queue after 40 folds of 500 rows each (20,000 rows that lived and died).
    static func pagesAfterFolding(vacuumEvery: Int) async throws -> (pages: Int, vacuums: Int) {
        try await TestDatabase.withMigrated { database in
            let tallies = ResultTallies(database: database, vacuumEvery: vacuumEvery)
            for _ in 0..<40 {
                // Deltas of no form: the fold deletes them as it deletes every delta it folds.
                try await database.execute(
                    "INSERT INTO result_tally_deltas SELECT gen_random_uuid(), '', 'responses', '', 1 FROM generate_series(1, 500)")
                #expect(try await tallies.fold() == 500)
            }
            let row = try await database.query(
                """
                SELECT (pg_relation_size('result_tally_deltas') / current_setting('block_size')::int)::bigint AS pages,
                       pg_stat_get_vacuum_count('result_tally_deltas'::regclass) AS vacuums
                """
            ).single()
            return (try row.decode("pages"), try row.decode("vacuums"))
        }
    }

    @Test func theFoldVacuumsItsQueueSoDeadRowsDoNotPileUp() async throws {
        let (pages, vacuums) = try await Self.pagesAfterFolding(vacuumEvery: 1_000)
        // 20 vacuums are due; one skipped because autovacuum held the table is no failure.
        #expect(vacuums >= 10)
        // 20,000 dead rows fill some 160 pages; vacuumed every 1,000 the queue reuses its first dozen.
        #expect(pages <= 30)
    }
}
