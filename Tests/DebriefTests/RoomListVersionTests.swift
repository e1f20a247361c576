import Debrief
import Foundation
import Testing

/// The version the room's questions' stream sends (docs/decisions/0075): it moves with what the
/// room sees of its list, and with nothing else.
@Suite("Questions from the room: the list's version")
struct RoomListVersionTests {
    static func question(_ n: Int, votes: Int = 0, votedByMe: Bool = false) -> RoomQuestion {
        RoomQuestion(
            id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(n)")!, text: "Question \(n)?", name: nil, status: .visible,
            answered: false, pinned: false, votes: votes, votedByMe: votedByMe, postedAt: Date(timeIntervalSince1970: Double(n)))
    }

    @Test func itMovesWithVotesOrderPinsAnswersAndMembershipButNotWithWhoIsAsking() {
        let list = [Self.question(1, votes: 2), Self.question(2)]
        let version = RoomListVersion(list)
        #expect(RoomListVersion(list) == version, "the same list, the same version (on every instance)")
        // One browser's own vote marks are not the room's: the list is the same for everyone.
        #expect(RoomListVersion([Self.question(1, votes: 2, votedByMe: true), Self.question(2)]) == version)
        var changes: [String: [RoomQuestion]] = [
            "a vote": [Self.question(1, votes: 3), Self.question(2)],
            "another order": [Self.question(2), Self.question(1, votes: 2)],
            "a question gone": [Self.question(1, votes: 2)],
            "a question more": list + [Self.question(3)],
        ]
        var pinned = list
        pinned[1].pinned = true
        changes["a pin"] = pinned
        var answered = list
        answered[0].answered = true
        changes["an answered mark"] = answered
        for (what, changed) in changes {
            #expect(RoomListVersion(changed) != version, "\(what) changes the version")
        }
        #expect(RoomListVersion([]).version.count <= 16 && !RoomListVersion([]).version.isEmpty)
    }
}
