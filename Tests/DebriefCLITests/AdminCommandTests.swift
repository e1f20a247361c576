import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("debrief admin")
struct AdminCommandTests {
    /// Runs `body` with the URL of a new migrated database no pool of the test holds open (the
    /// `debrief` processes connect themselves), dropped when `body` ends.
    func withMigratedURL(file: StaticString = #fileID, line: UInt = #line, _ body: (String) async throws -> Void) async throws {
        try await TestDatabase.withMigrated(maxConnections: 1, file: file, line: line) { database in
            await database.shutdown()
            try await body(database.configuration.url)
        }
    }

    @Test func createHostThenResetPassword() async throws {
        try await self.withMigratedURL { url in
            let created = try await DebriefProcess.run(
                ["admin", "create-host", "--database-url", url, "--email", "Boss@Example.com", "--name", "Boss", "--admin",
                 "--password-stdin", "--bcrypt-cost", "4", "--log-format", "text"],
                standardInput: "a long enough password\n")
            #expect(created.status == 0, "\(created.output)")
            #expect(created.output.contains("Created admin boss@example.com"))
            #expect(!created.output.contains("a long enough password"))
            let database = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 1), logger: TestDatabase.logger)
            let row = try #require(try await database.query("SELECT role, password_hash FROM accounts WHERE email = 'boss@example.com'").first)
            #expect(try row.decode("role", as: String.self) == "admin")
            let firstHash = try row.decode("password_hash", as: String.self)
            // A session of the account, as a sign-in would have made it.
            try await database.execute(
                """
                INSERT INTO access_tokens (token_hash, account_id, expires_at, kind)
                SELECT 'cli-test-token', id, now() + interval '1 hour', 'sign_in' FROM accounts
                """)

            let reset = try await DebriefProcess.run(
                ["admin", "reset-password", "--database-url", url, "--email", "boss@example.com", "--bcrypt-cost", "4"])
            #expect(reset.status == 0, "\(reset.output)")
            #expect(reset.output.contains("Password (shown once): "))
            let secondHash = try #require(try await database.query("SELECT password_hash FROM accounts").first).decode("password_hash", as: String.self)
            #expect(secondHash != firstHash)
            // The session is revoked, and the credentials generation advanced with the password: a
            // sign-in that checked the old password while the reset ran is issued no token.
            let after = try #require(
                try await database.query(
                    "SELECT t.revoked_at IS NOT NULL AS revoked, a.credentials_generation AS generation FROM access_tokens t JOIN accounts a ON a.id = t.account_id"
                ).first)
            #expect(try after.decode("revoked", as: Bool.self))
            #expect(try after.decode("generation", as: Int.self) == 1)
            await database.shutdown()
        }
    }

    @Test func badInputExitsTwoWithTheFieldNamed() async throws {
        try await self.withMigratedURL { url in
            let badEmail = try await DebriefProcess.run(
                ["admin", "create-host", "--database-url", url, "--email", "nope", "--name", "X", "--bcrypt-cost", "4"])
            #expect(badEmail.status == 2)
            #expect(badEmail.output.contains("--email: must be a valid email address"))
            let first = try await DebriefProcess.run(
                ["admin", "create-host", "--database-url", url, "--email", "a@example.com", "--name", "A", "--bcrypt-cost", "4"])
            #expect(first.status == 0)
            let duplicate = try await DebriefProcess.run(
                ["admin", "create-host", "--database-url", url, "--email", "A@example.com", "--name", "A", "--bcrypt-cost", "4"])
            #expect(duplicate.status == 2)
            #expect(duplicate.output.contains("--email: an account with this email already exists"))
            let unknown = try await DebriefProcess.run(
                ["admin", "reset-password", "--database-url", url, "--email", "ghost@example.com", "--bcrypt-cost", "4"])
            #expect(unknown.status == 2)
            #expect(unknown.output.contains("ghost@example.com"))
        }
    }

    /// Failed before the fix (no such subcommand): an admin confirms an unproven account's
    /// address (decision 54), and an unknown address exits 2 naming the field.
    @Test func verifyEmailProvesAnAccountsAddress() async throws {
        try await self.withMigratedURL { url in
            let created = try await DebriefProcess.run(
                ["admin", "create-host", "--database-url", url, "--email", "ana@example.com", "--name", "Ana",
                 "--password-stdin", "--bcrypt-cost", "4"],
                standardInput: "a long enough password\n")
            #expect(created.status == 0, "\(created.output)")
            let database = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 1), logger: TestDatabase.logger)
            // As an open sign-up would have left it: unproven.
            try await database.execute("UPDATE accounts SET email_verified_at = NULL")
            let verified = try await DebriefProcess.run(["admin", "verify-email", "--database-url", url, "--email", "Ana@Example.com"])
            #expect(verified.status == 0, "\(verified.output)")
            #expect(verified.output.contains("ana@example.com is confirmed."))
            let proven: Bool = try await database.query("SELECT email_verified_at IS NOT NULL AS proven FROM accounts").single().decode("proven")
            #expect(proven)
            let unknown = try await DebriefProcess.run(["admin", "verify-email", "--database-url", url, "--email", "ghost@example.com"])
            #expect(unknown.status == 2)
            #expect(unknown.output.contains("--email: no account has this address"))
            await database.shutdown()
        }
    }
}
