import DebriefStore
import Foundation
import Hummingbird

/// `POST /v1/f/{code}/check-in` → 201 `{"participantToken":"dbp_…","checkedInAt":"…"}`.
struct ParticipantCheckInResponse: ResponseEncodable {
    var participantToken: String
    var checkedInAt: Date
}

/// The reply to an accepted submission: `{"id","submittedAt","changedAt","answers":[…]}`, the
/// answers as stored (normalized, in form order) in the flat shape clients send.
/// `changedAt` is null until the answers are replaced.
struct ParticipantSubmissionResponse: Encodable {
    var accepted: AcceptedSubmission

    enum CodingKeys: String, CodingKey {
        case id, submittedAt, changedAt, answers
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.accepted.responseId, forKey: .id)
        try container.encode(self.accepted.submittedAt, forKey: .submittedAt)
        try container.encode(self.accepted.changedAt, forKey: .changedAt)
        try container.encode(self.accepted.answers, forKey: .answers)
    }

    /// 201 for a new response, 200 when it replaced the participant's earlier answers.
    func reply() throws -> SubmissionReply {
        let data = try JSONCoding.encoder.encode(self)
        return SubmissionReply(
            statusCode: self.accepted.replacedEarlier ? 200 : 201, body: String(decoding: data, as: UTF8.self))
    }
}
