@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PQ
import Testing

/// An application over a real socket (so the peer is 127.0.0.1, a trusted proxy here, and
/// `X-Forwarded-For` names the client as behind a load balancer), its clock fixed at ``now``.
struct AuditWorld: Sendable {
    let api: ParticipantAPI
    let database: Database
    /// The instant every row of this world is recorded at.
    let now: Date

    /// The client the load balancer names, and the user agent the requests send.
    static let client = "203.0.113.7"
    static let agent = "AuditTest/1.0 (Debrief)"
    static let origin: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: Self.client, .userAgent: Self.agent]

    static func run(_ body: @Sendable (AuditWorld) async throws -> Void) async throws {
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        var configuration = ParticipantAPI.configuration()
        configuration.trustedProxies = try TrustedProxies(parsing: "127.0.0.1, ::1")
        configuration.clock = .fixed(now)
        try await TestDatabase.withMigrated { database in
            let app = buildApplication(configuration: configuration, database: database, logger: TestDatabase.logger)
            try await app.test(.live) { client in
                try await body(AuditWorld(api: ParticipantAPI(client: client, database: database), database: database, now: now))
            }
        }
    }

    /// Sends a request from ``client`` with ``agent``.
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: Any? = nil, cookie: String? = nil) async throws
        -> ParticipantReply
    {
        var headers = Self.origin
        if let cookie { headers[.cookie] = cookie }
        return try await self.api.send(method, uri, token: token, json: json, headers: headers)
    }

    /// Every row, oldest first.
    func rows() async throws -> [AuditEntry] {
        try #require(try await AuditStore(database: self.database).page(AuditFilter(), after: nil, limit: 200)).items.reversed()
    }

    /// Runs `action` and returns the one row it appended; fails unless it appended exactly one.
    func appended(_ what: String, _ action: () async throws -> Void) async throws -> AuditEntry? {
        let before = try await self.rows()
        try await action()
        let after = try await self.rows()
        #expect(after.count == before.count + 1, "\(what) appended \(after.count - before.count) rows")
        return after.count == before.count + 1 ? after.last : nil
    }

    /// Runs `action` and fails when it appended any row.
    func appendsNothing(_ what: String, _ action: () async throws -> Void) async throws {
        let before = try await self.rows().count
        try await action()
        #expect(try await self.rows().count == before, "\(what) appended a row")
    }

    /// An installation admin's token (the account made in the database, signed in by password).
    func admin() async throws -> (token: String, id: UUID) {
        let email = "admin-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let signUp = try SignUpInput(email: email, password: "correct horse battery", displayName: "Admin").validate().get()
        let hasher = PasswordHasher(cost: 4, threads: 1)
        let account = try await AccountStore(database: self.database, hasher: hasher).create(signUp, role: .admin)
        await hasher.shutdown()
        let token = try #require(
            try await self.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
        return (token, account.id)
    }

    /// The account id behind `token`.
    func accountID(_ token: String) async throws -> UUID {
        let me = try await self.api.send(.get, "/v1/me", token: token)
        let id = try #require(me.string("id"), "\(me.text)")
        return try #require(UUID(uuidString: id))
    }
}
