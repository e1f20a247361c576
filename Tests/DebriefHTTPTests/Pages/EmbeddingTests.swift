@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Embedding (issue 50, docs/decisions/0068): the participant's pages alone may be framed, by the
/// origins `--embed-origins` lists; every other response keeps `frame-ancestors 'none'` and
/// `X-Frame-Options: DENY`; a receipt made inside a frame is partitioned to the framing site.
@Suite("Pages: embedding the form and the room's results")
struct EmbeddingTests {
    static let origins = "https://intranet.example.com, https://*.example.org"
    static let frameOptions = HTTPField.Name("X-Frame-Options")!

    static func configuration(embedding: Bool) throws -> AppConfiguration {
        var configuration = ParticipantAPI.configuration()
        if embedding { configuration.embedOrigins = try FrameAncestors.parse(Self.origins, publicSuffixes: PublicSuffixList(text: "org\ncom")) }
        return configuration
    }

    /// The form shares its results, so the thanks page shows the room's results.
    static var sharingForm: [String: Any] {
        var form = ParticipantAPI.sampleForm()
        form["sharesResultsWithParticipants"] = true
        return form
    }

    /// Whether `reply` may be framed by exactly `sources` ('none': by nobody), and says so once.
    static func expectFraming(_ reply: ParticipantReply, _ sources: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let policy = reply.headers[.contentSecurityPolicy] ?? ""
        let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(directives.filter { $0.hasPrefix("frame-ancestors") } == ["frame-ancestors \(sources)"], "\(what): \(policy)", sourceLocation: sourceLocation)
        let deny = reply.headers[values: Self.frameOptions]
        #expect(deny == (sources == "'none'" ? ["DENY"] : []), "\(what): X-Frame-Options \(deny)", sourceLocation: sourceLocation)
    }

    /// Every response a browser might load: the participant's pages (form, post, check-in,
    /// thanks, an unknown code's error page), a host's page, sign-in, JSON, an asset, a 404.
    static func everyKindOfResponse(_ api: ParticipantAPI) async throws -> (participant: [(String, ParticipantReply)], other: [(String, ParticipantReply)]) {
        let form = try await api.publish(Self.sharingForm)
        let (_, session) = try await DashboardPageTests.meetingWithAnswers(api, count: 0)
        let page = try await api.page("/f/\(form.code)")
        let key = try #require(page.inputValue("idempotency_key"))
        let posted = try await api.post("/f/\(form.code)", ParticipantPageTests.completeAnswer(key: key))
        #expect(posted.status == .seeOther)
        let refused = try await api.post("/f/\(form.code)", [("idempotency_key", try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key")))])
        #expect(refused.status == .unprocessableContent)
        let checkIn = try await api.post("/f/\(form.code)/check-in", [("name", "")])
        let thanks = try await api.page("/f/\(form.code)/thanks")
        #expect(thanks.text.contains("<div class=\"questions\">"), "the thanks page shows the shared results")
        let participant = [
            ("form", page), ("submitted", posted), ("refused", refused), ("check-in", checkIn), ("thanks", thanks),
            ("unknown code", try await api.page("/f/zzzzzzzzzz")),
        ]
        let other = [
            ("dashboard", try await api.page("/m/\(form.meetingID)", cookie: session.cookie)),
            ("meetings", try await api.page("/m", cookie: session.cookie)),
            ("sign-in", try await api.page("/signin")),
            ("participant JSON", try await api.send(.get, "/v1/f/\(form.code)")),
            ("shared results JSON", try await api.send(.get, "/v1/f/\(form.code)/results")),
            ("host JSON", try await api.send(.get, "/v1/meetings", token: form.hostToken)),
            ("stylesheet", try await api.page("/assets/debrief.css")),
            ("unknown route", try await api.page("/nothing/here")),
            ("health", try await api.page("/healthz")),
        ]
        return (participant, other)
    }

    @Test func offByDefaultNoResponseMayBeFramed() async throws {
        try await ParticipantAPI.run(configuration: try Self.configuration(embedding: false)) { api, _ in
            let (participant, other) = try await Self.everyKindOfResponse(api)
            for (what, reply) in participant + other { Self.expectFraming(reply, "'none'", what) }
        }
    }

    @Test func theParticipantsPagesAloneMayBeFramedByTheListedOrigins() async throws {
        try await ParticipantAPI.run(configuration: try Self.configuration(embedding: true)) { api, _ in
            let (participant, other) = try await Self.everyKindOfResponse(api)
            for (what, reply) in participant {
                Self.expectFraming(reply, "https://intranet.example.com https://*.example.org", what)
            }
            for (what, reply) in other { Self.expectFraming(reply, "'none'", what) }
            // The page's own policy is kept around the one directive.
            let form = try #require(participant.first?.1.headers[.contentSecurityPolicy])
            #expect(form.hasPrefix(ContentSecurityPolicy.page + "; frame-ancestors "), "\(form)")
        }
    }

    /// A route's own framing is replaced, not added to: the policy decides alone.
    @Test func aRoutesOwnFramingIsReplaced() throws {
        let policy = try FramePolicy(embedOrigins: FrameAncestors.parse("https://a.example.com", publicSuffixes: nil))
        var headers: HTTPFields = [.contentSecurityPolicy: "default-src 'none'; frame-ancestors *; base-uri 'none'"]
        headers[Self.frameOptions] = "SAMEORIGIN"
        policy.apply(to: &headers, endpoint: "/m/{id}")
        #expect(headers[.contentSecurityPolicy] == "default-src 'none'; base-uri 'none'; frame-ancestors 'none'")
        #expect(headers[values: Self.frameOptions] == ["DENY"])
        policy.apply(to: &headers, endpoint: "/f/{code}")
        #expect(headers[.contentSecurityPolicy] == "default-src 'none'; base-uri 'none'; frame-ancestors https://a.example.com")
        #expect(headers[values: Self.frameOptions] == [])
        #expect(!policy.isEmbeddable(endpoint: "/v1/f/{code}") && !policy.isEmbeddable(endpoint: "NotFound") && !policy.isEmbeddable(endpoint: nil))
    }

    /// The `debrief_answered` header a reply sets.
    static func receiptHeader(_ reply: ParticipantReply) -> String? {
        reply.headers[values: .setCookie].first { $0.hasPrefix("debrief_answered=") }
    }

    /// Inside a frame (`Sec-Fetch-Dest: iframe`) with embedding on, the receipt is
    /// `SameSite=None; Secure; Partitioned`, and still refuses a second answer; on our own pages,
    /// and in frames while embedding is off, it stays `SameSite=Lax`.
    @Test func aReceiptMadeInAFrameIsPartitioned() async throws {
        let framed: HTTPFields = [HTTPField.Name("Sec-Fetch-Dest")!: "iframe"]
        try await ParticipantAPI.run(configuration: try Self.configuration(embedding: true)) { api, database in
            let form = try await api.publish()
            func answer(headers: HTTPFields, cookie: String? = nil) async throws -> ParticipantReply {
                let key = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
                return try await api.post("/f/\(form.code)", ParticipantPageTests.completeAnswer(key: key), cookie: cookie, headers: headers)
            }
            let inFrame = try await answer(headers: framed)
            let header = try #require(Self.receiptHeader(inFrame), "\(inFrame.headers)")
            #expect(header.contains("SameSite=None") && header.contains("Secure") && header.hasSuffix("; Partitioned"), "\(header)")
            #expect(header.contains("HttpOnly") && header.contains("Path=/f/\(form.code)"), "\(header)")
            let cookie = String(header.prefix { $0 != ";" })
            let again = try await answer(headers: framed, cookie: cookie)
            #expect(again.status == .conflict, "the framed receipt refuses a second answer from that frame")
            #expect(try await ParticipantPageTests.responses(database) == 1)

            let topLevel = try #require(Self.receiptHeader(try await answer(headers: [:])))
            #expect(topLevel.contains("SameSite=Lax") && !topLevel.contains("Partitioned"), "\(topLevel)")
        }
        try await ParticipantAPI.run(configuration: try Self.configuration(embedding: false)) { api, _ in
            let form = try await api.publish()
            let key = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
            let reply = try await api.post("/f/\(form.code)", ParticipantPageTests.completeAnswer(key: key), headers: framed)
            let header = try #require(Self.receiptHeader(reply))
            #expect(header.contains("SameSite=Lax") && !header.contains("Partitioned"), "\(header)")
        }
    }

    /// The dashboard shows the `<iframe>` markup to copy while embedding is on (the series' link,
    /// and the results of a form that shares them), and how to turn it on while it is off.
    @Test func theDashboardShowsTheSnippetOrHowToTurnItOn() async throws {
        try await ParticipantAPI.run(configuration: try Self.configuration(embedding: true)) { api, _ in
            let (fixture, session) = try await DashboardPageTests.meetingWithAnswers(api, form: Self.sharingForm, count: 0)
            let html = try await api.page("/m/\(fixture.meetingID)", cookie: session.cookie).text
            let series = try #require(html.firstMatch(of: /id="series-code">([^<]+)</).map { String($0.1) })
            let base = AppConfiguration.forTests.publicBaseURL
            #expect(html.contains(
                "<textarea id=\"embed-form\" readonly rows=\"3\">&lt;iframe src=&quot;\(base)/f/\(series)&quot; title=&quot;Retro 회고&quot; width=&quot;100%&quot; height=&quot;720&quot; style=&quot;border:0&quot;&gt;&lt;/iframe&gt;</textarea>"),
                "\(html)")
            #expect(html.contains("&lt;iframe src=&quot;\(base)/f/\(fixture.code)/thanks&quot;"))
            #expect(html.contains("https://intranet.example.com, https://*.example.org"))
            #expect(!html.contains("id=\"embed-off\""))
        }
        try await ParticipantAPI.run(configuration: try Self.configuration(embedding: false)) { api, _ in
            let (fixture, session) = try await DashboardPageTests.meetingWithAnswers(api, count: 0)
            let html = try await api.page("/m/\(fixture.meetingID)", cookie: session.cookie).text
            #expect(html.contains("<p class=\"muted\" id=\"embed-off\">Embedding is off"), "\(html)")
            #expect(html.contains("--embed-origins (DEBRIEF_EMBED_ORIGINS)"))
            #expect(!html.contains("&lt;iframe"))
        }
    }
}
