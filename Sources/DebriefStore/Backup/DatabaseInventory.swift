import Foundation
import PQ

/// What a backup holds, written beside the dump as its manifest and checked after a restore: the
/// newest applied migration and the exact row count of every table.
public struct DatabaseInventory: Codable, Sendable, Equatable {
    public var migrationVersion: Int
    /// Table name → rows, for every table of the `public` schema.
    public var tables: [String: Int]

    public init(migrationVersion: Int, tables: [String: Int]) {
        self.migrationVersion = migrationVersion
        self.tables = tables
    }

    /// What differs between `self` (the manifest) and `restored`, one line each; empty when equal.
    public func differences(from restored: DatabaseInventory) -> [String] {
        var lines: [String] = []
        if restored.migrationVersion != self.migrationVersion {
            lines.append("migration version \(restored.migrationVersion), the backup has \(self.migrationVersion)")
        }
        for name in Set(self.tables.keys).union(restored.tables.keys).sorted() {
            let expected = self.tables[name].map(String.init) ?? "no table"
            let found = restored.tables[name].map(String.init) ?? "no table"
            if expected != found { lines.append("\(name): \(found) rows, the backup has \(expected)") }
        }
        return lines
    }
}

/// The SQL of backups and restores (the programs themselves run in the executable).
public struct BackupStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Opens a read-only repeatable-read transaction, exports its snapshot and counts its rows,
    /// then runs `body` with the snapshot's id (for `pg_dump --snapshot`) and the counts while the
    /// transaction holds the snapshot: the dump and its manifest see exactly the same rows, however
    /// busy the server is.
    public func withSnapshot<Value: Sendable>(
        _ body: @Sendable (_ snapshot: String, _ inventory: DatabaseInventory) async throws -> Value
    ) async throws -> Value {
        try await self.database.withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let snapshot: String = try await connection.query("SELECT pg_export_snapshot() AS s").single().decode("s")
            let inventory = try await Self.inventory(on: connection)
            return try await body(snapshot, inventory)
        }
    }

    /// The inventory as the database holds it now.
    public func inventory() async throws -> DatabaseInventory {
        try await self.database.withConnection { try await Self.inventory(on: $0) }
    }

    /// How many Debrief instances beat within the last `seconds` (`instance_heartbeats`, record
    /// 30): a restore that replaces the data under a serving instance loses what it accepts
    /// meanwhile. Zero on a database without the table (a new one).
    public func servingInstances(within seconds: Int) async throws -> Int {
        try await self.database.withConnection { connection in
            let hasTable: Bool = try await connection.query(
                "SELECT to_regclass('public.instance_heartbeats') IS NOT NULL AS t").single().decode("t")
            guard hasTable else { return 0 }
            return try await connection.query(
                "SELECT count(*)::int AS n FROM instance_heartbeats WHERE seen_at > now() - make_interval(secs => \(seconds))"
            ).single().decode("n")
        }
    }

    /// Whether the database holds no table yet (a new one, the only kind a plain restore fills).
    public func isEmpty() async throws -> Bool {
        try await self.database.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' LIMIT 1").isEmpty
    }

    private static func inventory(on connection: Connection) async throws -> DatabaseInventory {
        // Each table's count(*) through query_to_xml, so the table names (from the catalog, quoted
        // by format's %I) never pass through Swift as SQL text.
        let rows = try await connection.query(
            """
            SELECT tablename AS name,
                (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM public.%I', tablename), false, true, '')))[1]::text::bigint AS n
            FROM pg_tables WHERE schemaname = 'public'
            """)
        var tables: [String: Int] = [:]
        for row in rows { tables[try row.decode("name")] = try row.decode("n") }
        let version: Int? = tables["schema_migrations"] == nil
            ? nil : try await connection.query("SELECT max(version) AS v FROM schema_migrations").single().decode("v")
        return DatabaseInventory(migrationVersion: version ?? 0, tables: tables)
    }
}
