@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("CORS: closed by default, open to configured origins on participant routes only")
struct CORSTests {
    static let app = "https://feedback.example.com"
    static let corsHeaders: [HTTPField.Name] = [
        .accessControlAllowOrigin, .accessControlAllowMethods, .accessControlAllowHeaders, .accessControlAllowCredentials,
        .accessControlExposeHeaders, .accessControlMaxAge,
    ]

    static func configuration(_ origins: String) throws -> AppConfiguration {
        var configuration = ParticipantAPI.configuration()
        configuration.corsOrigins = try CORSAllowList.parse(origins)
        return configuration
    }

    static func preflight(_ origin: String, method: String = "POST") -> HTTPFields {
        [.origin: origin, .accessControlRequestMethod: method, .accessControlRequestHeaders: "content-type, idempotency-key"]
    }

    @Test func byDefaultNoResponseCarriesACORSHeader() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let replies = [
                try await api.send(.options, "/v1/f/\(form.code)/responses", headers: Self.preflight(Self.app)),
                try await api.send(.get, "/v1/f/\(form.code)", headers: [.origin: Self.app]),
                try await api.send(.post, "/v1/f/\(form.code)/responses", json: ["answers": ParticipantAPI.answers()], headers: [.origin: Self.app]),
                try await api.send(.get, "/v1/meetings/\(form.meetingID)", token: form.hostToken, headers: [.origin: Self.app]),
            ]
            #expect(replies[0].status != .noContent)
            #expect(replies[1].status == .ok)
            #expect(replies[2].status == .created)
            for reply in replies {
                for name in Self.corsHeaders { #expect(reply.headers[name] == nil, "\(name): \(reply.headers)") }
                #expect(reply.headers[.vary]?.contains("Origin") != true, "\(reply.headers)")
            }
        }
    }

    @Test func anAllowedOriginGetsPreflightAndReadsParticipantRoutes() async throws {
        try await ParticipantAPI.run(configuration: try Self.configuration("https://other.example, \(Self.app)")) { api, _ in
            let form = try await api.publish()
            let preflight = try await api.send(.options, "/v1/f/\(form.code)/responses", headers: Self.preflight(Self.app))
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == Self.app)
            #expect(preflight.headers[.accessControlAllowMethods] == "GET, POST")
            #expect(preflight.headers[.accessControlAllowHeaders] == "Content-Type, Idempotency-Key, Debrief-Voter")
            #expect(preflight.headers[.accessControlMaxAge] == "600")
            #expect(preflight.headers[.vary] == "Origin")
            #expect(preflight.headers[.accessControlAllowCredentials] == nil)

            let read = try await api.send(.get, "/v1/f/\(form.code)", headers: [.origin: Self.app])
            #expect(read.status == .ok)
            #expect(read.headers[.accessControlAllowOrigin] == Self.app)
            #expect(read.headers[.vary] == "Accept-Language, Origin", "what the route varies on, and Origin")
            #expect(read.headers[.accessControlExposeHeaders] == "Retry-After, X-Request-Id, Debrief-Voter")
            #expect(read.headers[.accessControlAllowCredentials] == nil)

            let submitted = try await api.send(
                .post, "/v1/f/\(form.code)/responses", json: ["answers": ParticipantAPI.answers()], headers: [.origin: Self.app])
            #expect(submitted.status == .created)
            #expect(submitted.headers[.accessControlAllowOrigin] == Self.app)
            // Problems too, so the app can read why it was refused.
            let refused = try await api.send(.post, "/v1/f/\(form.code)/responses", raw: "{", headers: [.origin: Self.app])
            #expect(refused.status == .badRequest)
            #expect(refused.headers[.accessControlAllowOrigin] == Self.app)
        }
    }

    @Test func anotherOriginGetsNoCORSHeadersButVaryOrigin() async throws {
        try await ParticipantAPI.run(configuration: try Self.configuration(Self.app)) { api, _ in
            let form = try await api.publish()
            for origin in ["https://evil.example", "https://feedback.example.com.evil.example", "http://feedback.example.com", "null"] {
                let preflight = try await api.send(.options, "/v1/f/\(form.code)/responses", headers: Self.preflight(origin))
                #expect(preflight.status != .noContent, "\(origin)")
                let read = try await api.send(.get, "/v1/f/\(form.code)", headers: [.origin: origin])
                #expect(read.status == .ok)
                for reply in [preflight, read] {
                    for name in Self.corsHeaders { #expect(reply.headers[name] == nil, "\(origin) \(name)") }
                }
                #expect(read.headers[.vary] == "Accept-Language, Origin")
            }
            // A preflight for a method the participant routes do not have is not answered.
            let delete = try await api.send(.options, "/v1/f/\(form.code)", headers: Self.preflight(Self.app, method: "DELETE"))
            #expect(delete.status != .noContent)
            #expect(delete.headers[.accessControlAllowOrigin] == nil)
        }
    }

    @Test func hostRoutesNeverAnswerCrossOrigin() async throws {
        try await ParticipantAPI.run(configuration: try Self.configuration(Self.app)) { api, _ in
            let form = try await api.publish()
            let preflight = try await api.send(.options, "/v1/meetings/\(form.meetingID)", headers: Self.preflight(Self.app, method: "GET"))
            let read = try await api.send(.get, "/v1/meetings/\(form.meetingID)", token: form.hostToken, headers: [.origin: Self.app])
            #expect(preflight.status != .noContent)
            #expect(read.status == .ok)
            for reply in [preflight, read] {
                for name in Self.corsHeaders { #expect(reply.headers[name] == nil, "\(name)") }
            }
        }
    }

    // MARK: - The allow-list

    @Test func originsAreParsedExactlyAndNormalized() throws {
        let list = try CORSAllowList.parse(" https://Feedback.Example.com , http://localhost:5173,,https://feedback.example.com")
        #expect(list.origins == ["https://feedback.example.com", "http://localhost:5173"])
        #expect(list.allows("https://feedback.example.com"))
        #expect(list.allows("HTTPS://FEEDBACK.EXAMPLE.COM"))
        #expect(!list.allows("https://feedback.example.com:443"))
        #expect(!list.allows("http://localhost"))
        #expect(try CORSAllowList.parse("").isEmpty)
        #expect(try CORSAllowList.parse(" , ").isEmpty)
        #expect(CORSAllowList.none.isEmpty)
    }

    @Test(arguments: [
        "*", "null", "feedback.example.com", "ftp://feedback.example.com", "https://", "https://feedback.example.com/",
        "https://feedback.example.com/app", "https://feedback.example.com?x=1", "https://ana@feedback.example.com",
        "https://feedback.example.com:443", "http://feedback.example.com:80", "https://feedback.example.com:99999",
        "https://feedback.example.com#top",
    ])
    func malformedOriginsAreRefusedWithAReason(_ origin: String) {
        #expect(throws: CORSOriginError.self) { try CORSAllowList.parse("https://ok.example, \(origin)") }
        do {
            _ = try CORSAllowList.parse(origin)
        } catch {
            #expect(error.description.hasPrefix("invalid CORS origin '\(origin)': "))
        }
    }
}
