import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Pipelines (``Connection/pipeline(_:function:fileID:)``, ``Database/readSnapshot(_:function:fileID:)``):
/// results in order, one failure thrown after the rest are read, the connection idle and usable
/// afterwards, and a read snapshot that sees one moment of the database.
@Suite("Pipelines")
struct PipelineTests {
    @Test func resultsComeBackInTheOrderOfTheStatements() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE notes (id int PRIMARY KEY, body text)")
            let results = try await database.withConnection { connection in
                try await connection.pipeline([
                    "INSERT INTO notes VALUES (\(1), \("one")), (\(2), NULL)",
                    "SELECT body FROM notes WHERE id = \(1)",
                    "SELECT count(*) AS n, \("키") AS word FROM notes",
                ])
            }
            #expect(results.count == 3)
            #expect(results[0].affectedRows == 2)
            #expect(try results[1].single().decode("body", as: String.self) == "one")
            #expect(try results[2].single().decode("n", as: Int.self) == 2)
            #expect(try results[2].single().decode("word", as: String.self) == "키")
        }
    }

    @Test func aFailingStatementIsThrownAndTheConnectionStaysUsable() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE notes (id int PRIMARY KEY)")
            let error = await #expect(throws: PQError.self) {
                try await database.withConnection { connection in
                    try await connection.pipeline([
                        "INSERT INTO notes VALUES (\(1))", "INSERT INTO notes VALUES (\(1))", "INSERT INTO notes VALUES (\(2))",
                    ])
                }
            }
            #expect(error?.isUniqueViolation == true, "the first failure is the one thrown")
            // The statements up to the Sync are one implicit transaction: the failure undoes the insert
            // before it, and the one after it is skipped.
            let ids = try await database.query("SELECT id FROM notes ORDER BY id").map { try $0.decode("id", as: Int.self) }
            #expect(ids == [])
            // The one connection is idle again and takes ordinary and pipelined statements.
            try await database.execute("INSERT INTO notes VALUES (\(3))")
            let again = try await database.readSnapshot(["SELECT count(*) AS n FROM notes"])
            #expect(try again[0].single().decode("n", as: Int.self) == 1)
        }
    }

    /// A pipeline's statements run prepared: each prepared once per connection (a report reads
    /// the same statements on every change), and a preparation the server skipped after a
    /// failure is not taken for done.
    @Test func statementsArePreparedOnceAndAFailedPipelinesPreparationsAreForgotten() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE notes (id int PRIMARY KEY)")
            let count: SQLQuery = "SELECT count(*)::int AS n FROM notes WHERE id > \(0)"
            for round in 1...3 {
                let results = try await database.readSnapshot([count, count])
                #expect(try results.map { try $0.single().decode("n", as: Int.self) } == [0, 0], "round \(round)")
            }
            let prepared = { @Sendable () async throws -> [String] in
                try await database.query("SELECT statement FROM pg_prepared_statements ORDER BY name").map {
                    try $0.decode("statement", as: String.self)
                }
            }
            // BEGIN, the count (once, though the pipeline runs it twice) and COMMIT, on the one connection.
            #expect(try await prepared() == ["BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", "SELECT count(*)::int AS n FROM notes WHERE id > $1", "COMMIT"])
            // The insert fails, so the server skips the new statement after it, and its preparation.
            let insert: SQLQuery = "INSERT INTO notes VALUES (\(1)), (\(1))"
            let skipped: SQLQuery = "SELECT max(id) AS top FROM notes WHERE id < \(100)"
            let error = await #expect(throws: PQError.self) {
                try await database.withConnection { try await $0.pipeline([insert, skipped]) }
            }
            #expect(error?.isUniqueViolation == true)
            // Had the skipped preparation been taken for done, this would name a statement the server never made.
            let top = try await database.withConnection { try await $0.pipeline([skipped]) }
            #expect(try top[0].single().isNull("top"))
            #expect(try await prepared().contains("SELECT max(id) AS top FROM notes WHERE id < $1"))
        }
    }

    @Test func aReadSnapshotSeesOneMomentAndAFailureEndsItsTransaction() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            try await database.execute("CREATE TABLE notes (id int PRIMARY KEY)")
            try await database.execute("INSERT INTO notes SELECT generate_series(1, 10)")
            let results = try await database.readSnapshot([
                "SELECT count(*) AS n FROM notes",
                "SELECT current_setting('transaction_isolation') AS isolation, current_setting('transaction_read_only') AS read_only",
            ])
            #expect(try results[0].single().decode("n", as: Int.self) == 10)
            #expect(try results[1].single().decode("isolation", as: String.self) == "repeatable read")
            #expect(try results[1].single().decode("read_only", as: String.self) == "on")
            let refused = await #expect(throws: PQError.self) {
                try await database.readSnapshot(["SELECT count(*) AS n FROM notes", "INSERT INTO notes VALUES (\(11))"])
            }
            #expect(refused?.sqlState == "25006", "a read snapshot cannot write")
            // No pooled connection was left inside a transaction.
            let open = try await database.query(
                "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'")
            #expect(try open.single().decode("n", as: Int.self) == 0)
        }
    }

    @Test func aTwoStageSnapshotMakesItsSecondQueriesFromItsFirstResults() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE notes (id int PRIMARY KEY, body text)")
            try await database.execute("INSERT INTO notes VALUES (1, 'one'), (2, 'two'), (3, 'three')")
            let read = try await database.readSnapshot(["SELECT id FROM notes WHERE id >= \(2) ORDER BY id", "SELECT txid_current_if_assigned() AS x"]) { first in
                try first[0].map { row in "SELECT body, pg_current_snapshot()::text AS snapshot FROM notes WHERE id = \(try row.decode("id", as: Int.self))" }
            }
            #expect(read.first.count == 2)
            #expect(try read.then.map { try $0.single().decode("body", as: String.self) } == ["two", "three"])
            let snapshots = try Set(read.then.map { try $0.single().decode("snapshot", as: String.self) })
            #expect(snapshots.count == 1, "both stages read one snapshot: \(snapshots)")
            let open = try await database.query(
                "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'")
            #expect(try open.single().decode("n", as: Int.self) == 0)
        }
    }
}
