import Foundation
import PQ

/// One `COPY` another session runs in this database right now, as `pg_stat_progress_copy`
/// (PostgreSQL 14 and later) shows it: `pg_dump` reads each table's rows with one, `pg_restore`
/// writes them back with one. `debrief backup` and `restore` add them up for their progress line.
public struct RunningCopy: Sendable, Equatable {
    /// The table's oid (in a restore, of a table its uncommitted transaction created).
    public var relation: Int64
    /// Rows the `COPY` has read or written so far.
    public var rows: Int
    /// Bytes of COPY data it has sent or received so far.
    public var bytes: Int

    public init(relation: Int64, rows: Int, bytes: Int) {
        self.relation = relation
        self.rows = rows
        self.bytes = bytes
    }
}

extension BackupStore {
    /// The `COPY`s of other sessions in this database, now. Throws on a server older than 14,
    /// which has no such view (the caller then shows bytes only).
    public func runningCopies() async throws -> [RunningCopy] {
        let rows = try await self.database.query(
            """
            SELECT relid::int8 AS relation, tuples_processed AS n, bytes_processed AS bytes
            FROM pg_stat_progress_copy
            WHERE datid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND pid <> pg_backend_pid()
            """)
        return try rows.map { RunningCopy(relation: try $0.decode("relation"), rows: try $0.decode("n"), bytes: try $0.decode("bytes")) }
    }
}
