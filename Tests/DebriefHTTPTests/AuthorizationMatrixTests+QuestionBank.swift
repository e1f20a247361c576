@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The rows of the question bank (docs/decisions/0102-question-bank.md). An entry is its
/// account's alone: every other caller, admins included, gets 404 for it. Saving from a form and
/// inserting into one need the series' edit right (a viewer co-host 403, another host 404); an
/// editor or admin inserting the owner's entry is 404 (the entry is not theirs). Its pages are
/// host pages: signed in by cookie only.
extension AuthorizationMatrixTests {
    static let questionBankRows: [String: Row] = [
        "GET /v1/question-bank": Row(access: .anyAccount, success: .ok),
        "POST /v1/question-bank": Row(
            access: .series(.edit), success: .created, body: { world, _ in ["meetingId": world.meeting, "questionKey": "useful"] }),
        "GET /v1/question-bank/{entryId}": Row(access: .ownerOnly, success: .ok),
        "PATCH /v1/question-bank/{entryId}": Row(access: .ownerOnly, success: .ok, body: { _, _ in ["name": "Renamed"] }),
        "DELETE /v1/question-bank/{entryId}": Row(access: .ownerOnly, success: .noContent),
        // An open form takes a change of wording only: closed first, the insertion starts a new draft.
        "POST /v1/meetings/{id}/form/questions/from-bank": Row(
            access: .series(.edit), success: .ok, overrides: [.editor: .notFound, .admin: .notFound],
            body: { world, _ in ["entryId": world.bankEntry] },
            prepare: { api, world in
                let closed = try await api.send(.post, "/v1/meetings/\(world.meeting)/form/close", token: world.ownerToken)
                #expect(closed.status == .ok)
            }),
        "GET /question-bank": Row(access: .anyone, success: .seeOther),
        "POST /question-bank/{entryId}/rename": Row(access: .anyone, success: .seeOther, body: { _, _ in ["name": "Mine"] }),
        "POST /question-bank/{entryId}/delete": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/{id}/form/bank": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/form/bank/save": Row(access: .anyone, success: .seeOther, body: { _, _ in ["questionKey": "useful"] }),
        "POST /m/{id}/form/bank/insert": Row(access: .anyone, success: .seeOther, body: { world, _ in ["entryId": world.bankEntry] }),
    ]
}
