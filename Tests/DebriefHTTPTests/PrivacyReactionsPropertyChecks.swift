import Debrief
import DebriefActions
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Reactions in the generated privacy test (issue 71 goal 4, docs/decisions/0100): what a host
/// reads of them — the JSON counts, the dashboard's and the presenter's sections, and the hosts'
/// live `reactions` event those pages follow — is counts per reaction only. Called by ``PrivacyFeaturesPropertyTests/check(_:_:k:seed:)`` once its room is on.
extension PrivacyFeaturesPropertyTests {
    /// Sends `reactions` to the room of `code`, the i-th from the identity `senders[i]` names
    /// (each issued once); the accepted count.
    static func sendReactions(_ api: ParticipantAPI, code: String, _ reactions: [Reaction], senders: [Int]) async throws -> Int {
        let voterHeader = try #require(HTTPField.Name("Debrief-Voter"))
        var voters: [Int: String] = [:]
        var accepted = 0
        for (reaction, sender) in zip(reactions, senders) {
            if voters[sender] == nil {
                voters[sender] = try await api.send(.post, "/v1/f/\(code)/room-questions/voter").headers[voterHeader]
            }
            let sent = try await api.send(
                .post, "/v1/f/\(code)/reactions", json: ["reaction": reaction.rawValue], headers: [voterHeader: voters[sender] ?? ""])
            if sent.status == .ok { accepted += 1 }
        }
        return accepted
    }

    /// What a host reads of the reactions of `meeting`: the JSON, the pages' sections, and the
    /// live event of `…/results/live?view=reactions` (the hub's snapshot, as the stream sends it).
    static func reactionOutputs(
        _ api: ParticipantAPI, database: Database, token: String, cookie: String, meeting: String
    ) async throws -> [(String, String)] {
        [
            ("reactions JSON", try await api.send(.get, "/v1/meetings/\(meeting)/reactions", token: token).text),
            ("dashboard's reactions", Self.section(try await api.page("/m/\(meeting)", cookie: cookie).text, id: "reaction-counts")),
            ("presenter's reactions", Self.section(try await api.page("/m/\(meeting)/present", cookie: cookie).text, id: "reaction-counts")),
            ("hosts' live reactions", try await Self.liveReactions(database, meeting: meeting)),
        ]
    }

    /// The `reactions` event's data the hosts' stream sends for `meeting` now.
    static func liveReactions(_ database: Database, meeting: String) async throws -> String {
        let notifier = ResultsNotifier(database: database, mode: .standard)
        let forms = ParticipantFormStore(database: database, cache: PublishedFormCache())
        let participants = ParticipantActions(
            forms: forms, checkIns: CheckInStore(database: database, forms: forms, notifier: notifier),
            responses: ResponseStore(database: database, forms: forms, notifier: notifier),
            tickets: OpenedTickets(keys: ServerKeys(database: database)))
        let reactions = ReactionActions(
            forms: participants, store: ReactionStore(database: database, notifier: notifier, senders: ReactionSenders(keys: ServerKeys(database: database))))
        let json = try await LiveResultsHub.reactionsSnapshot(reactions)(try #require(UUID(uuidString: meeting)))
        return String(decoding: try #require(json), as: UTF8.self)
    }

    /// Generated reactions from generated identities: in the generated meeting, the host's outputs
    /// count exactly the accepted reactions and name no identity; and two fresh meetings that
    /// receive the same reactions from other identities, in another order, show the host the
    /// same bytes: who reacted, and when each did, is not in what a host reads.
    static func checkReactions(
        _ api: ParticipantAPI, database: Database, token: String, cookie: String, meeting: String, code: String,
        random: inout SeededRandom, _ context: String
    ) async throws {
        let count = random.next(in: 1...12)
        let reactions = (0..<count).map { _ in Reaction.allCases[random.next(in: 0...(Reaction.allCases.count - 1))] }
        let senders = (0..<count).map { _ in random.next(in: 0...3) }
        let accepted = try await Self.sendReactions(api, code: code, reactions, senders: senders)
        let counted = try await api.send(.get, "/v1/meetings/\(meeting)/reactions", token: token)
        #expect(counted.json?["total"] as? Int == accepted, "\(context): the host's total counts the accepted reactions")
        let voterIDs = try await database.query("SELECT DISTINCT sender FROM reaction_senders").map { try $0.decode("sender", as: String.self) }
        let outputs = try await Self.reactionOutputs(api, database: database, token: token, cookie: cookie, meeting: meeting)
        #expect(outputs[3].1 == outputs[0].1, "\(context): the live event is the JSON's counts")
        for (name, text) in outputs {
            #expect(!voterIDs.contains { text.contains($0) }, "\(context): \(name) shows a sender's hash")
            #expect(!text.contains("reaction_senders") && !text.contains("Debrief-Voter"), "\(context): \(name)")
            #expect(text.contains("thumbsUp"), "\(context): \(name) is read (every reaction is listed)")
        }

        // Two worlds: the same reactions, sent by other identities in another order.
        var worlds: [[String]] = []
        for world in 0..<2 {
            let fixture = try await api.publish()
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            let order = world == 0 ? Array(0..<count) : Array((0..<count).reversed())
            let who = world == 0 ? senders : (0..<count).map { $0 }
            let sent = try await Self.sendReactions(api, code: fixture.code, order.map { reactions[$0] }, senders: who)
            #expect(sent == count, "\(context): world \(world) took every reaction")
            let owner = try await RoomQuestionsModerationPageTests.owner(api, fixture)
            worlds.append(
                try await Self.reactionOutputs(api, database: database, token: fixture.hostToken, cookie: owner.cookie, meeting: fixture.meetingID)
                    // The pages name the meeting's own stream: the same bytes but for its id.
                    .map { $0.1.replacingOccurrences(of: fixture.meetingID, with: "MEETING") })
        }
        #expect(worlds[0] == worlds[1], "\(context): the host's reaction outputs tell who reacted, or in what order")
    }
}
