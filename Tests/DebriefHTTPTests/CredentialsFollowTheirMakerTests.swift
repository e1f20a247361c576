@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// A series' credentials follow their maker (issue 47, docs/decisions/0055-credentials-follow-their-maker.md):
/// a calendar feed and a team chat channel deliver only while the account that made them may
/// still edit the series, checked at every use by ``SeriesDeliveryGate``; a transfer asks the new
/// owner to keep or replace them and shows who made each.
@Suite("Credentials follow their maker: feeds and chat channels across share removal and transfer", .serialized)
struct CredentialsFollowTheirMakerTests {
    static let password = "correct horse battery"

    /// A host account made the way an admin makes one (so it counts for whatever trusts an
    /// address), signed in; returns its token, id and address.
    static func host(_ api: ParticipantAPI, _ database: Database, _ name: String) async throws -> (token: String, id: String, email: String) {
        let email = "\(name)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let signUp = try SignUpInput(email: email, password: Self.password, displayName: name.capitalized).validate().get()
        let hasher = PasswordHasher(cost: 4, threads: 1)
        let account = try await AccountStore(database: database, hasher: hasher).create(signUp, role: .host)
        await hasher.shutdown()
        let login = try await api.send(.post, "/v1/tokens", json: ["email": email, "password": Self.password])
        return (try #require(login.string("token"), "\(login.text)"), account.id.uuidString.lowercased(), email)
    }

    /// The owner (`fixture.hostToken`) offers the series to `receiver`, who accepts with `choice`
    /// (no body when nil); returns the accept's reply.
    static func transfer(
        _ api: ParticipantAPI, _ database: Database, _ fixture: PublishedFixture,
        to receiver: (token: String, id: String, email: String), choice: String?
    ) async throws -> ParticipantReply {
        let offered = try await api.send(.post, "/v1/series/\(fixture.seriesID)/transfer", token: fixture.hostToken, json: ["email": receiver.email])
        try #require(offered.status == .accepted, "\(offered.text)")
        let offers = try await api.send(.get, "/v1/transfers", token: receiver.token)
        let offer = try #require((offers.json?["transfers"] as? [[String: Any]])?.first, "\(offers.text)")
        let id = try #require(offer["id"] as? String)
        return try await api.send(
            .post, "/v1/transfers/\(id)/accept", token: receiver.token, json: choice.map { ["credentials": $0] })
    }

    static func feedPath(_ reply: ParticipantReply) throws -> String {
        let url = try #require(reply.string("url"), "\(reply.text)")
        let range = try #require(url.range(of: "/v1/calendar/"))
        return String(url[range.lowerBound...])
    }

    // MARK: - The two reproductions of the issue

    /// Issue 47 (a): the owner makes a feed, transfers the series, the new owner removes the old
    /// owner's share: the old feed URL answers 404 like an unknown token, and shows none of the
    /// new owner's later sessions. (Before: 200 with every later session.)
    @Test func aFormerOwnersFeedStopsOnceTheNewOwnerRemovesTheirShare() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let issued = try await api.send(.post, "/v1/series/\(fixture.seriesID)/calendar-feed", token: fixture.hostToken)
            let feed = try Self.feedPath(issued)
            #expect(try await api.send(.get, feed).status == .ok)
            let receiver = try await Self.host(api, database, "receiver")
            let accepted = try await Self.transfer(api, database, fixture, to: receiver, choice: "keep")
            try #require(accepted.status == .ok, "\(accepted.text)")
            // Kept: the former owner is an editor now, so the feed still answers.
            #expect(try await api.send(.get, feed).status == .ok)
            let former = try #require(
                (accepted.json?["shares"] as? [[String: Any]])?.first { $0["role"] as? String == "editor" }?["accountId"] as? String,
                "\(accepted.text)")
            let removed = try await api.send(.delete, "/v1/series/\(fixture.seriesID)/shares/\(former)", token: receiver.token)
            try #require(removed.status == .noContent, "\(removed.text)")
            let after = try await api.send(.get, feed)
            #expect(after.status == .notFound, "the removed maker's feed must answer like an unknown token: \(after.status)")
            #expect(!after.text.contains("BEGIN:VEVENT"))
            let unknown = try await api.send(.get, "/v1/calendar/dbc_not-a-feed-token.ics")
            #expect(after.string("detail") == unknown.string("detail") && after.headers[.contentType] == unknown.headers[.contentType],
                "no difference an outsider could read")
        }
    }

    /// Issue 47 (b): an editor sets the series' chat channel to their own receiver, the owner
    /// removes the editor: a digest already waiting is not sent, and a close queues none.
    @Test func aRemovedEditorsChannelGetsNoMoreDigests() async throws {
        try await ParticipantAPI.run(configuration: ChatChannelFlowTests.quietWorker()) { api, database in
            let fixture = try await api.publish()
            let editor = try await Self.host(api, database, "editor")
            let shared = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken, json: ["email": editor.email, "role": "editor"])
            try #require(shared.status == .accepted, "\(shared.text)")
            let path = "/v1/series/\(fixture.seriesID)/chat-channel"
            let put = try await api.send(.put, path, token: editor.token, json: ["url": ChatChannelFlowTests.slackURL])
            try #require(put.status == .ok, "\(put.text)")
            #expect((put.json?["madeBy"] as? [String: Any])?["email"] as? String == editor.email, "\(put.text)")
            // A test message waits in the outbox when the owner removes the editor.
            try #require(try await api.send(.post, path + "/test", token: editor.token).status == .accepted)
            let removed = try await api.send(.delete, "/v1/series/\(fixture.seriesID)/shares/\(editor.id)", token: fixture.hostToken)
            try #require(removed.status == .noContent, "\(removed.text)")
            try #require(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/close", token: fixture.hostToken).status == .ok)
            let receiver = ChatChannelFlowTests.ChatReceiver()
            #expect(try await ChatChannelFlowTests.service(database, receiver).deliverDue() == 0)
            #expect(receiver.bodies.withLock { $0.count } == 0, "nothing may reach the removed editor's channel")
            #expect(try await ChatChannelFlowTests.digests(database).isEmpty, "the waiting digest is dropped and the close queues none")
            let channel = try await api.send(.get, path, token: fixture.hostToken)
            #expect(channel.json?["delivers"] as? Bool == false, "\(channel.text)")
        }
    }

    /// The transfers page shows the series' feed with who made it and asks to keep or replace it:
    /// no choice is a 422 that changes nothing; "replace" ends the feed with the transfer.
    @Test func theTransfersPageShowsEachCredentialsMakerAndAsks() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let feed = try Self.feedPath(try await api.send(.post, "/v1/series/\(fixture.seriesID)/calendar-feed", token: fixture.hostToken))
            let ownerEmail = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let heir = try await Self.host(api, database, "heir")
            let offered = try await api.send(.post, "/v1/series/\(fixture.seriesID)/transfer", token: fixture.hostToken, json: ["email": heir.email])
            try #require(offered.status == .accepted)
            let session = try #require(try await api.signIn(email: heir.email).1)
            let page = try await api.page("/transfers", cookie: session.cookie)
            #expect(page.text.contains("Calendar feed, made by Host &lt;\(ownerEmail)&gt;"), "\(page.text)")
            #expect(page.text.contains(#"name="credentials" value="keep""#) && page.text.contains(#"name="credentials" value="replace""#))
            let accept = try #require(
                page.text.range(of: #"/transfers/[0-9a-f-]{36}/accept"#, options: .regularExpression).map { String(page.text[$0]) })
            let unchosen = try await api.post(accept, [("csrf", session.csrf)], cookie: session.cookie)
            #expect(unchosen.status == .unprocessableContent)
            #expect(unchosen.text.contains("Choose whether to keep or replace"), "\(unchosen.text)")
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: heir.token).status == .notFound, "nothing changed")
            #expect(try await api.send(.get, feed).status == .ok)
            let accepted = try await api.post(accept, [("csrf", session.csrf), ("credentials", "replace")], cookie: session.cookie)
            #expect(accepted.status == .ok && accepted.text.contains("You now own"), "\(accepted.text)")
            #expect(try await api.send(.get, feed).status == .notFound, "replaced: the former owner's feed ended")
        }
    }

    /// Mail on a series' behalf is a delivery like a feed or a digest: a roster message queued by
    /// an account that may no longer edit the series is given up unsent (no attempt), while the
    /// owner's own message is sent. (Before: both were sent.)
    @Test func mailQueuedByASenderWhoLostTheSeriesIsGivenUpUnsent() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let meeting = try #require(UUID(uuidString: fixture.meetingID))
            let owner: UUID = try await database.query("SELECT host_id FROM meetings WHERE id = \(meeting)").single().decode("host_id")
            let stranger = try #require(UUID(uuidString: try await Self.host(api, database, "stranger").id))
            let outbox = MailOutbox(database: database)
            func reminder(from account: UUID) -> OutgoingMail {
                OutgoingMail(
                    accountID: account, kind: .reminder, recipient: "member-\(UUID().uuidString.prefix(6))@example.com",
                    subject: "Weekly sync", text: "Please answer", html: "<p>Please answer</p>", meetingID: meeting)
            }
            guard case .written(let stopped) = try await outbox.enqueue(reminder(from: stranger), caps: MailCaps()),
                  case .written(let allowed) = try await outbox.enqueue(reminder(from: owner), caps: MailCaps())
            else { Issue.record("both messages should be written"); return }
            let attempted = Attempts()
            while try await outbox.withNextDue(dueBy: nil, { claimed in
                await attempted.add(claimed.id)
                return .sent(code: 250, reply: "ok")
            }) {}
            #expect(await attempted.ids == [allowed], "only the owner's message is handed to the mail server")
            let row = try await database.query(
                "SELECT attempts, sent_at IS NULL AS unsent, given_up_at IS NOT NULL AS given_up, last_error FROM email_outbox WHERE id = \(stopped)"
            ).single()
            #expect(try row.decode("attempts") as Int == 0)
            #expect(try row.decode("unsent") as Bool && row.decode("given_up") as Bool)
            #expect(try row.decode("last_error") as String? == "its sender may no longer edit the series")
        }
    }

    actor Attempts {
        var ids: [UUID] = []
        func add(_ id: UUID) { self.ids.append(id) }
    }
}
