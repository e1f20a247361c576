import NIOCore
import NIOHTTPTypes

/// Counts the process's open connections, so that a burst of them gives its memory back to the
/// system once most have closed (``HeapTrim``, as the live streams' table does in ``Admission``).
///
/// Why: an open connection costs heap (35 KB when it was measured below, 17 KB since each request
/// runs in a task of its own, ``RequestTask``), and glibc keeps what closed connections free in
/// its arenas. 5,000 connections that each made one `GET /healthz`
/// took a server from 54 to 230 MiB; 5 s after they closed it was still at 231, with 188 MB held
/// by malloc and 4 MB of it in use; `malloc_trim(0)` brought it to 61 (issue 37, `malloc_stats`
/// through `gdb`). A room of phones that load the form and leave is such a burst even when no
/// live stream is open.
final class OpenConnectionsHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// Every connection of this process, whichever server accepted it: asks for a trim when the
    /// open ones fall to half of a peak of at least 256.
    static let all = SlotTable(totalCap: .max, whenDrainedFrom: 256, whenDrained: HeapTrim.request)

    private var slot: SlotTable.Slot?

    /// Counted from its creation: Hummingbird creates the handlers of each accepted connection.
    init(counting table: SlotTable = OpenConnectionsHandler.all) {
        self.slot = try? table.take([]).get()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.release()
    }

    private func release() {
        self.slot?.release()
        self.slot = nil
    }
}
