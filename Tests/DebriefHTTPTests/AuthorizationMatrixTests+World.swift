@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PQ
import Testing

extension AuthorizationMatrixTests {
    // MARK: - The world of one cell

    /// What one cell works on: the owner's meeting with a published form and a roster member, and
    /// the caller's credential.
    struct World: Sendable {
        var ownerEmail: String
        var ownerToken: String
        var meeting: String
        var series: String
        var code: String
        var rosterMember: String
        /// The owner marked the roster member present: a check-in the owner may remove.
        var checkIn: String
        /// A possible duplicate check-in of the meeting, for the host to confirm or merge.
        var possibleDuplicate: String = ""
        /// An anonymous response to the owner's form, for the owner to remove.
        var response: String = ""
        /// A question from the room, shown to it.
        var roomQuestion: String = ""
        /// An identity the room issued, for the routes that need one (`Debrief-Voter`).
        var roomVoter: String = ""
        /// The owner's webhook endpoint, and the delivery publishing the form wrote for it.
        var webhook: String = ""
        var webhookDelivery: String = ""
        /// A template the owner saved from the meeting's form (theirs alone).
        var template: String = ""
        /// A question the owner saved to their bank from the meeting's form (theirs alone).
        var bankEntry: String = ""
        var otherHostToken: String?
        var otherHostEmail: String?
        /// The open offer of the series, to the other host (when that is the caller) or the bystander.
        var transfer = ""
        var adminToken: String?
        /// The co-host's token, for the editor and viewer callers.
        var coHostToken: String?
        /// A host with no part in the meeting, for the owner to share with or transfer to.
        var bystanderEmail = ""
        var bystander = ""
        var expiredToken: String?
        var revokedToken: String?
        var participantToken: String?
        /// An action item the owner recorded at the meeting.
        var action = ""
        /// The owner's team (they are its admin); the co-host callers are its members in their role.
        var team = ""

        func token(for caller: Caller) -> String? {
            switch caller {
            case .owner: return self.ownerToken
            case .noToken: return nil
            case .garbageToken: return "dbf_not-a-real-token-0123456789abcdefghijklmnopq"
            case .expiredToken: return self.expiredToken
            case .revokedToken: return self.revokedToken
            case .otherHost: return self.otherHostToken
            case .participant: return self.participantToken
            case .admin: return self.adminToken
            case .editor, .viewer: return self.coHostToken
            }
        }

        func fill(_ path: String) -> String {
            let id = path.hasPrefix("/v1/series/") || path.hasPrefix("/series/") ? self.series : self.meeting
            let chart = path.hasPrefix("/v1/series/") ? "sessions" : "timeline"
            // In order: the first `{token}` wins (the second is for paths without a feed token).
            let values: [(String, String)] = [
                ("{questionId}", self.roomQuestion), ("{id}", id), ("{memberId}", self.rosterMember), ("check-ins/{checkInId}", "check-ins/" + self.possibleDuplicate),
                ("{key}", "notes"), ("{code}", self.code), ("{question}", "useful"), ("{name}", chart),
                ("{tokenId}", "7d1f3a2b-9c4e-4f5a-8b6c-0d1e2f3a4b5c"), ("{checkInId}", self.checkIn),
                ("{responseId}", self.response), ("{webhookId}", self.webhook), ("{templateId}", self.template), ("{entryId}", self.bankEntry), ("{actionId}", self.action),
                ("{token}", "dbc_not-a-feed-token"), ("{deliveryId}", self.webhookDelivery), ("{accountId}", self.bystander),
                ("{transferId}", self.transfer), ("{teamId}", self.team), ("{token}", "dbx_not-a-link"),
                ("{pictureId}", "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c"),
                ("{file}", "1a5e20.css"),
            ]
            return values.reduce(path) { filled, value in filled.replacingOccurrences(of: value.0, with: value.1) }
        }
    }

    /// The database every cell shares (each cell has its own accounts and meeting in it).
    static let sharedDatabaseURL = Task {
        let database = try await TestDatabase.createMigrated(maxConnections: 1)
        await database.shutdown()
        return database.configuration.url
    }

    /// Cells that run at once: each makes its world and calls one route, through one connection.
    static let cellsAtOnce = 6
    static let limit = ConcurrencyLimit(cellsAtOnce)

    /// Builds the world for `caller` and runs `body` with an application on the shared database:
    /// straight into the router of the suite's one application (``MatrixApplication``), or over a
    /// real socket (`live`, with its port: an application of its own, as a stream needs one).
    static func withWorld(
        for caller: Caller, live: Bool, _ body: @escaping @Sendable (APIClient, World, Int?) async throws -> Void
    ) async throws {
        try await Self.limit.run {
            guard live else {
                let shared = try #require(MatrixApplication.shared, "a cell runs inside the suite's MatrixApplication trait")
                try await body(shared.api, try await Self.makeWorld(shared.api, shared.database, caller: caller), nil)
                return
            }
            let database = try await Self.cellDatabase(maxConnections: 2)
            let app = buildApplication(configuration: Self.cellConfiguration, database: database, logger: TestDatabase.logger)
            try await app.test(.live) { client in
                let api = APIClient(client: client)
                try await body(api, try await Self.makeWorld(api, database, caller: caller), client.port)
            }
        }
    }

    static func cellDatabase(maxConnections: Int) async throws -> Database {
        Database(
            configuration: DatabaseConfiguration(url: try await Self.sharedDatabaseURL.value, maxConnections: maxConnections, acquireTimeout: .seconds(60)),
            logger: TestDatabase.logger)
    }

    static var cellConfiguration: AppConfiguration {
        var configuration = AppConfiguration.forTests
        // Every cell signs accounts up from the same address into one shared database.
        configuration.signUpsPerAddressPerHour = 1_000_000
        configuration.port = 0
        // Every world has a webhook to an unresolvable host, which the application retries:
        // an hour out, so that the matrix's deliveries do not crowd its two-core machine.
        configuration.webhooks.retry = WebhookRetrySchedule(base: .seconds(3600))
        return configuration
    }

    static func makeWorld(_ api: APIClient, _ database: Database, caller: Caller) async throws -> World {
        let ownerEmail = "owner-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let (owner, _) = try await api.signUpAndLogIn(email: ownerEmail)
        let meeting = try await api.createMeeting(token: owner, title: "Private board meeting")
        var form = sampleForm
        form["sharesResultsWithParticipants"] = true
        #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: owner, json: form).status == .ok)
        let webhook = try #require(
            try await api.send(
                .post, "/v1/webhooks", token: owner,
                json: ["url": "https://hooks.example.com/debrief", "events": ["form.published"]]
            ).string("id"))
        let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: owner).string("code"))
        let series = try #require(try await api.send(.get, "/v1/meetings/\(meeting)", token: owner).string("seriesId"))
        let member = try await api.send(.post, "/v1/series/\(series)/roster", token: owner, json: ["name": "Grace Hopper"])
        let memberID = try #require(member.string("id"))
        let marked = try await api.send(.post, "/v1/meetings/\(meeting)/attendance", token: owner, json: ["rosterMemberId": memberID])
        let checkIns = try #require(marked.json?["checkIns"] as? [[String: Any]], "\(marked.text)")
        var world = World(
            ownerEmail: ownerEmail, ownerToken: owner, meeting: meeting, series: series, code: code,
            rosterMember: memberID, checkIn: try #require(checkIns.first?["id"] as? String))
        let answered = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": 7]]])
        world.response = try #require(answered.string("id"), "\(answered.text)")
        // The room is open to questions, with one posted.
        try await api.send(
            .put, "/v1/meetings/\(meeting)/room-questions/settings", token: owner,
            json: ["enabled": true, "moderation": "postThenHide", "names": "anonymous"])
        world.roomVoter = try #require(try await RoomQuestionsTests.issue(api, code: code))
        let posted = try await api.send(
            .post, "/v1/f/\(code)/room-questions", json: ["text": "Who owns the roadmap?"], headers: [RoomQuestionsTests.voter: world.roomVoter])
        world.roomQuestion = try #require(posted.string("id"), "\(posted.text)")
        // An account made in SQL (it never signs in): quicker than a sign-up in every cell.
        world.bystanderEmail = "bystander-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        world.bystander = try #require(
            try await database.query(
                "INSERT INTO accounts (email, display_name, password_hash, email_verified_at) VALUES (\(world.bystanderEmail), 'Bystander', 'x', now()) RETURNING id::text AS id"
            ).first?.decode("id", as: String.self))
        world.webhook = webhook
        world.template = try #require(
            try await api.send(.post, "/v1/templates", token: owner, json: ["meetingId": meeting, "name": "Board check"]).string("id"))
        world.bankEntry = try #require(
            try await api.send(.post, "/v1/question-bank", token: owner, json: ["meetingId": meeting, "questionKey": "useful"]).string("id"))
        world.action = try #require(
            try await api.send(.post, "/v1/meetings/\(meeting)/actions", token: owner, json: ["title": "Follow up"]).string("id"))
        let deliveries = try await api.send(.get, "/v1/webhooks/\(webhook)/deliveries", token: owner)
        world.webhookDelivery = try #require((deliveries.json?["items"] as? [[String: Any]])?.first?["id"] as? String, "\(deliveries.text)")
        // Two check-ins of one unlisted name, the second a possible duplicate (made in SQL: the
        // world's form is anonymous, and the API keeps no names for those).
        let meetingID = try #require(UUID(uuidString: meeting))
        world.possibleDuplicate = try #require(
            try await database.query(
                """
                WITH f AS (SELECT id, meeting_id FROM forms WHERE meeting_id = \(meetingID))
                , first AS (
                    INSERT INTO check_ins (form_id, meeting_id, token_hash, name, name_key)
                    SELECT id, meeting_id, gen_random_uuid()::text, 'Sam', 'sam' FROM f RETURNING id
                )
                INSERT INTO check_ins (form_id, meeting_id, token_hash, name, name_key, duplicate_of, duplicate_status)
                SELECT f.id, f.meeting_id, gen_random_uuid()::text, 'sam', 'sam', first.id, 'possible' FROM f, first
                RETURNING id::text AS id
                """
            ).first?.decode("id", as: String.self))
        switch caller {
        case .otherHost:
            let email = "other-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let created = try await api.send(.post, "/v1/accounts", json: ["email": email, "password": Self.password, "displayName": "Other"])
            if created.status != .created {
                // Once in a whole run this sign-up of a fresh address answered 409: say what the
                // database held for it, to tell a doubled insert from a misread result.
                let held = try await database.query(
                    """
                    SELECT count(*) || ' made at ' || coalesce(string_agg(created_at::text, ', '), '-') || ', now ' || now() AS held
                    FROM accounts WHERE lower(email) = \(email)
                    """
                ).first?.decode("held", as: String.self)
                Issue.record("sign-up of \(email): \(created.status) \(created.text); accounts with it: \(held ?? "?")")
            }
            let login = try await api.send(.post, "/v1/tokens", json: ["email": email, "password": Self.password])
            #expect(login.status == .created, "\(login.text)")
            world.otherHostToken = login.string("token")
            // A transfer reaches only a proven address (decision 54): an admin vouches for this one.
            try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE lower(email) = \(email)")
            world.otherHostEmail = email
        case .admin:
            world.adminToken = try await Self.adminToken(api, database)
        case .expiredToken:
            let (token, id) = try await api.signUpAndLogIn()
            try await database.execute(
                "UPDATE access_tokens SET expires_at = now() - interval '1 minute' WHERE account_id = \(try #require(UUID(uuidString: id)))")
            world.expiredToken = token
        case .revokedToken:
            let (token, _) = try await api.signUpAndLogIn()
            #expect(try await api.send(.delete, "/v1/tokens/current", token: token).status == .noContent)
            world.revokedToken = token
        case .participant:
            let checkIn = try await api.send(.post, "/v1/f/\(code)/check-in", json: [String: Any]())
            // Bound first: assigned straight to an optional, `#require` would check nothing.
            let token: String = try #require(checkIn.string("participantToken"))
            world.participantToken = token
        case .editor, .viewer:
            let email = "cohost-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let (token, _) = try await api.signUpAndLogIn(email: email)
            // A share reaches only a proven address (decision 54): an admin vouches for this one.
            try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE lower(email) = \(email)")
            let shared = try await api.send(
                .post, "/v1/series/\(series)/shares", token: owner, json: ["email": email, "role": try #require(caller.sharedRole?.rawValue)])
            #expect(shared.status == .accepted, "\(shared.text)")
            world.coHostToken = token
            world.team = try await Self.makeTeam(api, owner: owner, member: email, role: try #require(caller.sharedRole?.rawValue))
        case .owner, .noToken, .garbageToken:
            break
        }
        if world.team.isEmpty { world.team = try await Self.makeTeam(api, owner: owner, member: nil, role: nil) }
        let offered = try await api.send(
            .post, "/v1/series/\(series)/transfer", token: owner, json: ["email": world.otherHostEmail ?? world.bystanderEmail])
        #expect(offered.status == .accepted, "\(offered.text)")
        let seriesID = try #require(UUID(uuidString: series))
        world.transfer = try #require(
            try await database.query("SELECT id::text AS id FROM series_transfer_offers WHERE series_id = \(seriesID)")
                .first?.decode("id", as: String.self))
        return world
    }

    /// An admin made the way `debrief admin create-host --admin` makes one, then signed in.
    static func adminToken(_ api: APIClient, _ database: Database) async throws -> String {
        let email = "admin-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let signUp = try SignUpInput(email: email, password: Self.password, displayName: "Admin").validate().get()
        let hasher = PasswordHasher(cost: 4, threads: 1)
        let account = try await AccountStore(database: database, hasher: hasher).create(signUp, role: .admin)
        await hasher.shutdown()
        #expect(account.role == .admin)
        let login = try await api.send(.post, "/v1/tokens", json: ["email": email, "password": Self.password])
        return try #require(login.string("token"))
    }

    /// What a refused call must leave as it was: the owner's meeting title, form state and roster.
    static func snapshot(_ api: APIClient, _ world: World) async throws -> [String] {
        let meeting = try await api.send(.get, "/v1/meetings/\(world.meeting)", token: world.ownerToken)
        let form = try await api.send(.get, "/v1/meetings/\(world.meeting)/form", token: world.ownerToken)
        let roster = try await api.send(.get, "/v1/series/\(world.series)/roster", token: world.ownerToken)
        let names = (roster.json?["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        return [meeting.string("title") ?? "no meeting", form.string("state") ?? "no form"] + names
    }

    static func meetingBody(daysFromNow days: Double) -> [String: Any] {
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + days * 86_400).rounded())
        return ["title": "Planned", "startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600))]
    }
}

/// The application and database connections every cell of the authorization matrix but the live
/// streams' shares, for as long as the suite runs: the suite's trait starts it before the first
/// cell and stops it after the last. Each cell used to start an application of its own: 2,960
/// starts, most of what the matrix cost PostgreSQL.
struct MatrixApplication: SuiteTrait, TestScoping {
    struct Shared: Sendable {
        var api: APIClient
        var database: Database
    }

    @TaskLocal static var shared: Shared?

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A connection per cell, and two for the application's own timers.
        let database = try await AuthorizationMatrixTests.cellDatabase(maxConnections: AuthorizationMatrixTests.cellsAtOnce + 2)
        let app = buildApplication(configuration: AuthorizationMatrixTests.cellConfiguration, database: database, logger: TestDatabase.logger)
        try await app.test(.router) { client in
            try await Self.$shared.withValue(Shared(api: APIClient(client: client), database: database), operation: function)
        }
    }
}
