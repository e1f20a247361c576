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

/// Drives one test application over HTTP with JSON bodies.
struct APIClient {
    let client: any TestClientProtocol

    struct Reply {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: Data

        /// The body as a JSON object (or nil).
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: self.body)) as? [String: Any] }
        var text: String { String(decoding: self.body, as: UTF8.self) }
        func string(_ key: String) -> String? { self.json?[key] as? String }

        /// The body as a problem document; records an issue if it is not one.
        var problem: ProblemBody? {
            #expect(self.headers[.contentType] == "application/problem+json", "not a problem: \(self.text)")
            return try? JSONDecoder().decode(ProblemBody.self, from: self.body)
        }

        /// `path: message` for each field problem.
        var problemPaths: [String] { self.problem?.errors?.map { "\($0.path): \($0.message)" } ?? [] }
    }

    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: Any? = nil, rawBody: String? = nil,
        bytes: (data: Data, contentType: String)? = nil, headers extra: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            headers[.contentType] = "application/json"
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
        } else if let rawBody {
            headers[.contentType] = "application/json"
            body = ByteBuffer(string: rawBody)
        } else if let bytes {
            headers[.contentType] = bytes.contentType
            body = ByteBuffer(bytes: bytes.data)
        }
        return try await self.client.execute(uri: uri, method: method, headers: headers, body: body) { response in
            Reply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
        }
    }

    // MARK: - Common steps

    /// Signs up and logs in; returns the token and the account id.
    func signUpAndLogIn(email: String = "host-\(UUID().uuidString.prefix(8))@example.com", name: String = "Host") async throws -> (token: String, id: String) {
        let password = "correct horse battery"
        let created = try await self.send(.post, "/v1/accounts", json: ["email": email, "password": password, "displayName": name])
        #expect(created.status == .created, "\(created.text)")
        let login = try await self.send(.post, "/v1/tokens", json: ["email": email, "password": password])
        #expect(login.status == .created, "\(login.text)")
        return (try #require(login.string("token")), try #require(created.string("id")))
    }

    /// Creates a meeting starting `daysFromNow` days from now, lasting an hour; returns its id.
    func createMeeting(token: String, title: String = "Weekly sync", daysFromNow: Double = 1) async throws -> String {
        // Whole seconds, so times read back from JSON (milliseconds) are exact.
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + daysFromNow * 86_400).rounded())
        let reply = try await self.send(
            .post, "/v1/meetings", token: token,
            json: ["title": title, "startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600)), "expectedHeadCount": 10])
        #expect(reply.status == .created, "\(reply.text)")
        return try #require(reply.string("id"))
    }

    /// Saves the sample form (one question of each kind) as the meeting's draft.
    @discardableResult
    func putSampleForm(token: String, meeting: String) async throws -> Reply {
        let reply = try await self.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: sampleForm)
        #expect(reply.status == .ok, "\(reply.text)")
        return reply
    }
}

/// A form with all three question kinds and explicit keys.
var sampleForm: [String: Any] {
    [
    "title": "How was the sync?",
    "anonymous": true,
    "questions": [
        ["key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 0, "max": 10, "required": true],
        [
            "key": "topic", "prompt": "Best topic?", "kind": "choice",
            "options": [["id": "roadmap", "label": "Roadmap"], ["id": "hiring", "label": "Hiring"]], "allowsOther": true,
        ],
        ["key": "notes", "prompt": "Anything else?", "kind": "shortAnswer", "maxLength": 500],
    ],
    ]
}

func iso(_ date: Date) -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
}

extension AppConfiguration {
    /// Cheap bcrypt so sign-ups are fast, and no sign-up limit: every test signs its hosts up
    /// from one address (the limit has tests of its own).
    static var forTests: AppConfiguration {
        var configuration = AppConfiguration(bcryptCost: 4)
        configuration.signUpsPerAddressPerHour = 1_000_000
        // Tests submit from one address as fast as the machine allows: on a fast machine the
        // default burst would refuse some. The rate-limit suites set their own limits.
        configuration.participantRateLimits = .unlimited
        return configuration
    }
}

/// A migrated database and an application on it, with cheap bcrypt so sign-ups are fast.
func withTestApp(
    configuration: AppConfiguration = .forTests,
    file: StaticString = #fileID, line: UInt = #line,
    _ body: @escaping @Sendable (APIClient, Database) async throws -> Void
) async throws {
    try await TestDatabase.withMigrated(file: file, line: line) { database in
        let app = buildApplication(configuration: configuration, database: database, logger: TestDatabase.logger)
        try await app.test(.router) { client in try await body(APIClient(client: client), database) }
    }
}
