import DebriefActions
import ServiceLifecycle

/// The read record as one feature (docs/decisions/0091-the-read-record.md): `GET /v1/audit`,
/// `GET /v1/audit.csv`, a team's `GET /v1/teams/{teamId}/audit` and `…/audit.csv` (decision 97;
/// the CSVs also with the page session's cookie, for a download link), and the job that deletes
/// rows past the installation's retention.
public struct AuditFeature: Feature {
    let record: AuditRecord
    let retention: PeriodicPurge

    public init(record: AuditRecord, retention: PeriodicPurge) {
        self.record = record
        self.retention = retention
    }

    public func addRoutes(to api: APIRoutes) {
        let controller = AuditController(record: self.record, admission: api.admission)
        controller.addRoutes(to: api.authenticated)
        controller.addDownloadRoutes(to: api.cookieReadable)
    }

    public var services: [any Service] { [self.retention] }
}
