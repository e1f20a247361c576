import Foundation

/// The owner of the tasks a type starts on behalf of its callers, outside any caller's task: a
/// batch worker that answers the submissions waiting for it, a report computed for its readers, a
/// connection opened for the pool's first waiter (docs/decisions/0067).
///
/// Nothing here is fire-and-forget: every task started is held until it ends, counted
/// (``count``), and cancelled by ``cancelAll()`` — which the owner calls when it closes. A task
/// started after that begins cancelled, so its waiters are answered (with the cancellation)
/// instead of never. A service's own loop needs none of this: it runs its work as child tasks of
/// its `run()`. `scripts/check-layers` (rule 21) refuses an unstructured `Task` elsewhere.
//
// `@unchecked Sendable`: `tasks`, `nextID` and `cancelled` are only touched while `lock` is held.
public final class BackgroundTasks: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextID = 0
    private var cancelled = false

    public init() {}

    /// Starts `body` on a task of its own, held here until it ends.
    public func start(_ body: @escaping @Sendable () async -> Void) {
        self.lock.withLock {
            let id = self.nextID
            self.nextID += 1
            // Cancelled by the task itself before `body` runs: cancelling it from here, after
            // `Task {` returned, would race a body already running on another thread.
            let beginsCancelled = self.cancelled
            // Created under the lock: the task's own removal (below) waits for its insertion.
            let task = Task {
                if beginsCancelled { withUnsafeCurrentTask { $0?.cancel() } }
                await body()
                self.finished(id)
            }
            self.tasks[id] = task
        }
    }

    /// Cancels every task held, and every task started from now on.
    public func cancelAll() {
        let running: [Task<Void, Never>] = self.lock.withLock {
            self.cancelled = true
            return Array(self.tasks.values)
        }
        for task in running { task.cancel() }
    }

    /// Tasks started and not yet ended.
    public var count: Int { self.lock.withLock { self.tasks.count } }

    private func finished(_ id: Int) {
        _ = self.lock.withLock { self.tasks.removeValue(forKey: id) }
    }
}
