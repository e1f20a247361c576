import Debrief
import Foundation
import Testing

/// What the roster, reminders and the chat's test message pick from the series clock
/// (docs/decisions/0083): the weekly walk of issue 68 at chosen instants.
@Suite("The series clock's picks")
struct SeriesClockPicksTests {
    typealias Clock = SeriesClockTests

    /// Week 1 (its form open until the Wednesday after), week 2 published early (open until
    /// Sunday), weeks 3 and 4 planned without forms.
    struct Walk {
        var week1, week2, week3, week4: SeriesClock.Session
        var clock: SeriesClock { SeriesClock(sessions: [self.week4, self.week3, self.week2, self.week1]) }

        init() throws {
            let zone = "Asia/Seoul"
            self.week1 = Clock.session(1, try Clock.local("2031-05-05 10:00", zone), formClosesAt: try Clock.local("2031-05-14 23:59", zone))
            self.week2 = Clock.session(2, try Clock.local("2031-05-12 10:00", zone), formClosesAt: try Clock.local("2031-05-18 23:59", zone))
            self.week3 = Clock.session(3, try Clock.local("2031-05-19 10:00", zone), form: false)
            self.week4 = Clock.session(4, try Clock.local("2031-05-26 10:00", zone), form: false)
        }

        static func at(_ text: String) throws -> Date { try Clock.local(text, "Asia/Seoul") }
    }

    /// The roster's columns and its session: never a planned one (the walk's "who came" listed
    /// sessions 16–27, all in the future).
    @Test func theRosterTakesAttendanceOfTheSessionNowOrThePreviousOne() throws {
        let walk = try Walk()
        let wednesday = try Walk.at("2031-05-07 12:00")
        #expect(walk.clock.begun(at: wednesday) == [walk.week1])
        #expect(walk.clock.attendanceSession(at: wednesday) == walk.week1)
        // Week 2 from an hour before its start; between sessions, the last that began.
        #expect(walk.clock.attendanceSession(at: try Walk.at("2031-05-12 09:00")) == walk.week2)
        #expect(walk.clock.begun(at: try Walk.at("2031-05-20 12:00")) == [walk.week1, walk.week2, walk.week3])
        #expect(walk.clock.attendanceSession(at: try Walk.at("2031-05-20 12:00")) == walk.week3)
        #expect(walk.clock.attendanceSession(at: try Walk.at("2031-05-01 12:00")) == nil, "nothing has begun")
        #expect(SeriesClock(sessions: []).attendanceSession(at: wednesday) == nil)
    }

    /// Reminders go to the session now and the previous one while its form is open; never to a
    /// session published early, nor to an older one.
    @Test func remindersGoToTheSessionNowOrThePreviousOneWhileItsFormIsOpen() throws {
        let walk = try Walk()
        let clock = walk.clock
        let wednesday = try Walk.at("2031-05-07 12:00")
        #expect(clock.remindable(at: wednesday) == [walk.week1])
        #expect(clock.reminds(walk.week1.meetingID, at: wednesday) && !clock.reminds(walk.week2.meetingID, at: wednesday))
        // Week 2 has begun; week 1's form is open until Wednesday: both.
        let tuesday2 = try Walk.at("2031-05-13 12:00")
        #expect(clock.remindable(at: tuesday2) == [walk.week2, walk.week1])
        #expect(clock.remindable(at: try Walk.at("2031-05-15 12:00")) == [walk.week2], "week 1's form closed")
        // Week 3 (no form) is running; week 2's form closed on Sunday: week 3 alone.
        #expect(clock.remindable(at: try Walk.at("2031-05-19 10:00")) == [walk.week3])
        // After it, nothing is named and nothing is reminded, whatever older form is still open.
        let tuesday3 = try Walk.at("2031-05-20 12:00")
        #expect(clock.remindable(at: tuesday3).isEmpty)
        #expect(!clock.reminds(walk.week1.meetingID, at: tuesday3) && !clock.reminds(walk.week2.meetingID, at: tuesday3))
        // Before anything begins, the clock names nothing: a one-off form published early may be reminded.
        let before = try Walk.at("2031-05-01 12:00")
        #expect(clock.remindable(at: before).isEmpty && clock.reminds(walk.week1.meetingID, at: before))
    }

    /// The chat's test message digests the latest begun session with a form, not the early one.
    @Test func theTestDigestIsOfTheLatestBegunSessionWithAForm() throws {
        let walk = try Walk()
        #expect(walk.clock.digestSession(at: try Walk.at("2031-05-07 12:00")) == walk.week1)
        #expect(walk.clock.digestSession(at: try Walk.at("2031-05-13 12:00")) == walk.week2)
        #expect(walk.clock.digestSession(at: try Walk.at("2031-05-20 12:00")) == walk.week2, "week 3 has no form")
        #expect(walk.clock.digestSession(at: try Walk.at("2031-05-01 12:00")) == walk.week1, "published before it begins")
        let noForms = SeriesClock(sessions: [walk.week3, walk.week4])
        #expect(noForms.digestSession(at: try Walk.at("2031-05-30 12:00")) == nil)
    }
}
