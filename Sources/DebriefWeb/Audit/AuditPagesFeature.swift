import DebriefActions
import DebriefHTTP

/// The read record's pages as one feature (issue 70 goal 4): `/teams/{teamId}/audit` for a
/// team's admins and `/admin/audit` for installation admins, in the host's signed-in group. The
/// JSON routes and the CSVs they link are ``AuditFeature``'s.
public struct AuditPagesFeature: Feature {
    let record: AuditRecord
    let teams: TeamActions

    public init(record: AuditRecord, teams: TeamActions) {
        self.record = record
        self.teams = teams
    }

    public func addPages(to pages: PageRoutes) {
        AuditPagesController(record: self.record, teams: self.teams).addRoutes(to: pages.signedIn)
    }
}
