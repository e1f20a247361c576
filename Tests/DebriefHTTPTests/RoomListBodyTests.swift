@testable import Debrief
@testable import DebriefActions
@testable import DebriefHTTP
import Foundation
import NIOCore
import Testing

/// A phone's read of the room's list is written once per computation of the list and marked per
/// read (``RoomListBody``): its bytes are the app's encoder's for the same view, whatever the
/// questions' texts and names (quotes, the member's own name, scripts, other alphabets) and
/// whichever questions the phone voted for; a new computation is written again, and a read of
/// an older one that finishes late does not replace it.
@Suite("The room's list, written once per change")
struct RoomListBodyTests {
    static let texts = [
        "Why?", #""votedByMe":false"#, #"Say "votedByMe":false, please"#, "back\\slash and \"quotes\"", "</script><b>",
        "둘째 줄\n줄바꿈", "emoji 🎉 and ZWJ 👩‍💻", "tab\there", "", "a/b", #"{"votes":1}"#,
    ]
    static let names: [String?] = [nil, "Dana", #"Dana "the" host"#, "김하나", #""votedByMe":false"#]

    static func shared(count: Int, computation: UInt64, using random: inout some RandomNumberGenerator) -> RoomLists.Shared {
        let questions = (0..<count).map { _ in
            RoomQuestion(
                id: UUID(), text: Self.texts.randomElement(using: &random)!, name: Self.names.randomElement(using: &random)!,
                status: .visible, answered: Bool.random(using: &random), pinned: Bool.random(using: &random),
                votes: Int.random(in: 0...5_000, using: &random), votedByMe: false,
                postedAt: Date(timeIntervalSince1970: Double(Int.random(in: 1_700_000_000_000...1_900_000_000_000, using: &random)) / 1_000))
        }
        let settings = RoomQuestionSettings(
            enabled: Bool.random(using: &random), moderation: RoomQuestionSettings.Moderation.allCases.randomElement(using: &random)!,
            names: RoomQuestionSettings.Names.allCases.randomElement(using: &random)!)
        return RoomLists.Shared(settings: settings, questions: questions, version: RoomListVersion(questions), computation: computation)
    }

    @Test func theBytesAreTheEncodersForEveryListAndEveryPhonesMarks() throws {
        var random = SystemRandomNumberGenerator()
        var compared = 0
        for round in 0..<300 {
            let shared = Self.shared(count: round % 23, computation: UInt64(round + 1), using: &random)
            let body = try RoomListBody(shared)
            for _ in 0..<4 {
                var marked = Set(shared.questions.filter { _ in Bool.random(using: &random) }.map(\.id))
                marked.insert(UUID())  // a vote on a question the room no longer sees
                let view = RoomQuestionActions.RoomView(meeting: UUID(), shared: shared, marked: marked)
                let expected = try JSONCoding.encoder.encode(RoomQuestionListResponse(view))
                let written = body.bytes(marked: marked)
                #expect(Data(written.readableBytesView) == expected, "\(String(decoding: expected, as: UTF8.self))")
                compared += 1
            }
        }
        #expect(compared == 1_200)
    }

    @Test func aNewComputationIsWrittenAgainAndALateOlderOneKeepsTheNewer() throws {
        var random = SystemRandomNumberGenerator()
        let bodies = RoomListBodies()
        let meeting = UUID()
        let older = Self.shared(count: 3, computation: 7, using: &random)
        let newer = Self.shared(count: 4, computation: 8, using: &random)
        func read(_ shared: RoomLists.Shared) throws -> Data {
            Data(try bodies.bytes(RoomQuestionActions.RoomView(meeting: meeting, shared: shared, marked: [])).readableBytesView)
        }
        func encoded(_ shared: RoomLists.Shared) throws -> Data {
            try JSONCoding.encoder.encode(RoomQuestionListResponse(settings: shared.settings, questions: shared.questions))
        }
        #expect(try read(newer) == encoded(newer))
        #expect(try read(older) == encoded(older))
        // The cache still holds the newer list's bytes: a reader of it gets them, not the older's.
        #expect(bodies.computation(of: meeting) == 8)
        #expect(try read(newer) == encoded(newer))
    }
}
