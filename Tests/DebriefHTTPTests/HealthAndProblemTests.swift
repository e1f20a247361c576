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

@Suite("HTTP base: health, readiness, problem documents")
struct HealthAndProblemTests {
    @Test func healthAndReadinessAnswer() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let app = buildApplication(configuration: AppConfiguration(), database: database, logger: TestDatabase.logger)
            try await app.test(.router) { client in
                try await client.execute(uri: "/healthz", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
                    #expect(response.headers[.requestID] != nil)
                }
                try await client.execute(uri: "/readyz", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == #"{"status":"ready"}"#)
                }
            }
        }
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let app = buildApplication(configuration: AppConfiguration(), database: database, logger: TestDatabase.logger)
            let frameOptions = try #require(HTTPField.Name("X-Frame-Options"))
            let referrerPolicy = try #require(HTTPField.Name("Referrer-Policy"))
            try await app.test(.router) { client in
                // A success, an unknown route (404 problem) and an unauthenticated call (401 problem).
                for uri in ["/healthz", "/no/such/route", "/v1/meetings"] {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                        #expect(response.headers[frameOptions] == "DENY", "\(uri)")
                        #expect(response.headers[referrerPolicy] == "no-referrer", "\(uri)")
                        #expect(response.headers[.contentSecurityPolicy] == "default-src 'none'; frame-ancestors 'none'", "\(uri)")
                        #expect(response.headers[.cacheControl] == "no-store", "\(uri)")
                        #expect(response.headers[.accessControlAllowOrigin] == nil, "\(uri)")
                    }
                }
            }
        }
    }

    @Test func aPageSetsItsOwnPolicyAndKeepsTheOtherHeaders() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let app = buildApplication(configuration: AppConfiguration(), database: database, logger: TestDatabase.logger)
            let frameOptions = try #require(HTTPField.Name("X-Frame-Options"))
            let page = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
            try await app.test(.router) { client in
                // A page, an error page, a page with a script of its own (the sign-in page reads the
                // browser's time zone), and a page's asset (which keeps the API's policy).
                for (uri, policy) in [
                    ("/f/0000000000", page), ("/signin", "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; script-src 'self'; frame-ancestors 'none'"),
                    ("/assets/debrief.css", "default-src 'none'; frame-ancestors 'none'"),
                ] {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(response.headers[.contentSecurityPolicy] == policy, "\(uri)")
                        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                        #expect(response.headers[frameOptions] == "DENY", "\(uri)")
                    }
                }
                // A route's own caching is kept; pages are not cached.
                try await client.execute(uri: "/assets/debrief.css", method: .get) { response in
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                }
                try await client.execute(uri: "/signin", method: .get) { response in
                    #expect(response.headers[.cacheControl] == "no-store")
                }
            }
        }
    }

    @Test func readinessFailsWhenTheDatabaseIsUnreachable() async throws {
        let database = Database(
            configuration: DatabaseConfiguration(url: "postgresql://nobody@127.0.0.1:1/none", connectTimeoutSeconds: 1),
            logger: TestDatabase.logger)
        let app = buildApplication(configuration: AppConfiguration(), database: database, logger: TestDatabase.logger)
        try await app.test(.router) { client in
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(response.headers[.retryAfter] == "2")
                let problem = try JSONDecoder().decode(ProblemBody.self, from: response.body)
                #expect(problem.status == 503)
                #expect(problem.code == "not_ready")
            }
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
        await database.shutdown()
    }

    @Test func unknownRouteIsAProblemDocument() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let app = buildApplication(configuration: AppConfiguration(), database: database, logger: TestDatabase.logger)
            try await app.test(.router) { client in
                try await client.execute(uri: "/no/such/route", method: .get) { response in
                    #expect(response.status == .notFound)
                    #expect(response.headers[.contentType] == "application/problem+json")
                    let problem = try JSONDecoder().decode(ProblemBody.self, from: response.body)
                    #expect(problem.status == 404)
                    #expect(problem.title == "Not Found")
                    #expect(problem.code == "not_found")
                    #expect(problem.requestID == response.headers[.requestID])
                }
            }
        }
    }

    @Test func oversizedBodyIs413() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let app = buildApplication(
                configuration: AppConfiguration(maxBodyBytes: 1024), database: database, logger: TestDatabase.logger)
            try await app.test(.router) { client in
                let body = ByteBuffer(string: String(repeating: "x", count: 4096))
                try await client.execute(uri: "/healthz", method: .post, body: body) { response in
                    #expect(response.status == .contentTooLarge)
                    let problem = try JSONDecoder().decode(ProblemBody.self, from: response.body)
                    #expect(problem.status == 413)
                    #expect(problem.code == "body_too_large")
                }
            }
        }
    }
}

/// The members of a problem document the tests read.
struct ProblemBody: Decodable {
    struct FieldError: Decodable, Equatable {
        var path: String
        var message: String
    }

    var type: String
    var title: String
    var status: Int
    var detail: String?
    var code: String
    var errors: [FieldError]?
    var requestID: String?
    var conflictingID: String?

    /// The wire's keys (`requestId`), as a client written in any language reads them.
    enum CodingKeys: String, CodingKey {
        case type, title, status, detail, code, errors
        case requestID = "requestId", conflictingID = "conflictingId"
    }
}

extension JSONDecoder {
    func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        try self.decode(type, from: Data(buffer.readableBytesView))
    }
}

extension HTTPField.Name {
    static let requestID = HTTPField.Name("X-Request-Id") ?? .via
}
