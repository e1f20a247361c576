@testable import DebriefActions
import DebriefStore
import Foundation
import Testing

/// Each phone's marks kept on the instance (decision 109), driven by notices as the listener
/// hears them: in commit order, this instance's and another's interleaved, during a read of the
/// phone's votes, and past the cap.
@Suite("Questions from the room: a phone's marks kept in step with the votes' notices")
struct RoomQuestionMarksTests {
    let here = UUID()
    let there = UUID()
    let meeting = UUID()
    let phone = UUID()
    let q1 = UUID()
    let q2 = UUID()

    /// A fill that counts its reads and answers what `stored` holds then.
    final class Votes: @unchecked Sendable {
        let lock = NSLock()
        var stored: Set<UUID> = []
        var reads = 0

        func read() -> Set<UUID> {
            self.lock.withLock {
                self.reads += 1
                return self.stored
            }
        }
    }

    func notice(_ instance: UUID, _ batch: UInt64, last: Bool = true, _ changes: [(UUID, UUID, Bool)]) throws -> RoomVoteNotice {
        let listed = changes.map { "\(self.meeting.uuidString.lowercased()),\($0.0.uuidString.lowercased()),\($0.1.uuidString.lowercased()),\($0.2 ? 1 : 0)" }
        return try #require(RoomVoteNotice(payload: ([instance.uuidString.lowercased(), String(batch), last ? "1" : "0"] + listed).joined(separator: " ")))
    }

    @Test func oneReadThenEveryInstancesNoticesInCommitOrder() async throws {
        let votes = Votes()
        let marks = RoomMarks(instance: self.here) { _, _ in votes.read() }
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [])
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [])
        #expect(votes.reads == 1, "read once, then kept")

        // Its vote through this instance: shown at once, before the notice.
        marks.voted(true, question: self.q1, meeting: self.meeting, voter: self.phone, stamp: RoomVoteStamp(instance: self.here, batch: 1))
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q1])
        // Its vote through another instance, committed after: shown once heard.
        marks.heard(try self.notice(self.there, 7, [(self.phone, self.q2, true)]))
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q1, self.q2])
        // This instance's notice of batch 1 arrives (commit order: before the other's): no change.
        marks.heard(try self.notice(self.here, 1, [(self.phone, self.q1, true)]))
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q1, self.q2])

        // Taken back here (batch 2) after another instance's vote on q1 committed, which is heard
        // only after: the take-back, later in commit order, still shows; then its own notice.
        marks.voted(false, question: self.q1, meeting: self.meeting, voter: self.phone, stamp: RoomVoteStamp(instance: self.here, batch: 2))
        marks.heard(try self.notice(self.there, 8, [(self.phone, self.q1, true)]))
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q2], "the later take-back wins")
        marks.heard(try self.notice(self.here, 2, [(self.phone, self.q1, false)]))
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q2])
        // A later change through another instance is not hidden by a pending mark left behind.
        marks.heard(try self.notice(self.there, 9, [(self.phone, self.q1, true)]))
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q1, self.q2])

        // Another phone's votes never show as this one's.
        let other = UUID()
        marks.heard(try self.notice(self.there, 10, [(other, self.q2, false), (other, self.q1, true)]))
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q1, self.q2])
        #expect(try await marks.marks(of: other, meeting: self.meeting) == [], "the other phone's own read, not the first one's marks")
        #expect(votes.reads == 2, "one read per phone")

        // Missed notices: read again.
        marks.forgetAll()
        votes.lock.withLock { votes.stored = [self.q2] }
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q2])
        #expect(votes.reads == 3)
    }

    /// A notice heard while the phone's votes are read is applied after what the read found.
    @Test func aNoticeDuringTheReadIsNotLost() async throws {
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let (released, release) = AsyncStream<Void>.makeStream()
        let marks = RoomMarks(instance: self.here) { _, _ in
            enter.yield()
            for await _ in released { break }
            return []  // read before the vote below committed
        }
        let reading = Task { try await marks.marks(of: self.phone, meeting: self.meeting) }
        for await _ in entered { break }
        marks.heard(try self.notice(self.there, 1, [(self.phone, self.q1, true)]))
        release.yield()
        #expect(try await reading.value == [self.q1])
        #expect(try await marks.marks(of: self.phone, meeting: self.meeting) == [self.q1])
    }

    /// Many phones: never more kept than the cap, and a phone dropped is read again.
    @Test func manyPhonesStayUnderTheCap() async throws {
        let votes = Votes()
        let marks = RoomMarks(instance: self.here, capacity: 100) { _, _ in votes.read() }
        var peak = 0
        for _ in 0..<1_000 {
            _ = try await marks.marks(of: UUID(), meeting: self.meeting)
            peak = max(peak, marks.count)
        }
        #expect(peak <= 100 && marks.count >= 50, "kept \(marks.count), at most \(peak)")
        #expect(votes.reads == 1_000)
        // A phone read often stays kept while others come and go.
        let regular = UUID()
        _ = try await marks.marks(of: regular, meeting: self.meeting)
        for _ in 0..<500 {
            _ = try await marks.marks(of: UUID(), meeting: self.meeting)
            _ = try await marks.marks(of: regular, meeting: self.meeting)
        }
        #expect(votes.reads == 1_501, "the regular phone read once")
    }

    @Test func aNoticesPayloadIsReadBackOrRefused() throws {
        let notice = try self.notice(self.there, 42, last: false, [(self.phone, self.q1, true), (self.phone, self.q2, false)])
        #expect(notice.stamp == RoomVoteStamp(instance: self.there, batch: 42) && !notice.last)
        #expect(notice.changes == [
            .init(meeting: self.meeting, voter: self.phone, question: self.q1, up: true),
            .init(meeting: self.meeting, voter: self.phone, question: self.q2, up: false),
        ])
        #expect(RoomVoteNotice(payload: self.meeting.uuidString) == nil)
        #expect(RoomVoteNotice(payload: "\(self.there) 1 1 \(self.meeting),\(self.phone),x,1") == nil)
    }
}
