import Debrief
import Foundation
import Testing

/// ``SeriesClock`` (docs/decisions/0083): which session of a series is now, next and previous,
/// at chosen instants — across daylight saving, past midnight, overlapping forms, an empty plan
/// and exact boundaries.
@Suite("The series clock")
struct SeriesClockTests {
    /// A wall-clock time (`2031-03-30 03:30`) in `zone`.
    static func local(_ text: String, _ zone: String) throws -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)!
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return try #require(formatter.date(from: text), "\(text) in \(zone)")
    }

    static func utc(_ text: String) throws -> Date { try #require(Timestamps.parse(text)) }

    static func session(
        _ number: Int, _ start: Date, hours: Double = 1, formClosesAt: Date? = nil, form: Bool = true
    ) -> SeriesClock.Session {
        SeriesClock.Session(
            meetingID: UUID(), sessionNumber: number, startsAt: start, endsAt: start.addingTimeInterval(hours * 3600),
            form: form ? .init(code: "CODE\(number)", closesAt: formClosesAt) : nil)
    }

    @Test func anEmptyPlanHasNoSessionNowNextOrBefore() throws {
        let reading = SeriesClock(sessions: []).reading(at: try Self.utc("2031-01-01T00:00:00.000Z"))
        #expect(reading.current == nil && reading.next == nil && reading.previous == nil && !reading.previousFormOpen)
        #expect(SeriesClock(sessions: []).nextPlanned(after: UUID(), at: Date()) == nil)
    }

    /// The lead's first instant is now (inclusive); the session's last instant is not (exclusive).
    @Test func boundariesAreExact() throws {
        let start = try Self.utc("2031-05-05T09:00:00.000Z")
        let closes = try Self.utc("2031-05-07T09:00:00.000Z")
        let one = Self.session(1, start, formClosesAt: closes)
        let clock = SeriesClock(sessions: [one])
        let before = clock.reading(at: start.addingTimeInterval(-3600 - 0.001))
        #expect(before.current == nil && before.next == one && clock.isPlanned(one.meetingID, at: start.addingTimeInterval(-3601)))
        let atLead = clock.reading(at: start.addingTimeInterval(-3600))
        #expect(atLead.current == one && atLead.next == nil && !clock.isPlanned(one.meetingID, at: start.addingTimeInterval(-3600)))
        #expect(clock.reading(at: closes.addingTimeInterval(-0.001)).current == one)
        let atClose = clock.reading(at: closes)
        #expect(atClose.current == nil && atClose.previous == one && !atClose.previousFormOpen)
    }

    /// The Seoul walk: week 1's form is open until Sunday, week 2 published early; during week 1
    /// the clock names week 1, and week 2 from an hour before its start.
    @Test func anEarlyPublishedFutureSessionIsNextNotNow() throws {
        let zone = "Asia/Seoul"
        let week1 = Self.session(1, try Self.local("2031-05-05 10:00", zone), formClosesAt: try Self.local("2031-05-11 23:59", zone))
        let week2 = Self.session(2, try Self.local("2031-05-12 10:00", zone), formClosesAt: nil)
        let planned = (3...27).map { Self.session($0, week1.startsAt.addingTimeInterval(Double($0 - 1) * 7 * 86_400), form: false) }
        let clock = SeriesClock(sessions: planned.reversed() + [week2, week1])
        let wednesday = clock.reading(at: try Self.local("2031-05-07 12:00", zone))
        #expect(wednesday.current == week1 && wednesday.next == week2 && wednesday.previous == nil)
        #expect(clock.nextPlanned(after: week1.meetingID, at: try Self.local("2031-05-07 12:00", zone)) == week2)
        #expect(clock.reading(at: try Self.local("2031-05-12 09:00", zone)).current == week2)
        // Planned weeks are planned; the begun ones are not.
        let monday = try Self.local("2031-05-12 09:30", zone)
        #expect(clock.sessions.filter { clock.isPlanned($0.meetingID, at: monday) }.map(\.sessionNumber) == Array(3...27))
    }

    /// A form closing after the next session begins: the newer session is now from its lead on,
    /// and the older form stays reachable as the previous one's until it closes.
    @Test func anOverlapGoesToTheNewerSessionAndKeepsTheOlderFormReachable() throws {
        let first = Self.session(1, try Self.utc("2031-06-02T09:00:00.000Z"), formClosesAt: try Self.utc("2031-06-09T12:00:00.000Z"))
        let second = Self.session(2, try Self.utc("2031-06-09T09:00:00.000Z"), formClosesAt: try Self.utc("2031-06-12T09:00:00.000Z"))
        let clock = SeriesClock(sessions: [first, second])
        let beforeLead = clock.reading(at: try Self.utc("2031-06-09T07:59:59.000Z"))
        #expect(beforeLead.current == first && beforeLead.next == second)
        let overlap = clock.reading(at: try Self.utc("2031-06-09T10:00:00.000Z"))
        #expect(overlap.current == second && overlap.previous == first && overlap.previousFormOpen)
        let later = clock.reading(at: try Self.utc("2031-06-09T12:00:00.000Z"))
        #expect(later.current == second && later.previous == first && !later.previousFormOpen)
    }

    /// Without a published form a session is now until its end, also past midnight.
    @Test func aSessionRunningPastMidnightIsNowUntilItsEnd() throws {
        let zone = "Asia/Seoul"
        let late = Self.session(1, try Self.local("2031-07-04 23:00", zone), hours: 2, form: false)
        let clock = SeriesClock(sessions: [late])
        #expect(clock.reading(at: try Self.local("2031-07-05 00:59", zone)).current == late)
        let after = clock.reading(at: try Self.local("2031-07-05 01:00", zone))
        #expect(after.current == nil && after.previous == late && !after.previousFormOpen)
        // A form closed before the end leaves the session now until its end.
        let closedEarly = Self.session(1, late.startsAt, hours: 2, formClosesAt: late.startsAt.addingTimeInterval(600))
        #expect(SeriesClock(sessions: [closedEarly]).reading(at: try Self.local("2031-07-05 00:30", zone)).current == closedEarly)
    }

    /// The lead is an hour of real time: on Berlin's spring-forward night a 03:30 session begins
    /// at 01:30 CET (02:30 does not exist), and a weekly 09:00 begins at 08:00 local on both
    /// sides of the change.
    @Test func theLeadIsRealTimeAcrossBerlinsSpringForward() throws {
        let zone = "Europe/Berlin"
        let night = Self.session(1, try Self.local("2031-03-30 03:30", zone), form: false)
        let clock = SeriesClock(sessions: [night])
        #expect(night.startsAt == (try Self.utc("2031-03-30T01:30:00.000Z")))
        #expect(clock.reading(at: try Self.utc("2031-03-30T00:30:00.000Z")).current == night)
        #expect(clock.reading(at: try Self.utc("2031-03-30T00:29:59.000Z")).current == nil)
        let before = Self.session(1, try Self.local("2031-03-24 09:00", zone), form: false)
        let after = Self.session(2, try Self.local("2031-03-31 09:00", zone), form: false)
        let weekly = SeriesClock(sessions: [before, after])
        #expect(weekly.reading(at: try Self.local("2031-03-24 08:00", zone)).current == before)
        #expect(weekly.reading(at: try Self.local("2031-03-31 07:59", zone)).current == nil)
        #expect(weekly.reading(at: try Self.local("2031-03-31 08:00", zone)).current == after)
    }

    /// New York falls back on 2 Nov 2031: last week's form closes Sunday 23:59 EST; Monday's 09:00
    /// EST session begins at 08:00 EST (13:00Z), and between the two nothing is now.
    @Test func betweenSessionsAcrossNewYorksFallBack() throws {
        let zone = "America/New_York"
        let last = Self.session(1, try Self.local("2031-10-27 09:00", zone), formClosesAt: try Self.local("2031-11-02 23:59", zone))
        let monday = Self.session(2, try Self.local("2031-11-03 09:00", zone), formClosesAt: nil)
        #expect(monday.startsAt == (try Self.utc("2031-11-03T14:00:00.000Z")), "EST")
        let clock = SeriesClock(sessions: [last, monday])
        let between = clock.reading(at: try Self.utc("2031-11-03T12:59:59.000Z"))
        #expect(between.current == nil && between.previous == last && between.next == monday && !between.previousFormOpen)
        let begun = clock.reading(at: try Self.utc("2031-11-03T13:00:00.000Z"))
        #expect(begun.current == monday && begun.previous == last && begun.next == nil)
        // An open form with no closing time keeps its session now until the next one begins.
        #expect(clock.reading(at: try Self.utc("2031-12-25T00:00:00.000Z")).current == monday)
    }
}
