import DebriefExport

/// A team's overview and its summary export as one feature (issue 70 goal 3):
/// `GET /v1/teams/{teamId}/export.csv`.
public struct TeamOverviewFeature: Feature {
    let exporter: Exporter

    public init(exporter: Exporter) {
        self.exporter = exporter
    }

    public func addRoutes(to api: APIRoutes) {
        TeamExportController(exporter: self.exporter, admission: api.admission).addRoutes(to: api.cookieReadable)
    }
}
