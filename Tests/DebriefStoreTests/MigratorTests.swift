import DebriefSQL
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("Migrations")
struct MigratorTests {
    @Test func bundledFilesAreNumberedAndComplete() throws {
        let files = try MigrationFiles.all()
        #expect(!files.isEmpty)
        // Numbers rise strictly; gaps are allowed (parallel lines of work own ranges of numbers).
        #expect(files.map(\.version) == files.map(\.version).sorted())
        #expect(Set(files.map(\.version)).count == files.count)
        #expect(files.first?.version == 1)
        // Every .sql file in SQL/ ships inside the binary.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../SQL")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(files.map(\.name) == onDisk)
    }

    /// Adding a file to `SQL/` is all a migration takes (docs/decisions/0087-migrations-built-in.md):
    /// the build finds it, and what the tests' databases are copied from has it applied, with the
    /// file's exact text (its checksum).
    @Test func everyFileOnDiskIsAppliedToTheTemplate() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../SQL")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        let rows = try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.query("SELECT name, checksum FROM schema_migrations ORDER BY version")
        }
        let applied = try rows.map { try $0.decode("name", as: String.self) }
        #expect(applied == onDisk)
        let checksums = try rows.map { try $0.decode("checksum", as: String.self) }
        let expected = try onDisk.map { Migrator.checksum(try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        #expect(checksums == expected, "a migration's built-in text differs from its file")
    }

    @Test func secondRunIsANoOp() async throws {
        try await TestDatabase.withEmpty { url in
            let database = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 2), logger: TestDatabase.logger)
            let files = try MigrationFiles.all()
            let migrator = Migrator(database: database, files: files, logger: TestDatabase.logger)
            #expect(try await migrator.migrate() == files.map(\.name))
            #expect(try await migrator.migrate() == [])
            let count = try #require(try await database.query("SELECT count(*) AS n FROM schema_migrations").first)
            #expect(try count.decode("n", as: Int.self) == files.count)
            await database.shutdown()
        }
    }

    @Test func changedFileIsRefused() async throws {
        try await TestDatabase.withEmpty { url in
            let database = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 1), logger: TestDatabase.logger)
            let original = [MigrationFile(version: 1, name: "0001_t.sql", sql: "CREATE TABLE t (a int);")]
            try await Migrator(database: database, files: original, logger: TestDatabase.logger).migrate()
            let edited = [MigrationFile(version: 1, name: "0001_t.sql", sql: "CREATE TABLE t (a bigint);")]
            await #expect {
                try await Migrator(database: database, files: edited, logger: TestDatabase.logger).migrate()
            } throws: { error in
                "\(error)".contains("0001_t.sql was changed after it was applied")
            }
            await database.shutdown()
        }
    }

    @Test func failingFileLeavesNothingBehind() async throws {
        try await TestDatabase.withEmpty { url in
            let database = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 1), logger: TestDatabase.logger)
            let files = [
                MigrationFile(version: 1, name: "0001_ok.sql", sql: "CREATE TABLE ok (a int);"),
                MigrationFile(version: 2, name: "0002_broken.sql", sql: "CREATE TABLE half (a int); SELECT no_such_function();"),
            ]
            await #expect(throws: PQError.self) {
                try await Migrator(database: database, files: files, logger: TestDatabase.logger).migrate()
            }
            let tables = try await database.query("SELECT count(*) AS n FROM pg_tables WHERE tablename IN ('ok', 'half')")
            #expect(try tables.first?.decode("n", as: Int.self) == 1)
            let applied = try await database.query("SELECT name FROM schema_migrations")
            #expect(try applied.map { try $0.decode("name", as: String.self) } == ["0001_ok.sql"])
            await database.shutdown()
        }
    }

    @Test func concurrentRunsTakeTurns() async throws {
        try await TestDatabase.withEmpty { url in
            let files = try MigrationFiles.all()
            let results = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        // The second run waits for the first one's lock: on a busy machine that can take
                        // longer than the default statement timeout, which is not what this test is about.
                        let database = Database(
                            configuration: DatabaseConfiguration(url: url, maxConnections: 1, statementTimeout: .seconds(300)),
                            logger: TestDatabase.logger)
                        let applied = try await Migrator(database: database, files: files, logger: TestDatabase.logger).migrate()
                        await database.shutdown()
                        return applied
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // One run applied everything, the other found nothing to do.
            #expect(results.sorted { $0.count < $1.count } == [[], files.map(\.name)])
        }
    }
}
