import Debrief
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

    /// A report's JSON is encoded when first asked for; once it was, the meeting's next report is
    /// encoded as it is computed (no read waits for it); a report nobody reads as JSON never is.
    @Test func theJSONIsEncodedOnceSomebodyReadsIt() async throws {
        let counts = Self.counts()
        let shared = SharedResults(maxAge: .seconds(600)) { _ in counts }
        let meeting = counts.meeting.id
        let first = try #require(try await shared.report(meeting))
        #expect(!first.isEncoded)
        shared.changed(meeting)
        let second = try #require(try await shared.report(meeting))
        #expect(!second.isEncoded, "nobody read the first report's JSON")
        #expect(try second.json() == (try JSONCoding.encoder.encode(second.report)))
        shared.changed(meeting)
        let third = try #require(try await shared.report(meeting))
        #expect(third.isEncoded, "the second report's JSON was read")
    }

    /// One rating question, three responses.
    static func counts() -> ResultsCounts {
        let opened = Date(timeIntervalSince1970: 1_700_000_000)
        let form = FormDefinition(
            title: "Pulse", anonymous: true, privacyThreshold: 1,
            questions: [Question(key: QuestionKey(rawValue: "useful")!, prompt: "Useful?", body: .rating(RatingSpec(min: 1, max: 3)))])
        var useful = QuestionCounts()
        useful.respondents = 3
        useful.ratingCounts = [2: 2, 3: 1]
        let meeting = Meeting(
            id: UUID(), seriesID: UUID(), hostID: UUID(), sessionNumber: 1, title: "Pulse", startsAt: opened,
            endsAt: opened.addingTimeInterval(3600), place: nil, expectedHeadCount: nil, createdAt: opened, updatedAt: opened, role: .owner)
        let stored = StoredForm(
            id: UUID(), meetingID: meeting.id, version: 1, definition: form, code: "PULSE", publishedAt: opened, closedAt: nil,
            closesAt: nil, createdAt: opened, updatedAt: opened)
        return ResultsCounts(
            meeting: meeting, form: stored, responses: 3, allResponses: 3, checkIns: 0, firstResponseAt: opened,
            lastResponseAt: opened.addingTimeInterval(60), times: ResponseTimes(times: [opened]), questions: ["useful": useful])
    }
}
