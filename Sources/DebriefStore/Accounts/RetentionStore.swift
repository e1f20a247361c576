import Foundation
import PQ

/// Data retention: purges the responses of hosts who set `response_retention_months`
/// (SQL/0024) once they are older than that.
///
/// A purge is a plain `DELETE`: the tally triggers of SQL/0004 queue the negative deltas of the
/// responses and of their answers (deleted by the foreign key's cascade), so results stay exact
/// before and after the next fold (docs/decisions/0003-result-tallies-and-deltas.md). Check-ins
/// are attendance, not responses, and stay.
public struct RetentionStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The most responses one statement deletes: short transactions, short locks.
    public static let batchSize = 1000

    /// Deletes every expired response, `batchSize` at a time, and returns how many.
    public func purgeExpired() async throws -> Int {
        var total = 0
        while true {
            let purged: Int = try await self.database.query(
                """
                WITH expired AS (
                    SELECT r.id FROM responses r
                    JOIN forms f ON f.id = r.form_id
                    JOIN meetings m ON m.id = f.meeting_id
                    JOIN accounts a ON a.id = m.host_id
                    WHERE a.response_retention_months IS NOT NULL
                      AND r.submitted_at < now() - make_interval(months => a.response_retention_months)
                    LIMIT \(Self.batchSize)
                    FOR UPDATE OF r SKIP LOCKED
                ), gone AS (
                    DELETE FROM responses r USING expired e WHERE r.id = e.id RETURNING 1
                )
                SELECT count(*)::int AS n FROM gone
                """
            ).single().decode("n")
            total += purged
            if purged < Self.batchSize { return total }
        }
    }
}
