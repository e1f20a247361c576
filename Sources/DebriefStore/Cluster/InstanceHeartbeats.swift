import Foundation
import PQ

/// The `instance_heartbeats` table: which Debrief instances are running now.
public struct InstanceHeartbeats: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Records that `instance` is alive and returns how many instances are (this one included):
    /// those that beat within `window`. Rows silent for a minute are removed on the way.
    public func beat(instance: UUID, window: Duration) async throws -> Int {
        let seconds = Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18
        return try await self.database.withTransaction { connection in
            try await connection.execute("""
                INSERT INTO instance_heartbeats (instance_id, seen_at) VALUES (\(instance), now())
                ON CONFLICT (instance_id) DO UPDATE SET seen_at = excluded.seen_at
                """)
            try await connection.execute("DELETE FROM instance_heartbeats WHERE seen_at < now() - interval '1 minute'")
            let others: Int = try await connection.query("""
                SELECT count(*)::int AS others FROM instance_heartbeats
                WHERE instance_id <> \(instance) AND seen_at > now() - make_interval(secs => \(seconds))
                """).single().decode("others")
            return others + 1
        }
    }

    /// Removes `instance` at a graceful stop, so the others take over its share at once.
    public func leave(instance: UUID) async throws {
        try await self.database.execute("DELETE FROM instance_heartbeats WHERE instance_id = \(instance)")
    }
}
