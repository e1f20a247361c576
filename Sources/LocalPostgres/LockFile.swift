import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One `flock(2)` lock on a file, held through one open file description.
///
/// flock rather than a pid file: the kernel releases the lock when the process dies, however it
/// dies (SIGKILL, a crash), so a lock is never stale. Two descriptors opened separately conflict
/// even within one process, and the descriptor is close-on-exec, so no child (pg_ctl, the
/// server it forks) inherits the lock and outlives us holding it.
///
/// `@unchecked Sendable`: the descriptor is set once in `init` and only passed to `flock` and
/// `close`, which the kernel serialises; `LocalPostgresCluster` (an actor) is the only user.
final class LockFile: @unchecked Sendable {
    enum Mode {
        case shared, exclusive

        var operation: Int32 { self == .shared ? LOCK_SH : LOCK_EX }
    }

    let path: String
    private let descriptor: Int32

    /// Opens (creating it, mode 0600) the file at `path`; takes no lock yet.
    init(path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw System.posixError("open \(path)") }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(self.descriptor)
    }

    /// Takes the lock if no other holder forbids it now; returns whether it did. Taking `mode`
    /// while holding the other mode converts the lock, which flock does not do atomically: the
    /// old lock is gone first, so call it only where no one else can be waiting (under the gate).
    func tryLock(_ mode: Mode) throws -> Bool {
        while true {
            if flock(self.descriptor, mode.operation | LOCK_NB) == 0 { return true }
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return false
            default: throw System.posixError("flock \(self.path)")
            }
        }
    }

    /// Waits until the lock is taken. The wait polls, in a task of its own (so a cancelled
    /// caller still ends in a known state: holding the lock); `onWait` runs once if it must wait.
    func lock(_ mode: Mode, onWait: @Sendable () -> Void = {}) async throws {
        if try self.tryLock(mode) { return }
        onWait()
        try await Task {
            while try !self.tryLock(mode) {
                try await Task.sleep(for: .milliseconds(50))
            }
        }.value
    }

    func unlock() {
        _ = flock(self.descriptor, LOCK_UN)
    }
}
