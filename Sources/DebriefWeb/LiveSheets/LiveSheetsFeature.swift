import DebriefActions
import DebriefExport
import DebriefHTTP

/// Live sheets as one feature (docs/decisions/0101-live-sheet.md): the series' secret CSV
/// address (`/v1/sheets/{token}.csv`), its JSON routes (`/v1/series/{id}/sheet`) and its page
/// (`/m/{id}/sheet`).
public struct LiveSheetsFeature: Feature {
    let sheets: LiveSheetActions
    let exporter: Exporter
    let meetings: MeetingActions
    let audit: AuditRecord

    public init(sheets: LiveSheetActions, exporter: Exporter, meetings: MeetingActions, audit: AuditRecord) {
        self.sheets = sheets
        self.exporter = exporter
        self.meetings = meetings
        self.audit = audit
    }

    public func addRoutes(to api: APIRoutes) {
        let controller = LiveSheetController(sheets: self.sheets, exporter: self.exporter, admission: api.admission, audit: self.audit)
        controller.addPublicRoutes(to: api.v1)
        controller.addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        LiveSheetPageController(meetings: self.meetings, sheets: self.sheets).addRoutes(to: pages.signedIn)
    }
}
