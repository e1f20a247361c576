@testable import Debrief
import Foundation
import Testing

/// Every id Debrief writes is lower case; types that write their own ids skip the forwarding
/// encoder (``EncodesLowercaseIDs``), and must encode exactly as it would have.
@Suite("Lower-case ids in JSON")
struct LowercaseIDEncodingTests {
    /// The forwarding encoder's output, as every type without the marker gets it.
    static func forwarded<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        let api = JSONCoding.encoder
        encoder.outputFormatting = api.outputFormatting
        encoder.dateEncodingStrategy = api.dateEncodingStrategy
        return try encoder.encode(LowercaseUUIDs(value: value))
    }

    @Test func anAcceptedSubmissionEncodesAsTheForwardingEncoderWouldHave() throws {
        let submission = AcceptedSubmission(
            responseID: UUID(uuidString: "0F8E3A7C-4B2D-4E6F-9A1B-2C3D4E5F6A7B")!,
            submittedAt: Date(timeIntervalSince1970: 1_800_000_000.125), changedAt: nil,
            answers: [
                Answer(questionKey: QuestionKey(rawValue: "topic")!, value: .choice(optionIds: ["roadmap"], otherText: "기타 \"x\"")),
                Answer(questionKey: QuestionKey(rawValue: "useful")!, value: .rating(4)),
                Answer(questionKey: QuestionKey(rawValue: "notes")!, value: .text("two\nlines")),
            ],
            replacedEarlier: false)
        let direct = try JSONCoding.encoder.encode(submission)
        #expect(direct == (try Self.forwarded(submission)))
        #expect(String(decoding: direct, as: UTF8.self).contains("\"id\":\"0f8e3a7c-4b2d-4e6f-9a1b-2c3d4e5f6a7b\""))
    }
}
