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

    // MARK: - The matrix: each credential × what became of its maker

    enum Kind: String, CaseIterable, Sendable { case feed, channel }

    enum Scenario: String, CaseIterable, Sendable {
        /// Nothing changed: the maker still may edit the series.
        case makerHasRights
        /// The maker's share was removed (the feed's maker: the former owner, after a transfer).
        case makerRemoved
        /// The series was transferred; the new owner kept the credentials.
        case transferredKeep
        /// The series was transferred; the new owner replaced them.
        case transferredReplace

        var delivers: Bool { self == .makerHasRights || self == .transferredKeep }
    }

    struct Cell: Sendable, CustomTestStringConvertible {
        var kind: Kind
        var scenario: Scenario
        var testDescription: String { "\(self.kind.rawValue) · \(self.scenario.rawValue)" }
    }

    static let cells = Kind.allCases.flatMap { kind in Scenario.allCases.map { Cell(kind: kind, scenario: $0) } }

    /// The feed is made by the owner, the channel by an editing co-host; each cell does what its
    /// scenario says, then uses the credential once: the feed is read, a digest is queued by the
    /// form's close and the delivery service runs.
    @Test(arguments: Self.cells)
    func credential(_ cell: Cell) async throws {
        try await ParticipantAPI.run(configuration: ChatChannelFlowTests.quietWorker()) { api, database in
            let fixture = try await api.publish()
            let editor = try await Self.host(api, database, "editor")
            let shared = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken, json: ["email": editor.email, "role": "editor"])
            try #require(shared.status == .accepted, "\(shared.text)")
            var feed = ""
            switch cell.kind {
            case .feed:
                feed = try Self.feedPath(try await api.send(.post, "/v1/series/\(fixture.seriesID)/calendar-feed", token: fixture.hostToken))
            case .channel:
                let put = try await api.send(
                    .put, "/v1/series/\(fixture.seriesID)/chat-channel", token: editor.token, json: ["url": ChatChannelFlowTests.slackURL])
                try #require(put.status == .ok, "\(put.text)")
            }
            let receiver = try await Self.host(api, database, "receiver")
            switch cell.scenario {
            case .makerHasRights:
                break
            case .makerRemoved:
                if cell.kind == .feed {
                    // The owner made it: they lose their rights only through a transfer.
                    try #require(try await Self.transfer(api, database, fixture, to: receiver, choice: "keep").status == .ok)
                    let seriesID = try #require(UUID(uuidString: fixture.seriesID))
                    let ownerID = try #require(
                        try await database.query("SELECT created_by::text AS id FROM series_calendar_feeds WHERE series_id = \(seriesID)")
                            .first?.decode("id", as: String.self))
                    let removed = try await api.send(.delete, "/v1/series/\(fixture.seriesID)/shares/\(ownerID)", token: receiver.token)
                    try #require(removed.status == .noContent, "\(removed.text)")
                } else {
                    let removed = try await api.send(.delete, "/v1/series/\(fixture.seriesID)/shares/\(editor.id)", token: fixture.hostToken)
                    try #require(removed.status == .noContent, "\(removed.text)")
                }
            case .transferredKeep, .transferredReplace:
                // The receiver is shown the credential and who made it before choosing.
                let offered = try await api.send(
                    .post, "/v1/series/\(fixture.seriesID)/transfer", token: fixture.hostToken, json: ["email": receiver.email])
                try #require(offered.status == .accepted)
                let offers = try await api.send(.get, "/v1/transfers", token: receiver.token)
                let offer = try #require((offers.json?["transfers"] as? [[String: Any]])?.first, "\(offers.text)")
                let credentials = offer["credentials"] as? [[String: Any]] ?? []
                #expect(credentials.count == 1, "\(offers.text)")
                #expect(credentials.first?["kind"] as? String == (cell.kind == .feed ? "calendarFeed" : "chatChannel"))
                let maker = (credentials.first?["madeBy"] as? [String: Any])?["email"] as? String
                #expect(cell.kind == .feed ? maker != editor.email && maker != nil : maker == editor.email, "\(offers.text)")
                // No choice while there are credentials: a problem naming the field, nothing changes.
                let id = try #require(offer["id"] as? String)
                let unchosen = try await api.send(.post, "/v1/transfers/\(id)/accept", token: receiver.token)
                #expect(unchosen.status == .unprocessableContent, "\(unchosen.text)")
                #expect(unchosen.problemPaths.contains { $0.hasPrefix("credentials:") }, "\(unchosen.problemPaths)")
                let choice = cell.scenario == .transferredKeep ? "keep" : "replace"
                let accepted = try await api.send(.post, "/v1/transfers/\(id)/accept", token: receiver.token, json: ["credentials": choice])
                try #require(accepted.status == .ok, "\(accepted.text)")
            }
            switch cell.kind {
            case .feed:
                let read = try await api.send(.get, feed)
                #expect(read.status == (cell.scenario.delivers ? .ok : .notFound), "\(read.status)")
                #expect(read.text.contains("BEGIN:VEVENT") == cell.scenario.delivers)
            case .channel:
                let owner = cell.scenario == .makerHasRights || cell.scenario == .makerRemoved ? fixture.hostToken : receiver.token
                let closed = try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/close", token: owner)
                try #require(closed.status == .ok, "\(closed.text)")
                let sink = ChatChannelFlowTests.ChatReceiver()
                _ = try await ChatChannelFlowTests.service(database, sink).deliverDue()
                #expect((sink.bodies.withLock { $0.count } == 1) == cell.scenario.delivers)
            }
        }
    }
}
