@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The rows of a team's look (decision 95). In every world the owner is the team's admin and the
/// editor and viewer callers its members in that role, the other host no member: so
/// `.series(.read)` says any member reads the look, `.series(.manage)` that its admins (and
/// installation admins) change it, members below admin get 403 and outsiders 404. Its page is a
/// host page: signed in by cookie only.
extension AuthorizationMatrixTests {
    static let teamLookRows: [String: Row] = [
        "GET /v1/teams/{teamId}/look": Row(access: .series(.read), success: .ok),
        "PUT /v1/teams/{teamId}/look": Row(access: .series(.manage), success: .ok, body: { _, _ in ["accent": "#1a5e20"] }),
        "GET /v1/teams/{teamId}/logo": Row(access: .series(.read), success: .ok, prepare: Self.putLogo),
        "PUT /v1/teams/{teamId}/logo": Row(access: .series(.manage), success: .ok, bytes: Self.picture),
        "DELETE /v1/teams/{teamId}/logo": Row(access: .series(.manage), success: .noContent, prepare: Self.putLogo),
        // An id that names no logo tells every caller the same; who sees an existing logo (public
        // once a series of the team has a published form, else its members) is TeamLookFlowTests'.
        "GET /team-logos/{logoId}": Row(access: .anyone, success: .notFound),
        // A colour's stylesheet is public: it holds the colour and nothing of any team.
        "GET /team-styles/{file}": Row(access: .anyone, success: .ok),
        // The look page knows only its session cookie, as every host page: a bearer token is sent to
        // sign in (TeamLookPageTests signs in).
        "GET /teams/{teamId}/look": Row(access: .anyone, success: .seeOther),
        "POST /teams/{teamId}/look/logo": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /teams/{teamId}/look/logo/remove": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /teams/{teamId}/look/accent": Row(access: .anyone, success: .seeOther, body: { _, _ in ["accent": "#1a5e20"] }),
    ]

    @Sendable static func putLogo(_ api: APIClient, _ world: World) async throws {
        let put = try await api.send(.put, "/v1/teams/\(world.team)/logo", token: world.ownerToken, bytes: Self.picture)
        #expect(put.status == .ok, "\(put.text)")
    }
}
