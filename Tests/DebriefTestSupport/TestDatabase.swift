import DebriefSQL
import DebriefStore
import Foundation
import Logging
import PQ

/// Fresh, uniquely named databases on the throwaway server that `scripts/test` starts.
///
/// Each test suite gets its own database, so suites run in parallel without seeing each other's
/// rows (the server and its data folder are deleted when the test command ends).
public enum TestDatabase {
    /// The superuser URL of the test server (`DEBRIEF_TEST_DATABASE_URL`, set by `scripts/test`).
    public static var adminURL: String {
        ProcessInfo.processInfo.environment["DEBRIEF_TEST_DATABASE_URL"]
            ?? "postgresql://postgres@127.0.0.1:5432/postgres"
    }

    public static let logger: Logger = {
        var logger = Logger(label: "debrief.tests")
        logger.logLevel = .warning
        return logger
    }()

    /// Creates an empty database (or a copy of `template`) and returns its URL. The database's
    /// comment names the test file and line that made it, so a database left on the cluster
    /// after its test says which test to mend (`\l+` in psql, or `shobj_description`).
    public static func createEmpty(
        template: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) async throws -> String {
        _ = PoolWatch.started
        let name = "debrief_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        // No statement timeout: the suites create their databases all at once, and on a small,
        // busy machine CREATE DATABASE can queue behind the others for longer than 30 s.
        let admin = Database(
            configuration: DatabaseConfiguration(
                url: self.adminURL, maxConnections: 1, acquireTimeout: .seconds(60), statementTimeout: nil),
            logger: self.logger)
        do {
            // Safe: the names are built from a UUID's hex digits and ``migratedTemplate()``'s.
            let copy = template.map { " TEMPLATE \($0)" } ?? ""
            try await admin.execute(SQLQuery(unsafeSQL: "CREATE DATABASE \(name)\(copy)"))
            // Safe: a file ID is the module's and the file's names, checked to hold no quote.
            let creator = "\(file):\(line)"
            if !creator.contains("'") {
                try await admin.execute(SQLQuery(unsafeSQL: "COMMENT ON DATABASE \(name) IS '\(creator)'"))
            }
        } catch {
            await admin.shutdown()
            throw error
        }
        await admin.shutdown()
        return self.url(forDatabase: name)
    }

    /// Creates a database with every migration applied and returns a pool on it: a copy of the
    /// migrated template (``migratedTemplate()``), which costs a file copy instead of running
    /// every migration again for each of the suite's hundreds of databases.
    public static func createMigrated(
        maxConnections: Int = 8, file: StaticString = #fileID, line: UInt = #line
    ) async throws -> Database {
        let template = try await self.migratedTemplate()
        let url = try await self.createEmpty(template: template, file: file, line: line)
        return self.pool(url: url, maxConnections: maxConnections)
    }

    /// Runs `body` on a pool of a new migrated database (``createMigrated(maxConnections:file:line:)``)
    /// and drops the database when `body` ends, whether it returns or throws (``drop(_:)``): the
    /// one place a test's database is made and removed.
    public static func withMigrated<Value>(
        maxConnections: Int = 8, file: StaticString = #fileID, line: UInt = #line,
        _ body: (Database) async throws -> Value
    ) async throws -> Value {
        let database = try await self.createMigrated(maxConnections: maxConnections, file: file, line: line)
        return try await self.run(body: { try await body(database) }, then: { await self.drop(database) })
    }

    /// Runs `body` with the URL of a new empty database (``createEmpty(template:file:line:)``) and
    /// drops the database when `body` ends, whether it returns or throws: for tests that migrate
    /// it themselves or hand its URL to a `debrief` process. A pool `body` opens on it must be shut
    /// down before `body` ends, and a process stopped: a database still in use is kept (``drop(url:)``).
    public static func withEmpty<Value>(
        file: StaticString = #fileID, line: UInt = #line, _ body: (String) async throws -> Value
    ) async throws -> Value {
        let url = try await self.createEmpty(file: file, line: line)
        return try await self.run(body: { try await body(url) }, then: { await self.drop(url: url) })
    }

    /// Runs `body` on a pool of a new database with the migrations numbered below `version` applied,
    /// and every migration file: a migration's test writes rows of the schema before it, then
    /// migrates on. The pool is shut down and the database dropped when `body` returns or throws.
    public static func withMigrations<Value>(
        before version: Int, maxConnections: Int = 2, file: StaticString = #fileID, line: UInt = #line,
        _ body: (Database, [MigrationFile]) async throws -> Value
    ) async throws -> Value {
        try await self.withEmpty(file: file, line: line) { url in
            let database = self.pool(url: url, maxConnections: maxConnections)
            return try await self.run(
                body: {
                    let files = try MigrationFiles.all()
                    _ = try await Migrator(database: database, files: files.filter { $0.version < version }, logger: self.logger).migrate()
                    return try await body(database, files)
                },
                then: { await database.shutdown() })
        }
    }

    /// `body`'s result or error, after `cleanup` has run either way.
    private static func run<Value>(body: () async throws -> Value, then cleanup: () async -> Void) async throws -> Value {
        do {
            let result = try await body()
            await cleanup()
            return result
        } catch {
            await cleanup()
            throw error
        }
    }

    /// Shuts `database`'s pool down and drops its database, when it is one of ``createEmpty(template:)``'s
    /// and nothing else is connected to it any more (else it stays, as every database did before).
    ///
    /// Why: the suite makes over a thousand databases of about 10 MB each, and the test cluster
    /// lives in memory (`/dev/shm`, scripts/test). Kept until the cluster was deleted they held
    /// 8.2 GB of a 24-GiB machine by the end of the Swift stage (769 databases counted on
    /// 2026-11-30), and a machine short of memory stalled whole test processes for over a minute:
    /// transactions idle past `idle_in_transaction_session_timeout` and 503s in unrelated tests.
    public static func drop(_ database: Database) async {
        await database.shutdown()
        await self.drop(url: database.configuration.url)
    }

    /// Drops the database at `url` when it is one of ``createEmpty(template:)``'s and nothing is
    /// connected to it any more (``drop(_:)``'s reasons).
    static func drop(url: String) async {
        guard let path = URLComponents(string: url)?.path,
            case let name = String(path.dropFirst()), name.hasPrefix("debrief_test_"),
            name.unicodeScalars.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else { return }
        let admin = Database(
            configuration: DatabaseConfiguration(
                url: self.adminURL, maxConnections: 1, acquireTimeout: .seconds(60), statementTimeout: nil),
            logger: self.logger)
        // Safe: `name` was checked to be one of ours, letters, digits and underscores. Without
        // FORCE, a database another pool or process still uses is refused and kept.
        _ = try? await admin.execute(SQLQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name)"))
        await admin.shutdown()
    }

    /// A pool on `url`. Generous waits: the suite runs many tests at once on small machines, and
    /// these pools are about correctness; the timeouts themselves have tests of their own.
    static func pool(url: String, maxConnections: Int) -> Database {
        Database(
            configuration: DatabaseConfiguration(
                url: url, maxConnections: maxConnections, acquireTimeout: .seconds(60), statementTimeout: .seconds(300)),
            logger: self.logger)
    }

    /// The name of a database with every migration of this build applied, made once per test
    /// server and set of migrations. Its name carries a hash of the migrations' names and text,
    /// so an edited or added migration makes a new template rather than reusing a stale one.
    /// Test processes that start together agree through an advisory lock on the admin database:
    /// the first builds it under a temporary name and renames it when complete, the others wait
    /// for the lock and then find it (a half-built template is never copied).
    static func migratedTemplate() async throws -> String {
        let files = try MigrationFiles.all()
        let name = "debrief_template_" + Self.fingerprint(files)
        return try await self.templateOnce.value(for: name) {
            let admin = Database(
                configuration: DatabaseConfiguration(
                    url: self.adminURL, maxConnections: 1, acquireTimeout: .seconds(120), statementTimeout: nil),
                logger: self.logger)
            do {
                try await admin.withConnection { connection in
                    _ = try await connection.execute("SELECT pg_advisory_lock(\(Self.templateLockKey))")
                    do {
                        try await Self.buildTemplate(name, from: files, unlessExisting: connection)
                        _ = try await connection.execute("SELECT pg_advisory_unlock(\(Self.templateLockKey))")
                    } catch {
                        _ = try? await connection.execute("SELECT pg_advisory_unlock(\(Self.templateLockKey))")
                        throw error
                    }
                }
                await admin.shutdown()
            } catch {
                await admin.shutdown()
                throw error
            }
            return name
        }
    }

    /// Migrates a new database named `name` unless one exists, under the caller's advisory lock.
    private static func buildTemplate(_ name: String, from files: [MigrationFile], unlessExisting connection: Connection) async throws {
        guard try await connection.query("SELECT 1 FROM pg_database WHERE datname = \(name)").isEmpty else { return }
        // Safe: the names are built from hex digits (``fingerprint(_:)``).
        let building = name + "_building"
        _ = try await connection.execute(SQLQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(building)"))
        _ = try await connection.execute(SQLQuery(unsafeSQL: "CREATE DATABASE \(building)"))
        let database = self.pool(url: self.url(forDatabase: building), maxConnections: 1)
        do {
            _ = try await Migrator(database: database, files: files, logger: self.logger).migrate()
            await database.shutdown()
        } catch {
            await database.shutdown()
            throw error
        }
        _ = try await connection.execute(SQLQuery(unsafeSQL: "ALTER DATABASE \(building) RENAME TO \(name)"))
    }

    /// The advisory lock the test processes build the template under (any constant of ours).
    static let templateLockKey: Int64 = 0x4465_6272_6965_6601

    /// One template look-up per process and set of migrations, however many suites ask at once.
    static let templateOnce = OnceByKey()

    /// FNV-1a over the migrations' names and text: a stable name for this set of migrations.
    static func fingerprint(_ files: [MigrationFile]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in files.flatMap({ Array(($0.name + "\u{0}" + $0.sql + "\u{0}").utf8) }) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The admin URL with its database name replaced.
    public static func url(forDatabase name: String) -> String {
        guard var components = URLComponents(string: self.adminURL) else { return self.adminURL }
        components.path = "/" + name
        return components.string ?? self.adminURL
    }

    /// A pool on the admin database, for server-wide actions such as `pg_terminate_backend`.
    public static func admin() -> Database {
        Database(configuration: DatabaseConfiguration(url: self.adminURL, maxConnections: 2), logger: self.logger)
    }
}
