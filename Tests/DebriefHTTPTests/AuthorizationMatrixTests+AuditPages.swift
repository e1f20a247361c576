@testable import DebriefHTTP
import DebriefTestSupport
import Testing

/// The rows of the read record's pages (issue 70 goal 4). They know only the session cookie, as
/// every host page: every caller of the matrix — the team's admin, editor and viewer, the other
/// host, the installation admin, a participant and nobody — sends a bearer token or none, so each
/// is sent to sign in (303). Who reads them once signed in (the team's admin and installation
/// admins read, an editor or viewer gets 403, an outsider 404, `/admin/audit` installation admins
/// alone) is AuditPagesTests', with sessions; the decision is ``AuditRecord``'s, as the JSON
/// routes' rows in the matrix check.
extension AuthorizationMatrixTests {
    static let auditPageRows: [String: Row] = [
        "GET /teams/{teamId}/audit": Row(access: .anyone, success: .seeOther),
        "GET /admin/audit": Row(access: .anyone, success: .seeOther),
    ]
}
