import DebriefStore
import HTTPTypes
import Hummingbird
import NIOCore

/// The one loop that sends a spooled file (decision 12): every export (``ExportDelivery``) and the
/// read record's CSV. The caller's download slot is given back when the body ends or is dropped.
enum SpooledDownload {
    /// `beforeFirstByte` runs as the body starts and before any byte of it (an export records its
    /// read there); if it throws, the body ends with no byte sent. A `HEAD` drops the body
    /// unwritten (``HeadAsGetMiddleware``), so it runs nothing.
    static func response(
        _ spool: ExportSpool, headers: HTTPFields, download: SlotTable.Slot, eventLoop: any EventLoop,
        beforeFirstByte: @escaping @Sendable () async throws -> Void = {}
    ) -> Response {
        let body = ResponseBody(contentLength: spool.size) { writer in
            defer { download.release() }
            try await beforeFirstByte()
            while let chunk = try await spool.read(upTo: ExportLimits.downloadChunkBytes) {
                try await writer.write(ByteBuffer(bytes: chunk))
                // The writer hands a chunk to the event loop without waiting for it, so a spool read
                // faster than the loop could run megabytes ahead of a paused client before the
                // channel's unwritability reached the writer (measured 1.4 to 6.6 MB of 37). A turn of
                // the loop after each chunk keeps that current: the next write waits while the
                // client does not read (``ExportLimits/downloadReadAheadBytes``).
                try await eventLoop.submit {}.get()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
