import Foundation
import PQ

/// Retention of the `Idempotency-Key` records that make retried submissions safe.
///
/// A retry comes seconds or minutes after the first attempt (a phone that lost the network, a
/// double tap); a record kept for days covers every realistic retry. After that the key is
/// forgotten and the same key would be a new submission, as the IETF draft allows ("expiry").
public struct IdempotencyKeys: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Deletes records older than `retention`, at most `batch` per statement so a large backlog
    /// never holds long locks; returns how many it deleted.
    @discardableResult
    public func purge(olderThan retention: Duration, batch: Int = 10_000) async throws -> Int {
        let cutoff = Date().addingTimeInterval(-Double(retention.components.seconds))
        var deleted = 0
        while true {
            let rows = try await self.database.query(
                """
                WITH old AS (
                    SELECT form_id, key FROM idempotency_keys WHERE created_at < \(cutoff) LIMIT \(batch)
                ), gone AS (
                    DELETE FROM idempotency_keys k USING old WHERE k.form_id = old.form_id AND k.key = old.key RETURNING 1
                )
                SELECT count(*) AS n FROM gone
                """)
            let count: Int = try rows.first?.decode("n") ?? 0
            deleted += count
            if count < batch { return deleted }
        }
    }
}
