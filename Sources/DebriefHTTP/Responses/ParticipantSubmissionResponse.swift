import Debrief
import Foundation
import Hummingbird

/// `POST /v1/f/{code}/check-in` → 201 `{"participantToken":"dbp_…","checkedInAt":"…"}`.
struct ParticipantCheckInResponse: ResponseEncodable {
    var participantToken: String
    var checkedInAt: Date
}

/// The reply to an accepted submission: the domain's ``AcceptedSubmission`` in its own shape,
/// `{"id","submittedAt","changedAt","answers":[…]}`; 201 for a new response, 200 when it replaced
/// the participant's earlier answers.
extension AcceptedSubmission: ResponseEncodable {}
