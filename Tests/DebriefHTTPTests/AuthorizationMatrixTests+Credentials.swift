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

/// The authorization matrix's rows for the credentials that deliver a series' data (issue 47,
/// docs/decisions/0055-credentials-follow-their-maker.md): each credential (a calendar feed made
/// by the owner, a team chat channel made by an editing co-host) × what became of its maker (still
/// has rights, removed, the series transferred and the credential kept, or replaced) → whether it
/// still delivers. Each cell has its own database (a delivery run sends every due delivery in it).
extension AuthorizationMatrixTests {
    enum CredentialKind: String, CaseIterable, Sendable { case feed, channel }

    enum CredentialScenario: String, CaseIterable, Sendable {
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

    struct CredentialCell: Sendable, CustomTestStringConvertible {
        var kind: CredentialKind
        var scenario: CredentialScenario
        var testDescription: String { "\(self.kind.rawValue) · \(self.scenario.rawValue)" }
    }

    static let credentialCells = CredentialKind.allCases.flatMap { kind in CredentialScenario.allCases.map { CredentialCell(kind: kind, scenario: $0) } }

    /// The feed is made by the owner, the channel by an editing co-host; each cell does what its
    /// scenario says, then uses the credential once: the feed is read, a digest is queued by the
    /// form's close and the delivery service runs.
    @Test(arguments: Self.credentialCells)
    func credentialAcrossRemovalAndTransfer(_ cell: CredentialCell) async throws {
        try await ParticipantAPI.run(configuration: ChatChannelFlowTests.quietWorker()) { api, database in
            let fixture = try await api.publish()
            let editor = try await CredentialsFollowTheirMakerTests.host(api, database, "editor")
            let shared = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken, json: ["email": editor.email, "role": "editor"])
            try #require(shared.status == .accepted, "\(shared.text)")
            var feed = ""
            switch cell.kind {
            case .feed:
                feed = try CredentialsFollowTheirMakerTests.feedPath(try await api.send(.post, "/v1/series/\(fixture.seriesID)/calendar-feed", token: fixture.hostToken))
            case .channel:
                let put = try await api.send(
                    .put, "/v1/series/\(fixture.seriesID)/chat-channel", token: editor.token, json: ["url": ChatChannelFlowTests.slackURL])
                try #require(put.status == .ok, "\(put.text)")
            }
            let receiver = try await CredentialsFollowTheirMakerTests.host(api, database, "receiver")
            switch cell.scenario {
            case .makerHasRights:
                break
            case .makerRemoved:
                if cell.kind == .feed {
                    // The owner made it: they lose their rights only through a transfer.
                    try #require(try await CredentialsFollowTheirMakerTests.transfer(api, database, fixture, to: receiver, choice: "keep").status == .ok)
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
