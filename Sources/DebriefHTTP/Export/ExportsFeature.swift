import DebriefActions
import DebriefExport

/// Exports as one feature: a session's or a series' CSV and `.xlsx`
/// (`/v1/meetings/{id}/export.csv`, `/v1/series/{id}/export.xlsx`, …), readable with the page
/// session's cookie for the dashboard's download buttons, admitted by the fair shares.
public struct ExportsFeature: Feature {
    let exporter: Exporter
    let meetings: MeetingActions

    public init(exporter: Exporter, meetings: MeetingActions) {
        self.exporter = exporter
        self.meetings = meetings
    }

    public func addRoutes(to api: APIRoutes) {
        ExportController(exporter: self.exporter, meetings: self.meetings, admission: api.admission).addRoutes(to: api.cookieReadable)
    }
}
