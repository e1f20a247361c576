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
/// the participant's earlier answers (the controller's `EditedResponse` sets the status).
///
/// Written by ``AcceptedSubmissionJSON`` in one pass rather than by the app's `JSONEncoder`
/// (issue 37: the hottest reply of a full room): the same bytes, and the same headers
/// Hummingbird gives an encoded value (`Content-Type: application/json; charset=utf-8`, then the
/// `Content-Length` that `Response` adds for a body of known size).
extension AcceptedSubmission: ResponseGenerator {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = AcceptedSubmissionJSON.encode(self)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
