import Foundation

extension AuditEvent {
    /// A live sheet's read (docs/decisions/0101-live-sheet.md): an export of the series like any
    /// other (``export(_:)``), its detail ending in `sheet` so a reader of the record tells a
    /// spreadsheet's poll from a download. The row's account is the sheet's maker, whose
    /// credential the poller holds; its origin is the poller's (Google's, Excel's).
    public static func liveSheet(_ request: ExportRequest) -> AuditEvent {
        var event = Self.export(request)
        event.detail += " sheet"
        return event
    }
}
