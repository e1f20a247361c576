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

    /// Creates an empty database and returns its URL.
    public static func createEmpty() async throws -> String {
        let name = "debrief_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        // No statement timeout: the suites create their databases all at once, and on a small,
        // busy machine CREATE DATABASE can queue behind the others for longer than 30 s.
        let admin = Database(
            configuration: DatabaseConfiguration(
                url: self.adminURL, maxConnections: 1, acquireTimeout: .seconds(60), statementTimeout: nil),
            logger: self.logger)
        do {
            // Safe: the name is built above from a UUID's hex digits.
            try await admin.execute(SQLQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        } catch {
            await admin.shutdown()
            throw error
        }
        await admin.shutdown()
        return self.url(forDatabase: name)
    }

    /// Creates a database with every migration applied and returns a pool on it.
    public static func createMigrated(maxConnections: Int = 8) async throws -> Database {
        let url = try await self.createEmpty()
        let database = Database(
            // Generous waits: the suite runs many tests at once on small machines, and these pools
            // are about correctness; the timeouts themselves have tests of their own.
            configuration: DatabaseConfiguration(
                url: url, maxConnections: maxConnections, acquireTimeout: .seconds(60), statementTimeout: .seconds(300)),
            logger: self.logger)
        try await Migrator(database: database, files: try MigrationFiles.all(), logger: self.logger).migrate()
        return database
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
