import HummingbirdCore
import NIOCore

/// Runs each request of a connection in a child task of the connection's own, so the memory its
/// async frames took is given back when the request ends, not when the connection does.
///
/// Why: Hummingbird serves a connection from one task for the connection's whole life, and Swift's
/// task allocator keeps every slab a task ever used (about 1 KB each: the runtime's
/// `StackAllocator` frees its slabs only when the task ends). A request runs twenty-odd async
/// frames (router, middleware, controller, store), so after one request an idle keep-alive
/// connection kept them all: about 26 KB of `heaptrack`'s 35 KB per connection (issue 52,
/// docs/decisions/0049-live-results-for-the-room.md). A child task has an allocator of its own,
/// freed with it; the connection's task keeps only the frames that read its next request.
/// The child is structured (a task group awaited in place): it inherits the connection task's
/// cancellation, priority and task-locals, and errors reach Hummingbird as before.
enum RequestTask {
    /// `responder`, each call run in a child task.
    static func responder(_ responder: @escaping HTTPChannelHandler.Responder) -> HTTPChannelHandler.Responder {
        { request, writer, channel in
            let handOver = WriterHandOver(writer)
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask {
                    guard let writer = handOver.take() else { return }
                    try await responder(request, writer, channel)
                }
            }
        }
    }
}

/// Moves the response writer (not copyable, not `Sendable`) into the request's child task.
//
// `@unchecked Sendable` is safe because `writer` is set before the child task is created and taken
// once, by that task: creating a task orders the two.
private final class WriterHandOver: @unchecked Sendable {
    private var writer: ResponseWriter?

    init(_ writer: consuming ResponseWriter) {
        self.writer = consume writer
    }

    func take() -> ResponseWriter? {
        self.writer.take()
    }
}
