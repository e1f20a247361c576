import Crypto
import DebriefSQL
import Logging
import PQ

/// Applies the numbered SQL files in order, each in its own transaction.
///
/// Applied files are recorded with their SHA-256 in `schema_migrations`. A session-level advisory
/// lock makes concurrent runs (two instances starting at once) take turns: the second finds
/// nothing left to do.
public struct Migrator: Sendable {
    public enum Failure: Error, CustomStringConvertible {
        /// An applied file's text differs from this build's copy.
        case changedAfterApply(name: String)
        /// The database has a migration this build does not know (a newer build migrated it).
        case unknownApplied(version: Int, name: String)

        public var description: String {
            switch self {
            case .changedAfterApply(let name):
                return "migration \(name) was changed after it was applied; add a new migration instead"
            case .unknownApplied(let version, let name):
                return "the database has migration \(version) (\(name)) that this build does not know; run a newer build"
            }
        }
    }

    /// An arbitrary constant that names Debrief's migration lock among advisory locks.
    static let lockKey: Int64 = 0x0DEB_21EF

    private let database: Database
    private let files: [MigrationFile]
    private let logger: Logger

    public init(database: Database, files: [MigrationFile], logger: Logger) {
        self.database = database
        self.files = files
        self.logger = logger
    }

    /// Applies every pending migration; returns the names applied (empty when up to date).
    @discardableResult
    public func migrate() async throws -> [String] {
        try await self.database.withConnection { connection in
            try await connection.execute("SELECT pg_advisory_lock(\(Self.lockKey))")
            do {
                let applied = try await self.applyPending(on: connection)
                try await connection.execute("SELECT pg_advisory_unlock(\(Self.lockKey))")
                return applied
            } catch {
                // If the connection broke, the server released the lock with the session.
                _ = try? await connection.execute("SELECT pg_advisory_unlock(\(Self.lockKey))")
                throw error
            }
        }
    }

    private func applyPending(on connection: Connection) async throws -> [String] {
        try await connection.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    integer PRIMARY KEY,
                name       text NOT NULL,
                checksum   text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
        var applied: [Int: (name: String, checksum: String)] = [:]
        for row in try await connection.query("SELECT version, name, checksum FROM schema_migrations") {
            applied[try row.decode("version")] = (try row.decode("name"), try row.decode("checksum"))
        }
        let known = Dictionary(uniqueKeysWithValues: self.files.map { ($0.version, $0) })
        for (version, record) in applied.sorted(by: { $0.key < $1.key }) {
            guard let file = known[version] else {
                throw Failure.unknownApplied(version: version, name: record.name)
            }
            guard Self.checksum(file.sql) == record.checksum else {
                throw Failure.changedAfterApply(name: file.name)
            }
        }
        var newlyApplied: [String] = []
        for file in self.files where applied[file.version] == nil {
            self.logger.info("applying migration", metadata: ["migration": "\(file.name)"])
            try await connection.execute("BEGIN")
            do {
                try await connection.executeScript(unsafeSQL: file.sql)
                try await connection.execute(
                    """
                    INSERT INTO schema_migrations (version, name, checksum)
                    VALUES (\(file.version), \(file.name), \(Self.checksum(file.sql)))
                    """)
                try await connection.execute("COMMIT")
            } catch {
                _ = try? await connection.execute("ROLLBACK")
                throw error
            }
            newlyApplied.append(file.name)
        }
        return newlyApplied
    }

    static func checksum(_ sql: String) -> String {
        SHA256.hash(data: Array(sql.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
