import DebriefActions
import DebriefExport

/// Exports as one feature: a session's or a series' CSV and `.xlsx`
/// (`/v1/meetings/{id}/export.csv`, `/v1/series/{id}/export.xlsx`, …), readable with the page
/// session's cookie for the dashboard's download buttons, admitted by the fair shares.
public struct ExportsFeature: Feature {
    let exporter: Exporter
    let meetings: MeetingActions
    let audit: AuditRecord

    public init(exporter: Exporter, meetings: MeetingActions, audit: AuditRecord) {
        self.exporter = exporter
        self.meetings = meetings
        self.audit = audit
    }

    public func addRoutes(to api: APIRoutes) {
        ExportController(exporter: self.exporter, meetings: self.meetings, admission: api.admission, audit: self.audit).addRoutes(to: api.cookieReadable)
    }
}
