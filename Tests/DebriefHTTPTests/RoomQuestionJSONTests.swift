@testable import Debrief
@testable import DebriefActions
@testable import DebriefHTTP
import Foundation
import Testing

/// The room's lists write their own ids (``EncodesLowercaseIDs``) and skip the forwarding
/// encoder, which lower-cases every `UUID` it meets: they may hold none, at any depth, and every
/// id they write is lower case, for the room and for the host.
@Suite("The room's lists write lower-case ids without the forwarding encoder")
struct RoomQuestionJSONTests {
    static let questions = [
        RoomQuestion(
            id: UUID(uuidString: "0F8E3A7C-4B2D-4E6F-9A1B-2C3D4E5F6A7B")!, text: "Why \"Q3\"?\n둘째 줄", name: "Dana", status: .visible,
            answered: false, pinned: true, votes: 12, votedByMe: true, postedAt: Date(timeIntervalSince1970: 1_800_000_000.125)),
        RoomQuestion(
            id: UUID(uuidString: "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D")!, text: "</script>", name: nil, status: .hidden,
            answered: true, pinned: false, votes: 0, votedByMe: false, postedAt: Date(timeIntervalSince1970: 1_800_000_100)),
    ]

    static func holdsAUUID(_ value: Any) -> Bool {
        value is UUID || Mirror(reflecting: value).children.contains { holdsAUUID($0.value) }
    }

    @Test func theRoomsListAndTheHostsHoldNoUUIDAndWriteLowerCaseIDs() throws {
        let settings = RoomQuestionSettings(enabled: true, moderation: .approveFirst, names: .named)
        let room = RoomQuestionListResponse(settings: settings, questions: Self.questions)
        let host = RoomQuestionHostListResponse(settings: settings, questions: Self.questions)
        let one = RoomQuestionJSON(Self.questions[0], forHost: false)
        #expect(!Self.holdsAUUID(room) && !Self.holdsAUUID(host) && !Self.holdsAUUID(one))
        for (value, ids) in [(room as any Encodable, 2), (host, 2), (one, 1)] {
            let object = try #require(try JSONSerialization.jsonObject(with: JSONCoding.encoder.encode(value)) as? [String: Any])
            let questions = object["questions"] as? [[String: Any]] ?? [object]
            #expect(questions.compactMap { $0["id"] as? String } == Self.questions.prefix(ids).map { $0.id.uuidString.lowercased() })
        }
        let hostText = String(decoding: try JSONCoding.encoder.encode(host), as: UTF8.self)
        #expect(hostText.contains("\"postedAt\":\"2027-01-15T08:00:00.125Z\"") && hostText.contains("\"status\":\"hidden\""))
    }
}
