import Debrief
import DebriefActions
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The one way a spooled export leaves the server (through ``SpooledDownload``) and the one place
/// its read is recorded (decision 91): a session's or a series' file (``ExportController``) and a
/// team's (``TeamExportController``) alike, each named by its ``ExportRequest`` (a team is
/// ``ExportTarget/team(_:)``), so every export's row is written by this code.
///
/// The row is appended as the body starts, before its first byte: no byte of an export leaves
/// without its row, and a failure to record ends the body before any byte. A `HEAD` reads
/// nothing: its body is dropped unwritten (``HeadAsGetMiddleware``), so it records nothing.
struct ExportDelivery {
    let audit: AuditRecord

    /// The response carrying `spool`, recording `request` as read by `viewer` first. `download`
    /// (the caller's download slot) is given back when the body ends or is dropped.
    func response(
        _ spool: ExportSpool, of request: ExportRequest, by viewer: Viewer, download: SlotTable.Slot,
        contentType: String, fileName: ExportFileName, eventLoop: any EventLoop
    ) -> Response {
        self.response(
            spool, recording: .export(request), by: viewer, download: download,
            headers: [
                .contentType: contentType, .contentDisposition: ContentDisposition.attachment(fileName), .cacheControl: "no-store",
            ],
            eventLoop: eventLoop)
    }

    /// The response carrying `spool` with `headers`, recording `event` (an export's, a live
    /// sheet's) as done by `viewer` first.
    func response(
        _ spool: ExportSpool, recording event: AuditEvent, by viewer: Viewer, download: SlotTable.Slot, headers: HTTPFields,
        eventLoop: any EventLoop
    ) -> Response {
        let audit = self.audit
        // The request's origin, bound around the route, is no longer bound when the body is written.
        let origin = AuditRecord.origin
        return SpooledDownload.response(spool, headers: headers, download: download, eventLoop: eventLoop) {
            try await AuditRecord.$origin.withValue(origin) { try await audit.record(event, by: viewer) }
        }
    }
}
