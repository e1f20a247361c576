import DebriefStore
import Foundation
import Synchronization
import Testing

/// Logins have hashing threads of their own: a burst of sign-ups (new passwords to hash) queues on
/// its own threads and never in front of a login's check.
///
/// Counted, not timed: the check is made once every sign-up of the burst has been handed to the
/// hasher (waited for, where a sleep used to guess it), and what counts is how many sign-up hashes
/// finished while the check ran. Behind one shared queue the check would wait for every hash
/// queued before it; on threads of its own it waits for none, and only the one or two a busy
/// machine finishes meanwhile are counted. However late the check starts, the comparison is with
/// what was still queued when it started.
@Suite("Password hashing: logins keep their share")
struct PasswordHasherShareTests {
    final class Counts: Sendable {
        /// Sign-ups handed to the hasher: counted just before `hash(_:)`, which queues its work
        /// before it first suspends.
        let handedOver = Mutex(0)
        let hashed = Mutex(0)
    }

    @Test func aLoginCheckDoesNotWaitBehindQueuedSignUps() async throws {
        let hasher = PasswordHasher(cost: 10)
        // The login's password was stored at cost 4: its check takes a millisecond against each
        // sign-up's tens, so nothing but queueing could make it wait for several of them.
        let cheap = PasswordHasher(cost: 4)
        let stored = try await cheap.hash("correct horse battery")
        await cheap.shutdown()
        let counts = Counts()
        let burst = 12
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<burst {
                group.addTask {
                    counts.handedOver.withLock { $0 += 1 }
                    _ = try await hasher.hash("sign-up password \(number)")
                    counts.hashed.withLock { $0 += 1 }
                }
            }
            // The whole burst queued, as 32 parallel sign-ups would be (bounded only to end a
            // broken run).
            for _ in 0..<24_000 where counts.handedOver.withLock({ $0 }) < burst { try await Task.sleep(for: .milliseconds(5)) }
            let before = counts.hashed.withLock { $0 }
            #expect(try await hasher.verify("correct horse battery", against: stored))
            let during = counts.hashed.withLock { $0 } - before
            let queued = burst - before
            #expect(during < queued / 2, "the login waited for \(during) of the \(queued) sign-up hashes queued before it")
            try await group.waitForAll()
        }
        await hasher.shutdown()
    }
}
