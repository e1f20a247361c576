import DebriefTestSupport
import Foundation
import PQ
import Testing

/// `debrief backup` and `debrief restore`: a database with responses goes through `pg_dump` and
/// `pg_restore` and comes back with every row, checked against the manifest.
@Suite("debrief backup and restore", .serialized)
struct BackupRestoreCommandTests {
    static func count(_ url: String, _ table: String) async throws -> Int {
        let database = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 1), logger: TestDatabase.logger)
        defer { Task { await database.shutdown() } }
        return try #require(try await database.query(SQLQuery(unsafeSQL: "SELECT count(*)::int AS n FROM \(table)")).first).decode("n")
    }

    static func manifest(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func aDatabaseWithResponsesRoundTrips() async throws {
        try await ExportCommandTests().withSeeded { seeded in
            let dump = seeded.folder.appendingPathComponent("debrief.dump")
            let backup = try await DebriefProcess.run(
                ["backup", "--database-url", seeded.url, "-o", dump.path, "--log-format", "text"])
            #expect(backup.status == 0, "\(backup.output)")
            #expect(backup.output.contains("Backed up 2 responses"))
            let manifest = try Self.manifest(URL(fileURLWithPath: dump.path + ".manifest.json"))
            let inventory = try #require(manifest["inventory"] as? [String: Any])
            #expect((inventory["tables"] as? [String: Any])?["responses"] as? Int == 2)
            #expect((inventory["migrationVersion"] as? Int ?? 0) >= 23)
            // The dump holds password hashes and server keys: the owner's alone, whatever the umask.
            for file in [dump.path, dump.path + ".manifest.json"] {
                let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
                #expect(mode & 0o777 == 0o600, "\(file): \(String(mode, radix: 8))")
            }

            try await TestDatabase.withEmpty { target in
                let restore = try await DebriefProcess.run(
                    ["restore", "--database-url", target, "--input", dump.path, "--log-format", "text"])
                #expect(restore.status == 0, "\(restore.output)")
                #expect(restore.output.contains("every row count matches the manifest"))
                for table in ["responses", "answers", "check_ins", "meetings", "result_tally_deltas", "schema_migrations"] {
                    #expect(try await Self.count(target, table) == (try await Self.count(seeded.url, table)), "\(table)")
                }
                // The restored database serves the same export, byte for byte.
                let before = try await DebriefProcess.run(["export", "--database-url", seeded.url, "--meeting", seeded.meeting])
                let after = try await DebriefProcess.run(["export", "--database-url", target, "--meeting", seeded.meeting])
                #expect(before.status == 0 && after.status == 0)
                #expect(before.output == after.output)

                // Into a database that already holds tables: refused unless --replace.
                let again = try await DebriefProcess.run(["restore", "--database-url", target, "--input", dump.path, "--log-format", "text"])
                #expect(again.status == 2, "\(again.output)")
                #expect(again.output.contains("not empty"))
                let replaced = try await DebriefProcess.run(
                    ["restore", "--database-url", target, "--input", dump.path, "--replace", "--log-format", "text"])
                #expect(replaced.status == 0, "\(replaced.output)")
            }
        }
    }

    /// `restore --replace` under a serving instance loses what it accepts meanwhile (41
    /// acknowledged submissions in the audit): refused while an instance beat within seconds,
    /// unless --force.
    @Test func aReplacingRestoreIsRefusedWhileAnInstanceServes() async throws {
        try await ExportCommandTests().withSeeded { seeded in
            let dump = seeded.folder.appendingPathComponent("serving.dump")
            #expect(try await DebriefProcess.run(["backup", "--database-url", seeded.url, "-o", dump.path]).status == 0)
            let database = Database(configuration: DatabaseConfiguration(url: seeded.url, maxConnections: 1), logger: TestDatabase.logger)
            try await database.execute("INSERT INTO instance_heartbeats (instance_id) VALUES (gen_random_uuid())")
            await database.shutdown()

            let refused = try await DebriefProcess.run(
                ["restore", "--database-url", seeded.url, "--input", dump.path, "--replace", "--log-format", "text"])
            #expect(refused.status == 2, "\(refused.output)")
            #expect(refused.output.contains("1 Debrief instance(s) served this database"), "\(refused.output)")
            let forced = try await DebriefProcess.run(
                ["restore", "--database-url", seeded.url, "--input", dump.path, "--replace", "--force", "--log-format", "text"])
            #expect(forced.status == 0, "\(forced.output)")
        }
    }

    @Test func aRestoreThatDiffersFromItsManifestFails() async throws {
        try await ExportCommandTests().withSeeded { seeded in
            let dump = seeded.folder.appendingPathComponent("tampered.dump")
            #expect(try await DebriefProcess.run(["backup", "--database-url", seeded.url, "-o", dump.path]).status == 0)
            let manifest = URL(fileURLWithPath: dump.path + ".manifest.json")
            var object = try Self.manifest(manifest)
            var inventory = try #require(object["inventory"] as? [String: Any])
            var tables = try #require(inventory["tables"] as? [String: Any])
            tables["responses"] = 3
            inventory["tables"] = tables
            object["inventory"] = inventory
            try JSONSerialization.data(withJSONObject: object).write(to: manifest)

            try await TestDatabase.withEmpty { target in
                let restore = try await DebriefProcess.run(["restore", "--database-url", target, "--input", dump.path, "--log-format", "text"])
                #expect(restore.status == 1, "\(restore.output)")
                #expect(restore.output.contains("responses: 2 rows, the backup has 3"))

                let missing = try await DebriefProcess.run(["restore", "--database-url", target, "--input", seeded.folder.path + "/none.dump"])
                #expect(missing.status == 2)
            }
        }
    }
}
