@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PQ
import Testing

/// One HTTP reply, with the few ways the participant tests read it.
struct ParticipantReply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Data

    var text: String { String(decoding: self.body, as: UTF8.self) }
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: self.body)) as? [String: Any] }
    func string(_ key: String) -> String? { self.json?[key] as? String }
    /// `path: message` of every field problem of a problem document.
    var problemPaths: [String] {
        let errors = self.json?["errors"] as? [[String: Any]] ?? []
        return errors.map { "\($0["path"] as? String ?? "?"): \($0["message"] as? String ?? "?")" }
    }
    var problemCode: String? { self.string("code") }
}

/// A host with a meeting and a published form, made through the HTTP API.
struct PublishedFixture: Sendable {
    var hostToken: String
    var meetingID: String
    var seriesID: String
    var code: String
}

/// Drives a test application for the participant tests.
struct ParticipantAPI: Sendable {
    let client: any TestClientProtocol
    /// The application's database, when the test runs through ``run(configuration:poolSize:_:)``:
    /// ``signUp(proven:)`` marks addresses proven in it, as an admin vouching would.
    var database: Database? = nil

    /// A test configuration: cheap bcrypt, and no rate limits unless a test asks for them.
    static func configuration(limits: RateLimitSettings = .unlimited) -> AppConfiguration {
        var configuration = AppConfiguration.forTests
        configuration.participantRateLimits = limits
        configuration.signUpsPerAddressPerHour = 1_000_000
        return configuration
    }

    /// Runs `body` against a fresh database and an application on it (router mode: each request
    /// runs the real responder, so concurrent requests really run concurrently).
    static func run(
        configuration: AppConfiguration = Self.configuration(), poolSize: Int = 8,
        file: StaticString = #fileID, line: UInt = #line,
        _ body: @Sendable (ParticipantAPI, Database) async throws -> Void
    ) async throws {
        try await TestDatabase.withMigrated(maxConnections: poolSize, file: file, line: line) { database in
            let app = buildApplication(configuration: configuration, database: database, logger: TestDatabase.logger)
            try await app.test(.router) { client in try await body(ParticipantAPI(client: client, database: database), database) }
        }
    }

    /// Runs `body` against a live application on a fresh database (a real port, its background
    /// services running) with the form `form` makes published, and the port.
    static func runLive(
        publishing form: @escaping @Sendable () -> [String: Any] = { Self.sampleForm() }, file: StaticString = #fileID, line: UInt = #line,
        _ body: @Sendable (ParticipantAPI, PublishedFixture, Int) async throws -> Void
    ) async throws {
        try await TestDatabase.withMigrated(maxConnections: 8, file: file, line: line) { database in
            var configuration = Self.configuration()
            configuration.port = 0
            let app = buildApplication(configuration: configuration, database: database, logger: TestDatabase.logger)
            try await app.test(.live) { client in
                let api = ParticipantAPI(client: client)
                let fixture = try await api.publish(form())
                try await body(api, fixture, try #require(client.port))
            }
        }
    }

    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: Any? = nil, raw: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> ParticipantReply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json { body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json)) }
        if let raw { body = ByteBuffer(string: raw) }
        if body != nil { headers[.contentType] = "application/json" }
        let response = try await self.client.executeRequest(uri: uri, method: method, headers: headers, body: body)
        return ParticipantReply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
    }

    /// Signs a host up, schedules a meeting, saves `form` and publishes it.
    func publish(_ form: [String: Any] = Self.sampleForm()) async throws -> PublishedFixture {
        let email = "host-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let credentials = ["email": email, "password": "correct horse battery"]
        try #require(try await self.send(.post, "/v1/accounts", json: credentials.merging(["displayName": "Host"]) { a, _ in a }).status == .created)
        let token = try #require(try await self.send(.post, "/v1/tokens", json: credentials).string("token"))
        let start = Date().addingTimeInterval(86_400 * Double.random(in: 1...300))
        let meeting = try await self.send(
            .post, "/v1/meetings", token: token,
            json: ["title": "Retro 회고", "startsAt": Self.iso(start), "endsAt": Self.iso(start.addingTimeInterval(3600)), "place": "Room 4"])
        let meetingID = try #require(meeting.string("id"), "\(meeting.text)")
        let saved = try await self.send(.put, "/v1/meetings/\(meetingID)/form", token: token, json: form)
        try #require(saved.status == .ok, "\(saved.text)")
        let published = try await self.send(.post, "/v1/meetings/\(meetingID)/form/publish", token: token)
        return PublishedFixture(
            hostToken: token, meetingID: meetingID, seriesID: try #require(meeting.string("seriesId")),
            code: try #require(published.string("code"), "\(published.text)"))
    }

    /// Checks in and returns the participant token.
    func checkIn(_ code: String, name: String? = nil) async throws -> String {
        let reply = try await self.send(.post, "/v1/f/\(code)/check-in", json: name.map { ["name": $0] } ?? [:])
        return try #require(reply.string("participantToken"), "\(reply.status) \(reply.text)")
    }

    func submit(_ code: String, _ body: [String: Any], key: String? = nil) async throws -> ParticipantReply {
        try await self.submit(code, raw: String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self), key: key)
    }

    /// Submits a body given as JSON text (Sendable, so tasks can share it).
    func submit(_ code: String, raw: String, key: String? = nil) async throws -> ParticipantReply {
        var headers: HTTPFields = [:]
        if let key, let name = HTTPField.Name("Idempotency-Key") { headers[name] = key }
        return try await self.send(.post, "/v1/f/\(code)/responses", raw: raw, headers: headers)
    }

    /// JSON text of a body.
    static func text(_ body: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Five questions: two ratings, two choices (one multiple with "other"), one short answer.
    static func sampleForm(anonymous: Bool = true, allowsEditing: Bool = false) -> [String: Any] {
        [
            "title": "How was it?", "anonymous": anonymous, "allowsEditing": allowsEditing,
            "questions": [
                ["key": "useful", "prompt": "How useful?", "kind": "rating", "min": 1, "max": 5, "required": true],
                ["key": "topic", "prompt": "Best topics?", "kind": "choice", "allowsMultiple": true, "allowsOther": true,
                 "options": [["id": "roadmap", "label": "Roadmap"], ["id": "hiring", "label": "Hiring"], ["id": "budget", "label": "Budget"]]],
                ["key": "notes", "prompt": "Anything else?", "kind": "shortAnswer", "maxLength": 500],
                ["key": "nps", "prompt": "Recommend?", "kind": "rating", "min": 0, "max": 10],
                ["key": "pace", "prompt": "Pace?", "kind": "choice",
                 "options": [["id": "slow", "label": "Slow"], ["id": "ok", "label": "Fine"], ["id": "fast", "label": "Fast"]]],
            ],
        ]
    }

    /// A valid answer to every question of ``sampleForm(anonymous:allowsEditing:)``.
    static func answers(rating: Int = 4, topics: [String] = ["roadmap", "hiring"], notes: String = "Good", pace: String = "ok") -> [[String: Any]] {
        [
            ["questionKey": "useful", "rating": rating],
            ["questionKey": "topic", "optionIds": topics],
            ["questionKey": "notes", "text": notes],
            ["questionKey": "nps", "rating": 9],
            ["questionKey": "pace", "optionIds": [pace]],
        ]
    }

    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
    }
}

/// Counts rows with one query on the test database.
func participantCount(_ database: Database, _ query: SQLQuery) async throws -> Int {
    try #require(try await database.query(query).first).decode("n", as: Int.self)
}

@Suite("Participants: the test fixture itself")
struct ParticipantFixtureTests {
    @Test func publishingGivesACodeAndASubmissionIsStored() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            #expect(form.code.count == 10)
            let reply = try await api.submit(form.code, ["answers": ParticipantAPI.answers()])
            #expect(reply.status == .created, "\(reply.text)")
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM answers") == 6)
        }
    }
}
