@testable import DebriefActions
import Foundation
import Testing

/// How long a read waits for ``SharedResults`` to compute (issue 37): a host's read that finds
/// no report young enough is served by the computation in flight when that began within its
/// staleness bound, instead of waiting for the next one; a read that needs every change still
/// waits for a computation that began after it.
@Suite("Results: a read waits for one computation at most")
struct SharedResultsWaitTests {
    /// Lets computations finish when the test says so, and counts them.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var open = false
        func release() { self.lock.withLock { self.open = true } }
        var isOpen: Bool { self.lock.withLock { self.open } }
    }

    /// Starts one read, lets a participant's submission arrive while its computation runs, then
    /// a second read with `freshness`; returns how many computations served both.
    static func computations(secondRead freshness: SharedResults.Freshness) async throws -> Int {
        let gate = Gate()
        let shared = SharedResults(maxAge: .seconds(600)) { _ in
            while !gate.isOpen { try await Task.sleep(for: .milliseconds(1)) }
            return nil
        }
        let meeting = UUID()
        let first = Task { try await shared.report(meeting, freshness: .hostChanges(participantsWithin: .seconds(600))) }
        while shared.computationCount < 1 { try await Task.sleep(for: .milliseconds(1)) }
        shared.changed(meeting, by: .participant)
        let second = Task { try await shared.report(meeting, freshness: freshness) }
        while shared.waitingCount(meeting) < 2 { try await Task.sleep(for: .milliseconds(1)) }
        gate.release()
        _ = try await first.value
        _ = try await second.value
        return shared.computationCount
    }

    @Test func aHostsReadIsServedByTheComputationInFlightWhenItIsYoungEnough() async throws {
        #expect(try await Self.computations(secondRead: .hostChanges(participantsWithin: .seconds(600))) == 1)
    }

    @Test func aReadThatNeedsEveryChangeWaitsForTheNextComputation() async throws {
        #expect(try await Self.computations(secondRead: .everyChange) == 2)
    }
}
