import Debrief
import Foundation

extension AuditEvent {
    /// An export as the record names it: its object (the session or the series; a host's or
    /// every meeting for the CLI's `--host` and `--all`; a team's, named in the detail) and its detail, `format layout` (`csv
    /// responses`, `csv summary`, `xlsx workbook`), with `neutralize=false` when formulas were
    /// left as typed.
    public static func export(_ request: ExportRequest) -> AuditEvent {
        var detail = request.format == .xlsx ? "xlsx workbook" : "csv \(request.layout.name.rawValue)"
        if request.format == .csv, !request.csv.neutralizesFormulas { detail += " neutralize=false" }
        switch request.target {
        case .meeting(let id): return AuditEvent(.export, meeting: id, detail: detail)
        case .series(let id): return AuditEvent(.export, series: id, detail: detail)
        case .host(let email): return AuditEvent(.export, detail: "\(detail) host=\(email)")
        case .all: return AuditEvent(.export, detail: "\(detail) all")
        case .team(let id): return AuditEvent(.export, team: id, detail: "\(detail) team=\(id.lowercasedText)")
        }
    }
}
