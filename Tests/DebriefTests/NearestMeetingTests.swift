import Debrief
import Foundation
import Testing

/// ``NearestMeeting`` and what a series shows first (issue 68 goal 7), read from ``SeriesClock``
/// at chosen instants: the home page and `GET /v1/meetings/next` name the same meeting by it.
@Suite("The nearest meeting and a series' featured session")
struct NearestMeetingTests {
    static let start = Date(timeIntervalSince1970: 1_930_000_000)

    static func session(_ number: Int, at offset: TimeInterval, hours: Double = 1, closesAfter: TimeInterval? = nil, form: Bool = false)
        -> SeriesClock.Session
    {
        let starts = Self.start.addingTimeInterval(offset)
        return SeriesClock.Session(
            meetingID: UUID(), sessionNumber: number, startsAt: starts, endsAt: starts.addingTimeInterval(hours * 3600),
            form: form || closesAfter != nil ? .init(code: "C\(number)", closesAt: closesAfter.map { starts.addingTimeInterval($0) }) : nil)
    }

    @Test func nothingAheadIsNoNearestMeeting() {
        #expect(NearestMeeting.nearest(in: [], at: Self.start) == nil)
        #expect(NearestMeeting.nearest(in: [SeriesClock(sessions: [])], at: Self.start) == nil)
        let past = SeriesClock(sessions: [Self.session(1, at: -86_400)])
        #expect(NearestMeeting.nearest(in: [past], at: Self.start) == nil)
        #expect(past.featured(at: Self.start)?.as == .previous)
        #expect(SeriesClock(sessions: []).featured(at: Self.start) == nil)
    }

    /// A session running now comes before every next one; among next ones the earliest start.
    @Test func theRunningSessionThenTheEarliestNext() {
        let running = Self.session(1, at: -1800)
        let soon = Self.session(1, at: 7200)
        let later = Self.session(1, at: 86_400)
        let clocks = [SeriesClock(sessions: [later]), SeriesClock(sessions: [soon]), SeriesClock(sessions: [running])]
        #expect(NearestMeeting.nearest(in: clocks, at: Self.start) == running)
        #expect(NearestMeeting.nearest(in: Array(clocks.prefix(2)), at: Self.start) == soon)
        #expect(running.isRunning(at: Self.start) && running.roomQRIsUp(at: Self.start))
        #expect(!soon.isRunning(at: Self.start) && !soon.roomQRIsUp(at: Self.start))
        // The QR code goes up at the lead (inclusive) and down at the end (exclusive).
        #expect(soon.roomQRIsUp(at: soon.startsAt.addingTimeInterval(-SeriesClock.lead)))
        #expect(!soon.roomQRIsUp(at: soon.startsAt.addingTimeInterval(-SeriesClock.lead - 1)))
        #expect(!soon.roomQRIsUp(at: soon.endsAt))
    }

    /// The meeting is over but its form takes answers: the series still features it (now), but
    /// the host's nearest meeting is the next session.
    @Test func anEndedSessionWithAnOpenFormIsFeaturedButNotNearest() {
        let first = Self.session(1, at: -7200, closesAfter: 86_400)
        let second = Self.session(2, at: 7 * 86_400)
        let clock = SeriesClock(sessions: [first, second])
        #expect(clock.featured(at: Self.start)?.session == first && clock.featured(at: Self.start)?.as == .now)
        #expect(clock.awaited(at: Self.start) == second)
        #expect(NearestMeeting.nearest(in: [clock], at: Self.start) == second)
        // After the form closes: between sessions, the next one is featured.
        let friday = Self.start.addingTimeInterval(3 * 86_400)
        #expect(clock.featured(at: friday)?.session == second && clock.featured(at: friday)?.as == .next)
    }

    /// Two sessions overlap: the newer began (its lead) while the older still runs. The clock
    /// names the newer now, and so does the nearest meeting.
    @Test func overlappingSessionsTheNewerIsNearest() {
        let older = Self.session(1, at: -3000, hours: 1)
        let newer = Self.session(2, at: 1800)
        let clock = SeriesClock(sessions: [older, newer])
        #expect(NearestMeeting.nearest(in: [clock], at: Self.start) == newer)
        #expect(clock.featured(at: Self.start)?.session == newer)
    }

    /// Equal starts in two series: the lower meeting id, whatever the order of the clocks.
    @Test func tiesAreBrokenTheSameWayEveryTime() {
        let one = Self.session(1, at: 3 * 3600)
        let two = Self.session(1, at: 3 * 3600)
        let first = NearestMeeting.nearest(in: [SeriesClock(sessions: [one]), SeriesClock(sessions: [two])], at: Self.start)
        let second = NearestMeeting.nearest(in: [SeriesClock(sessions: [two]), SeriesClock(sessions: [one])], at: Self.start)
        #expect(first == second && first != nil)
    }
}
