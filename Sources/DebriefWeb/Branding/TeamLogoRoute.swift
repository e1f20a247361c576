import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import Hummingbird

/// `GET /team-logos/{logoId}` (HEAD too): a team's logo's bytes (decision 95), served exactly as
/// a series' picture is (``SeriesPictureRoute/response(_:request:)``: the detected type,
/// `nosniff`, `default-src 'none'`, an inline name, the strong ETag and 304). Public where the
/// participant page of one of the team's series is; otherwise only to a signed-in member of the
/// team; else 404, as for an id that names nothing.
struct TeamLogoRoute: Sendable {
    let looks: TeamLookActions
    let accounts: AccountActions

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("team-logos/:logoId") { request, context -> Response in
            guard let text = context.parameters.get("logoId"), let id = UUID(uuidString: text) else { throw HTTPError(.notFound) }
            let viewer = try await SeriesPictureRoute.signedInViewer(request, accounts: self.accounts)
            guard let image = try await self.looks.servedLogo(id, to: viewer) else { throw HTTPError(.notFound) }
            return SeriesPictureRoute.response(image, request: request)
        }
    }
}
