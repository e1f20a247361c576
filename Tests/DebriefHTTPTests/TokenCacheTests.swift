@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Bearer tokens remembered per instance (docs/decisions/0038-token-cache.md), through the real
/// application: a change made on this instance applies to the very next request; a change made
/// elsewhere applies once its announcement arrives.
///
/// The cache here trusts a token for ten minutes, so only a change (not the clock) can end the
/// trust within these tests; their waits for an announcement (two minutes at most, to end a broken
/// run) stay well inside it, however slow a busy machine makes them.
@Suite("Token cache")
struct TokenCacheTests {
    static var configuration: AppConfiguration {
        var configuration = AppConfiguration.forTests
        configuration.tokenCacheTrust = .seconds(600)
        return configuration
    }

    /// Revokes `account`'s tokens the way no trigger sees (`session_replication_role = replica`
    /// skips ordinary triggers): a change nobody announces.
    static func revokeSilently(_ account: String, _ database: Database) async throws {
        try await database.withTransaction { connection in
            try await connection.execute("SET LOCAL session_replication_role = replica")
            try await connection.execute(
                "UPDATE access_tokens SET revoked_at = now() WHERE account_id = \(try #require(UUID(uuidString: account)))")
        }
    }

    /// Waits until the application remembers tokens (its change listener listens): a throwaway
    /// account's token, used once and then revoked silently, must still work. Each attempt uses a
    /// new account, since a revoked token stays revoked.
    static func waitUntilTokensAreRemembered(_ api: APIClient, _ database: Database) async throws {
        for _ in 0..<Self.polls {
            let (token, id) = try await api.signUpAndLogIn()
            #expect(try await api.send(.get, "/v1/me", token: token).status == .ok)
            try await Self.revokeSilently(id, database)
            if try await api.send(.get, "/v1/me", token: token).status == .ok { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the application never remembered a token")
    }

    /// Polls of 50 ms that end a broken run's wait for an announcement: two minutes, well under the
    /// cache's trust of ten.
    static let polls = 2_400

    /// Sends until the reply has `status` (``polls`` times at most).
    static func eventually(
        _ status: HTTPResponse.Status, _ api: APIClient, _ uri: String, token: String
    ) async throws -> APIClient.Reply {
        var reply = try await api.send(.get, uri, token: token)
        for _ in 0..<Self.polls where reply.status != status {
            try await Task.sleep(for: .milliseconds(50))
            reply = try await api.send(.get, uri, token: token)
        }
        return reply
    }

    @Test func aRememberedTokenIsTrustedUntilAChangeToItsAccountIsAnnounced() async throws {
        try await withTestApp(configuration: Self.configuration) { api, database in
            try await Self.waitUntilTokensAreRemembered(api, database)
            let (token, id) = try await api.signUpAndLogIn()
            #expect(try await api.send(.get, "/v1/me", token: token).status == .ok)
            try await Self.revokeSilently(id, database)
            // Nothing announced the revocation: the remembered token is still trusted.
            #expect(try await api.send(.get, "/v1/me", token: token).status == .ok)
            // Any announced change of the account ends that trust; the database then says revoked.
            try await database.execute("UPDATE accounts SET display_name = 'Renamed by SQL' WHERE id = \(try #require(UUID(uuidString: id)))")
            #expect(try await Self.eventually(.unauthorized, api, "/v1/me", token: token).status == .unauthorized)
        }
    }

    @Test func tokenAndRoleChangesMadeBySQLApplyOnceAnnounced() async throws {
        try await withTestApp(configuration: Self.configuration) { api, database in
            try await Self.waitUntilTokensAreRemembered(api, database)
            let (revoked, revokedID) = try await api.signUpAndLogIn()
            let (promoted, promotedID) = try await api.signUpAndLogIn()
            #expect(try await api.send(.get, "/v1/me", token: revoked).status == .ok)
            #expect(try await api.send(.get, "/v1/me", token: promoted).string("role") == "host")

            try await database.execute(
                "UPDATE access_tokens SET revoked_at = now() WHERE account_id = \(try #require(UUID(uuidString: revokedID)))")
            try await database.execute("UPDATE accounts SET role = 'admin' WHERE id = \(try #require(UUID(uuidString: promotedID)))")

            #expect(try await Self.eventually(.unauthorized, api, "/v1/me", token: revoked).status == .unauthorized)
            var role = try await api.send(.get, "/v1/me", token: promoted).string("role")
            for _ in 0..<Self.polls where role != "admin" {
                try await Task.sleep(for: .milliseconds(50))
                role = try await api.send(.get, "/v1/me", token: promoted).string("role")
            }
            #expect(role == "admin")
        }
    }

    /// With every announcement switched off, only this instance's own forgetting can make these
    /// pass: each change shows in the very next request.
    @Test func changesMadeThroughThisInstanceApplyToTheVeryNextRequest() async throws {
        try await withTestApp(configuration: Self.configuration) { api, database in
            try await Self.waitUntilTokensAreRemembered(api, database)
            try await database.execute("ALTER TABLE accounts DISABLE TRIGGER USER")
            try await database.execute("ALTER TABLE access_tokens DISABLE TRIGGER USER")
            let email = "cached-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let (first, _) = try await api.signUpAndLogIn(email: email)
            let second = try #require(
                try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            #expect(try await api.send(.get, "/v1/me", token: first).status == .ok)
            #expect(try await api.send(.get, "/v1/me", token: second).status == .ok)

            let renamed = try await api.send(.patch, "/v1/me", token: first, json: ["displayName": "New name"])
            #expect(renamed.status == .ok, "\(renamed.text)")
            #expect(try await api.send(.get, "/v1/me", token: second).string("displayName") == "New name")

            #expect(try await api.send(.delete, "/v1/tokens/current", token: first).status == .noContent)
            #expect(try await api.send(.get, "/v1/me", token: first).status == .unauthorized)
            #expect(try await api.send(.get, "/v1/me", token: second).status == .ok)

        }
    }
}

/// A remembered token keeps its kind: the cache answers only where the database would.
@Suite("Token cache: scopes")
struct TokenCacheScopeTests {
    @Test func aRememberedPageSessionIsStillNoBearerToken() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let stores = try await RememberingTokenStores.make(on: database, email: "scoped@example.com", displayName: "S")
            let (tokens, account) = (stores.tokens, stores.account)
            let session = try #require(try await tokens.issueSession(.page, for: account))
            #expect(try await tokens.account(for: session.token, presentedAs: .sessionCookie)?.id == account.id)
            try await TokenCacheTests.revokeSilently(account.id.uuidString, database)
            // Still trusted from memory (nothing announced the revocation), yet not as a bearer token.
            #expect(try await tokens.account(for: session.token, presentedAs: .sessionCookie)?.id == account.id)
            #expect(try await tokens.account(for: session.token, presentedAs: .bearerHeader) == nil)
        }
    }
}

/// The announcements themselves, heard on the channel as another instance would hear them.
@Suite("Token cache: announcements")
struct AccountAnnouncementTests {
    /// The time limit only ends a run whose announcement never comes; it is generous because the
    /// test's own database can queue behind the whole suite's on a busy machine.
    @Test(.timeLimit(.minutes(10))) func recordingALastWritePositionAnnouncesNothingWhileARenameDoes() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: 4))
            let writer = try await accounts.create(
                SignUp(email: try EmailAddress(parsing: "writer@example.com"), password: "correct horse battery", displayName: "W"))
            let renamed = try await accounts.create(
                SignUp(email: try EmailAddress(parsing: "renamed@example.com"), password: "correct horse battery", displayName: "R"))
            var events = try database.notifications(channels: [TokenCache.channel]).makeAsyncIterator()
            #expect(try await events.next() == .listening)

            try await database.execute("UPDATE accounts SET last_write_lsn = pg_current_wal_lsn() WHERE id = \(writer.id)")
            try await database.execute("UPDATE accounts SET display_name = 'Renamed' WHERE id = \(renamed.id)")
            // Notifications arrive in commit order: had the first update announced anything, it would come first.
            #expect(
                try await events.next() == .notification(DatabaseNotification(channel: TokenCache.channel, payload: renamed.id.uuidString.lowercased())))
        }
    }
}
