import DebriefStore
import Foundation
import Testing

/// Logins have hashing threads of their own: a burst of sign-ups (new passwords to hash) queues on
/// its own threads and never in front of a login's check.
@Suite("Password hashing: logins keep their share")
struct PasswordHasherShareTests {
    actor Finished {
        var hashes = 0
        func hashed() { self.hashes += 1 }
    }

    @Test func aLoginCheckDoesNotWaitBehindQueuedSignUps() async throws {
        let hasher = PasswordHasher(cost: 10)
        let stored = try await hasher.hash("correct horse battery")
        let finished = Finished()
        let burst = 12
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<burst {
                group.addTask {
                    _ = try await hasher.hash("sign-up password \(number)")
                    await finished.hashed()
                }
            }
            // Let the burst queue up first, as 32 parallel sign-ups would.
            try await Task.sleep(for: .milliseconds(20))
            #expect(try await hasher.verify("correct horse battery", against: stored))
            // The check came back while most of the sign-ups were still queued: it did not wait
            // for them (sharing one queue, it came back only after all of them).
            let done = await finished.hashes
            #expect(done < burst / 2, "the login waited for \(done) of \(burst) sign-up hashes")
            try await group.waitForAll()
        }
        await hasher.shutdown()
    }
}
