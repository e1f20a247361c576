@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Co-hosts (docs/decisions/0033-co-hosts.md): what each role may do through the API, that a
/// revoked share refuses the very next request (results served from memory included), transfer
/// offers the heir accepts, answers that do not tell accounts apart, and bad bodies named by their
/// field. The authorization matrix checks every route × role; these
/// follow whole stories.
@Suite("Co-hosts: sharing a series")
struct SeriesSharingTests {
    /// A host's email, token and account id.
    struct Host: Sendable {
        var email: String
        var token: String
        var id: String
    }

    @Test func aViewerReadsEverythingAndChangesNothingUntilRevoked() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let viewer = try await Self.host(api)
            let shared = try await Self.share(api, fixture, with: viewer, as: "viewer")
            #expect(shared.status == .accepted, "\(shared.text)")
            #expect(try await Self.roles(api, fixture) == [viewer.email: "viewer"])
            let answered = try await api.submit(fixture.code, ["answers": [["questionKey": "useful", "rating": 5]]])
            #expect(answered.status == .created)

            let meeting = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: viewer.token)
            #expect(meeting.status == .ok)
            #expect(meeting.string("role") == "viewer")
            let list = try await api.send(.get, "/v1/meetings", token: viewer.token)
            let items = try #require(list.json?["items"] as? [[String: Any]])
            #expect(items.map { $0["role"] as? String } == ["viewer"], "the shared meeting is listed with its role")
            // The owner's read fills the shared report; the viewer's is served from it.
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken).status == .ok)
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: viewer.token)
            #expect(results.status == .ok)
            #expect((results.json?["summary"] as? [String: Any])?["responses"] as? Int == 1)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv", token: viewer.token).status == .ok)
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/trends", token: viewer.token).status == .ok)

            let renamed = try await api.send(.patch, "/v1/meetings/\(fixture.meetingID)", token: viewer.token, json: ["title": "Mine now"])
            #expect(renamed.status == .forbidden)
            #expect(renamed.problemCode == "forbidden")
            // Decided before the body: a malformed one is still a 403, not a lesson in the format.
            let malformed = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: viewer.token, raw: "{\"title\": 5}")
            #expect(malformed.status == .forbidden, "\(malformed.text)")
            #expect(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/close", token: viewer.token).status == .forbidden)
            let owner = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken)
            #expect(owner.string("title") == "Retro 회고", "nothing the viewer tried changed the meeting")

            let revoked = try await api.send(.delete, "/v1/series/\(fixture.seriesID)/shares/\(viewer.id)", token: fixture.hostToken)
            #expect(revoked.status == .noContent)
            for path in ["/v1/meetings/\(fixture.meetingID)", "/v1/meetings/\(fixture.meetingID)/results", "/v1/series/\(fixture.seriesID)/shares"] {
                let after = try await api.send(.get, path, token: viewer.token)
                #expect(after.status == .notFound, "\(path) after the revoke: \(after.status)")
            }
            let again = try await api.send(.delete, "/v1/series/\(fixture.seriesID)/shares/\(viewer.id)", token: fixture.hostToken)
            #expect(again.status == .notFound, "a share revoked already is not found")
        }
    }

    @Test func anEditorRunsTheMeetingsButNeitherDeletesNorShares() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let owner = try await Self.me(api, fixture.hostToken)
            let editor = try await Self.host(api)
            let stranger = try await Self.host(api)
            #expect(try await Self.share(api, fixture, with: editor, as: "viewer").status == .accepted)
            let promoted = try await Self.share(api, fixture, with: editor, as: "editor")
            #expect(promoted.status == .accepted, "\(promoted.text)")
            #expect(try await Self.roles(api, fixture) == [editor.email: "editor"], "sharing again changes the role")

            let renamed = try await api.send(.patch, "/v1/meetings/\(fixture.meetingID)", token: editor.token, json: ["title": "Retro, edited"])
            #expect(renamed.status == .ok, "\(renamed.text)")
            #expect(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/close", token: editor.token).status == .ok)
            let start = Date().addingTimeInterval(400 * 86_400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: editor.token,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            #expect(next.status == .created, "\(next.text)")
            #expect(next.string("hostId")?.lowercased() == owner.lowercased(), "the new session is the owner's")
            #expect(next.string("role") == "editor")

            #expect(try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)", token: editor.token).status == .forbidden)
            let share = try await Self.share(api, fixture, with: stranger, as: "viewer", token: editor.token)
            #expect(share.status == .forbidden)
            let transfer = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/transfer", token: editor.token, json: ["email": editor.email])
            #expect(transfer.status == .forbidden)
            let sharing = try await api.send(.get, "/v1/series/\(fixture.seriesID)/shares", token: editor.token)
            #expect(sharing.status == .ok)
            #expect(sharing.string("yourRole") == "editor")
            #expect((sharing.json?["shares"] as? [[String: Any]])?.map { $0["email"] as? String } == [editor.email])
            // A stranger still cannot tell the series exists.
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/shares", token: stranger.token).status == .notFound)
        }
    }

    @Test func aTransferWaitsForTheHeirToAcceptAndThenMovesEverySession() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let former = try await Self.me(api, fixture.hostToken)
            let heir = try await Self.host(api)
            let start = Date().addingTimeInterval(300 * 86_400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let nextID = try #require(next.string("id"), "\(next.text)")

            let offered = try await api.send(.post, "/v1/series/\(fixture.seriesID)/transfer", token: fixture.hostToken, json: ["email": heir.email])
            #expect(offered.status == .accepted, "\(offered.text)")
            // Nothing moves on the sender's word alone.
            #expect(try await api.send(.get, "/v1/meetings/\(nextID)", token: heir.token).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(nextID)", token: fixture.hostToken).string("role") == "owner")
            let offers = try #require(try await api.send(.get, "/v1/transfers", token: heir.token).json?["transfers"] as? [[String: Any]])
            #expect(offers.count == 1)
            #expect((offers.first?["seriesId"] as? String)?.lowercased() == fixture.seriesID.lowercased())
            let offer = try #require(offers.first?["id"] as? String)
            // Only the heir may take it: the owner, or anyone else, finds no such offer.
            let stranger = try await Self.host(api)
            #expect(try await api.send(.get, "/v1/transfers", token: stranger.token).json?["transfers"] as? [Any] != nil)
            #expect(try await api.send(.post, "/v1/transfers/\(offer)/accept", token: stranger.token).status == .notFound)
            #expect(try await api.send(.post, "/v1/transfers/\(offer)/accept", token: fixture.hostToken).status == .notFound)

            // A meeting of the heir at the second session's time: accepting would double-book them.
            let busy = try await api.send(
                .post, "/v1/meetings", token: heir.token,
                json: ["title": "Busy", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(1800))])
            let busyID = try #require(busy.string("id"), "\(busy.text)")
            let clash = try await api.send(.post, "/v1/transfers/\(offer)/accept", token: heir.token)
            #expect(clash.status == .conflict, "\(clash.text)")
            #expect(try await api.send(.get, "/v1/meetings/\(nextID)", token: heir.token).status == .notFound, "nothing moved")
            #expect(try await api.send(.delete, "/v1/meetings/\(busyID)", token: heir.token).status == .noContent)

            let moved = try await api.send(.post, "/v1/transfers/\(offer)/accept", token: heir.token)
            #expect(moved.status == .ok, "\(moved.text)")
            #expect(moved.string("yourRole") == "owner")
            for id in [fixture.meetingID, nextID] {
                let meeting = try await api.send(.get, "/v1/meetings/\(id)", token: heir.token)
                #expect(meeting.string("role") == "owner")
                #expect(meeting.string("hostId")?.lowercased() == heir.id.lowercased())
                let formerView = try await api.send(.get, "/v1/meetings/\(id)", token: fixture.hostToken)
                #expect(formerView.string("role") == "editor")
            }
            #expect(try await api.send(.post, "/v1/transfers/\(offer)/accept", token: heir.token).status == .notFound, "used up")
            #expect((try await api.send(.get, "/v1/transfers", token: heir.token).json?["transfers"] as? [Any])?.isEmpty == true)
            #expect(try await api.send(.delete, "/v1/meetings/\(nextID)", token: fixture.hostToken).status == .forbidden)
            let revoke = try await api.send(.delete, "/v1/series/\(fixture.seriesID)/shares/\(former)", token: heir.token)
            #expect(revoke.status == .noContent)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).status == .notFound)
        }
    }

    @Test func anOfferCanBeDeclinedOrCancelled() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let heir = try await Self.host(api)
            let path = "/v1/series/\(fixture.seriesID)/transfer"
            #expect(try await api.send(.post, path, token: fixture.hostToken, json: ["email": heir.email]).status == .accepted)
            let offer = try #require(
                (try await api.send(.get, "/v1/transfers", token: heir.token).json?["transfers"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await api.send(.post, "/v1/transfers/\(offer)/decline", token: heir.token).status == .noContent)
            #expect(try await api.send(.post, "/v1/transfers/\(offer)/accept", token: heir.token).status == .notFound)
            #expect(try await api.send(.delete, path, token: fixture.hostToken).status == .notFound, "declined: nothing to cancel")

            #expect(try await api.send(.post, path, token: fixture.hostToken, json: ["email": heir.email]).status == .accepted)
            let second = try #require(
                (try await api.send(.get, "/v1/transfers", token: heir.token).json?["transfers"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await api.send(.delete, path, token: fixture.hostToken).status == .noContent)
            #expect(try await api.send(.post, "/v1/transfers/\(second)/accept", token: heir.token).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).string("role") == "owner")
        }
    }

    /// Sharing and offering the series answer the same whatever the address: the caller cannot
    /// tell which addresses have accounts.
    @Test(arguments: ["shares", "transfer"])
    func answersDoNotTellAccountsApart(_ route: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let known = try await Self.host(api)
            let unknown = "nobody-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            func send(_ email: String) async throws -> ParticipantReply {
                try await api.send(
                    .post, "/v1/series/\(fixture.seriesID)/\(route)", token: fixture.hostToken, json: ["email": email, "role": "viewer"]
                        .filter { route == "shares" || $0.key == "email" })
            }
            let toKnown = try await send(known.email)
            let toUnknown = try await send(unknown)
            #expect(toKnown.status == .accepted, "\(toKnown.text)")
            #expect(toUnknown.status == toKnown.status)
            #expect(toUnknown.text.replacingOccurrences(of: unknown, with: "X") == toKnown.text.replacingOccurrences(of: known.email, with: "X"))
        }
    }

    @Test func onThePagesTheOwnerOffersOrCancelsAndTheHeirAccepts() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let heir = try await Self.host(api)
            let ownerEmail = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let owner = try #require(try await api.signIn(email: ownerEmail).1)
            let heirSession = try #require(try await api.signIn(email: heir.email).1)
            let transfer = "/m/\(fixture.meetingID)/sharing/transfer"
            func offer() async throws -> ParticipantReply {
                try await api.post(transfer, [("csrf", owner.csrf), ("email", heir.email), ("confirm", "yes")], cookie: owner.cookie)
            }

            let offered = try await offer()
            #expect(offered.status == .ok)
            #expect(offered.text.contains("they can accept the transfer"))
            #expect(offered.text.contains(#"id="transfer-pending""#))
            let cancelled = try await api.post(transfer + "/cancel", [("csrf", owner.csrf)], cookie: owner.cookie)
            #expect(cancelled.status == .ok)
            #expect(!cancelled.text.contains(#"id="transfer-pending""#))
            #expect(try await api.page("/transfers", cookie: heirSession.cookie).text.contains("Nothing is offered to you."))

            #expect(try await offer().status == .ok)
            let page = try await api.page("/transfers", cookie: heirSession.cookie)
            let accept = try #require(
                page.text.range(of: #"/transfers/[0-9a-f-]{36}/accept"#, options: .regularExpression).map { String(page.text[$0]) })
            let accepted = try await api.post(accept, [("csrf", heirSession.csrf)], cookie: heirSession.cookie)
            #expect(accepted.status == .ok)
            #expect(accepted.text.contains("You now own"))
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: heir.token).string("role") == "owner")
        }
    }

    @Test func badBodiesNameTheirField() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let ownerEmail = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let path = "/v1/series/\(fixture.seriesID)/shares"
            let cases: [([String: Any], String)] = [
                (["role": "viewer"], "email"),
                (["email": "not an address", "role": "viewer"], "email"),
                (["email": ownerEmail, "role": "editor"], "email"),
                (["email": ownerEmail.uppercased(), "role": "editor"], "email"),
                (["email": "x@example.com"], "role"),
                (["email": "x@example.com", "role": "owner"], "role"),
                (["email": "x@example.com", "role": "viewer", "admin": true], "admin"),
            ]
            for (body, field) in cases {
                let reply = try await api.send(.post, path, token: fixture.hostToken, json: body)
                #expect(reply.status == .unprocessableContent, "\(body): \(reply.text)")
                #expect(reply.problemPaths.contains { $0.hasPrefix(field) }, "\(body) names \(field): \(reply.problemPaths)")
            }
            let transfer = try await api.send(.post, "/v1/series/\(fixture.seriesID)/transfer", token: fixture.hostToken, json: [String: Any]())
            #expect(transfer.status == .unprocessableContent)
            #expect(transfer.problemPaths.contains { $0.hasPrefix("email") })
            #expect(try await api.send(.post, path, token: fixture.hostToken, raw: "{").status == .badRequest)
            #expect(try await api.send(.delete, "\(path)/not-a-uuid", token: fixture.hostToken).status == .notFound)
            #expect(try await api.send(.get, "/v1/series/\(UUID())/shares", token: fixture.hostToken).status == .notFound)
            let listed = try await api.send(.get, path, token: fixture.hostToken)
            #expect((listed.json?["shares"] as? [Any])?.isEmpty == true, "no refused body left a share: \(listed.text)")
        }
    }

    @Test func editPagesRefuseAViewerBeforeShowingAForm() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let viewer = try await Self.host(api)
            #expect(try await Self.share(api, fixture, with: viewer, as: "viewer").status == .accepted)
            let session = try #require(try await api.signIn(email: viewer.email).1)
            let id = fixture.meetingID
            for path in ["/m/\(id)/edit", "/m/\(id)/next", "/m/\(id)/delete", "/m/\(id)/form"] {
                let page = try await api.page(path, cookie: session.cookie)
                #expect(page.status == .forbidden, "\(path): \(page.status)")
                #expect(page.text.contains("Not with your role"), "\(path)")
            }
            for path in ["/m/\(id)", "/m/\(id)/sharing", "/m/\(id)/roster", "/m/\(id)/trends", "/m/\(id)/form/export"] {
                #expect(try await api.page(path, cookie: session.cookie).status == .ok, "\(path)")
            }
            let posted = try await api.post("/m/\(id)/edit", [("csrf", session.csrf), ("title", "Mine now")], cookie: session.cookie)
            #expect(posted.status == .forbidden)
        }
    }

    // MARK: - Helpers

    static func host(_ api: ParticipantAPI) async throws -> Host {
        let email = try await api.signUp()
        let login = try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"])
        let token = try #require(login.string("token"), "\(login.text)")
        return Host(email: email, token: token, id: try await Self.me(api, token))
    }

    /// The shares of the fixture's series, email → role, as its owner reads them.
    static func roles(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws -> [String: String] {
        let shares = try await api.send(.get, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken).json?["shares"]
        let rows = try #require(shares as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.compactMap { row in
            (row["email"] as? String).flatMap { email in (row["role"] as? String).map { (email, $0) } }
        })
    }

    static func me(_ api: ParticipantAPI, _ token: String) async throws -> String {
        try #require(try await api.send(.get, "/v1/me", token: token).string("id"))
    }

    static func share(
        _ api: ParticipantAPI, _ fixture: PublishedFixture, with host: Host, as role: String, token: String? = nil
    ) async throws -> ParticipantReply {
        try await api.send(
            .post, "/v1/series/\(fixture.seriesID)/shares", token: token ?? fixture.hostToken, json: ["email": host.email, "role": role])
    }
}
