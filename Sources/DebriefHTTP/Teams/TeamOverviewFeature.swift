import Debrief
import DebriefActions
import DebriefExport
import Hummingbird

/// A team's overview and its summary export as one feature (issue 70 goal 3):
/// `GET /v1/teams/{teamId}/overview` and `GET /v1/teams/{teamId}/export.csv`.
public struct TeamOverviewFeature: Feature {
    let exporter: Exporter
    let overviews: TeamOverviewActions
    let audit: AuditRecord

    public init(exporter: Exporter, overviews: TeamOverviewActions, audit: AuditRecord) {
        self.exporter = exporter
        self.overviews = overviews
        self.audit = audit
    }

    public func addRoutes(to api: APIRoutes) {
        TeamExportController(exporter: self.exporter, admission: api.admission, audit: self.audit).addRoutes(to: api.cookieReadable)
        // Every series of the team with the clock's session, its response rate and the trend of
        // `question` (a question key the series share; absent or empty: the most shared), as
        // ``TeamOverview`` documents; for members of any role and installation admins, a 404 for
        // anyone else (``TeamAccess``).
        let overviews = self.overviews
        api.authenticated.get("teams/:teamId/overview") { request, context -> TeamOverview in
            let question = request.uri.queryParameters.get("question").flatMap { $0.isEmpty ? nil : $0 }
            return try await overviews.overview(
                try context.requireID("teamId", "team"), question: question, visibleTo: try context.requireViewer())
        }
    }
}

extension TeamOverview: ResponseEncodable {}
