@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The roster's e-mail addresses over the JSON API (`/v1/meetings/{id}/roster/emails`,
/// `…/roster/{memberId}/email`): what the roster's mail page does, with the page's one decision
/// of who may see addresses (those who may edit the series), a 422 naming `email` for anything
/// but one plain address, the account's allowance of changes, and no export that carries them.
@Suite("Roster e-mail addresses over the API")
struct RosterEmailAPITests {
    /// A published identified form with "Grace Hopper" on its series' roster.
    struct World: Sendable {
        var fixture: PublishedFixture
        var member: String
        var emails: String { "/v1/meetings/\(self.fixture.meetingID)/roster/emails" }
        var email: String { "/v1/meetings/\(self.fixture.meetingID)/roster/\(self.member)/email" }
    }

    static func world(_ api: ParticipantAPI) async throws -> World {
        let fixture = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
        let added = try await api.send(
            .post, "/v1/series/\(fixture.seriesID)/roster", token: fixture.hostToken, json: ["name": "Grace Hopper"])
        let member = try #require(added.string("id"), "\(added.text)")
        return World(fixture: fixture, member: member)
    }

    /// The members' addresses as the owner reads them, name → address ("" for none).
    static func addresses(_ api: ParticipantAPI, _ world: World) async throws -> [String: String] {
        let list = try await api.send(.get, world.emails, token: world.fixture.hostToken)
        #expect(list.status == .ok, "\(list.text)")
        let items = try #require(list.json?["items"] as? [[String: Any]], "\(list.text)")
        return Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as? String ?? "?", $0["email"] as? String ?? "") })
    }

    @Test func theOwnerListsSetsAndRemovesAnAddressAndRepeatsAreHarmless() async throws {
        try await ParticipantAPI.run { api, _ in
            let world = try await Self.world(api)
            let token = world.fixture.hostToken
            let empty = try await api.send(.get, world.emails, token: token)
            #expect(empty.status == .ok)
            #expect(empty.json?["mailConfigured"] as? Bool == false, "the test application sends no e-mail")
            let first = try #require((empty.json?["items"] as? [[String: Any]])?.first)
            #expect(first["memberId"] as? String == world.member)
            #expect(first["email"] == nil, "no address: the member is left out")
            #expect(first["unsubscribed"] as? Bool == false)

            for _ in 0..<2 {
                let set = try await api.send(.put, world.email, token: token, json: ["email": "  Grace@Example.ORG "])
                #expect(set.status == .ok, "\(set.text)")
                #expect(set.string("email") == "grace@example.org")
                #expect(set.string("memberId") == world.member)
            }
            #expect(try await Self.addresses(api, world) == ["Grace Hopper": "grace@example.org"])

            for _ in 0..<2 {
                #expect(try await api.send(.delete, world.email, token: token).status == .noContent)
            }
            #expect(try await Self.addresses(api, world) == ["Grace Hopper": ""])

            let unknown = "/v1/meetings/\(world.fixture.meetingID)/roster/\(UUID().uuidString.lowercased())/email"
            #expect(try await api.send(.put, unknown, token: token, json: ["email": "a@example.org"]).status == .notFound)
            #expect(try await api.send(.delete, unknown, token: token).status == .notFound)
        }
    }

    @Test(
        "Anything but one plain address is a 422 naming email, and nothing is stored",
        arguments: [
            (#"{"email": "<grace@example.org>"}"#, "email: must be the address alone, without a name or angle brackets"),
            (#"{"email": "Grace <grace@example.org>"}"#, "email: must be the address alone, without a name or angle brackets"),
            (#"{"email": "grace@example.org, eve@example.org"}"#, "email: must be a single address, without commas or semicolons"),
            (#"{"email": "grace@example.org\r\nBcc: eve@example.org"}"#, "email: must not contain control characters"),
            (#"{"email": "\"grace\"@example.org"}"#, "email: must not contain quotes, parentheses, brackets, colons or backslashes"),
            (#"{"email": "\#(String(repeating: "g", count: 65))@example.org"}"#, "email: must have at most 64 octets before the @"),
            (#"{"email": ".grace@example.org"}"#, "email: must not start or end with a dot before the @"),
            (#"{"email": "grace@example"}"#, "email: must be a valid email address"),
            (#"{"email": ""}"#, "email: must not be empty"),
            (#"{"email": null}"#, "email: is required"),
            (#"{}"#, "email: is required"),
            (#"{"email": 7}"#, "email: expected a string"),
        ])
    func badAddresses(body: String, problem: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let world = try await Self.world(api)
            let reply = try await api.send(.put, world.email, token: world.fixture.hostToken, raw: body)
            #expect(reply.status == .unprocessableContent, "\(reply.text)")
            #expect(reply.problemPaths == [problem])
            #expect(try await Self.addresses(api, world) == ["Grace Hopper": ""])
        }
    }

    @Test func aViewerCoHostGetsTheRosterWithoutAddressesAndAnEditorWithThem() async throws {
        try await ParticipantAPI.run { api, _ in
            let world = try await Self.world(api)
            let set = try await api.send(.put, world.email, token: world.fixture.hostToken, json: ["email": "grace@example.org"])
            #expect(set.status == .ok)
            let viewer = try await SeriesSharingTests.host(api)
            let editor = try await SeriesSharingTests.host(api)
            #expect(try await SeriesSharingTests.share(api, world.fixture, with: viewer, as: "viewer").status == .accepted)
            #expect(try await SeriesSharingTests.share(api, world.fixture, with: editor, as: "editor").status == .accepted)

            let list = try await api.send(.get, world.emails, token: viewer.token)
            #expect(list.status == .forbidden)
            #expect(!list.text.contains("grace@example.org"))
            // Refused before the body is read, like every write of a viewer.
            #expect(try await api.send(.put, world.email, token: viewer.token, raw: "{\"email\": 5}").status == .forbidden)
            #expect(try await api.send(.delete, world.email, token: viewer.token).status == .forbidden)
            // What a viewer may read of the roster has no address in it.
            for path in ["/v1/series/\(world.fixture.seriesID)/roster", "/v1/meetings/\(world.fixture.meetingID)/attendance"] {
                let read = try await api.send(.get, path, token: viewer.token)
                #expect(read.status == .ok, "\(path)")
                #expect(read.text.contains("Grace Hopper") && !read.text.contains("grace@example.org"), "\(path): \(read.text)")
            }
            #expect(try await Self.addresses(api, world) == ["Grace Hopper": "grace@example.org"], "the viewer changed nothing")

            let editorList = try await api.send(.get, world.emails, token: editor.token)
            #expect(editorList.status == .ok)
            #expect(editorList.text.contains("grace@example.org"))
            #expect(try await api.send(.delete, world.email, token: editor.token).status == .noContent)
        }
    }

    /// Addresses leave only through the list above: no export layout, CSV or workbook, of the
    /// meeting or its series carries one, even for a member who checked in and answered.
    @Test func noExportCarriesAnAddress() async throws {
        try await ParticipantAPI.run { api, _ in
            let world = try await Self.world(api)
            let token = world.fixture.hostToken
            let checkIn = try await api.send(.post, "/v1/f/\(world.fixture.code)/check-in", json: ["name": "Grace Hopper"])
            let participant = try #require(checkIn.string("participantToken"), "\(checkIn.text)")
            let answered = try await api.submit(
                world.fixture.code, ["participantToken": participant, "answers": ParticipantAPI.answers()])
            #expect(answered.status == .created, "\(answered.text)")
            #expect(try await api.send(.put, world.email, token: token, json: ["email": "grace@example.org"]).status == .ok)

            var paths: [String] = []
            for target in ["meetings/\(world.fixture.meetingID)", "series/\(world.fixture.seriesID)"] {
                paths += ExportLayout.Name.allCases.map { "/v1/\(target)/export.csv?layout=\($0.rawValue)" }
                paths.append("/v1/\(target)/export.xlsx")
            }
            for path in paths {
                let export = try await api.send(.get, path, token: token)
                #expect(export.status == .ok, "\(path): \(export.text.prefix(200))")
                let text = path.contains(".xlsx")
                    ? try await XLSXParser.sheets(export.body).flatMap { $0.sheet.rows.flatMap { $0 } }.joined(separator: "\n") : export.text
                #expect(!text.isEmpty, "\(path)")
                #expect(!text.lowercased().contains("grace@example.org"), "\(path) carries the address")
            }
        }
    }

    @Test func addressChangesAreCountedPerAccountByAdmission() async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.admission.rosterAddresses = RateLimitRate(perSecond: 0.001, burst: 2)
        try await ParticipantAPI.run(configuration: configuration) { api, _ in
            let world = try await Self.world(api)
            let token = world.fixture.hostToken
            #expect(try await api.send(.put, world.email, token: token, json: ["email": "grace@example.org"]).status == .ok)
            #expect(try await api.send(.delete, world.email, token: token).status == .noContent)
            let refused = try await api.send(.put, world.email, token: token, json: ["email": "grace@example.org"])
            #expect(refused.status == .tooManyRequests, "\(refused.text)")
            #expect(refused.problemCode == "rate_limited")
            #expect(refused.headers[.retryAfter].flatMap(Int.init) ?? 0 > 0)
            #expect(try await Self.addresses(api, world) == ["Grace Hopper": ""], "the refused change was not made")
            // The roster's mail page draws on the same allowance.
            let email = try #require(try await api.send(.get, "/v1/me", token: token).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let page = try await api.post(
                "/m/\(world.fixture.meetingID)/roster/mail", [("csrf", session.csrf), ("email-\(world.member)", "grace@example.org")],
                cookie: session.cookie)
            #expect(page.status == .tooManyRequests, "\(page.text.prefix(300))")
            #expect(page.inputValue("email-\(world.member)") == "grace@example.org", "the typed address comes back")
            #expect(page.headers[.retryAfter].flatMap(Int.init) ?? 0 > 0)
            #expect(try await Self.addresses(api, world) == ["Grace Hopper": ""], "nor the page's")
            // Another account's allowance is its own.
            let editor = try await SeriesSharingTests.host(api)
            #expect(try await SeriesSharingTests.share(api, world.fixture, with: editor, as: "editor").status == .accepted)
            #expect(try await api.send(.put, world.email, token: editor.token, json: ["email": "grace@example.org"]).status == .ok)
        }
    }
}
