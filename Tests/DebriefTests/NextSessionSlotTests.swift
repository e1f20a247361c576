import Debrief
import Foundation
import Testing

/// ``NextSessionSlot`` (decision 59): the schedule's next occurrence after the latest session,
/// else a week after it on the series' wall clock, passing over the host's busy times; and
/// ``LocalTime``, the one format of a time a participant reads.
@Suite("Next session's slot and local times")
struct NextSessionSlotTests {
    static func date(_ text: String) throws -> Date { try #require(Timestamps.parse(text)) }

    @Test func aMonthlyScheduleGivesTheNextSecondTuesday() throws {
        // 2031-03-11 and 2031-04-08 are second Tuesdays; 10:00 in Berlin.
        let first = try Self.date("2031-03-11T09:00:00.000Z")
        let latest = DateInterval(start: try Self.date("2031-04-08T08:00:00.000Z"), duration: 3600)
        let slot = NextSessionSlot.propose(first: first, latest: latest, schedule: "FREQ=MONTHLY;BYDAY=2TU;COUNT=2", zone: "Europe/Berlin", busy: [])
        #expect(slot.start == (try Self.date("2031-05-13T08:00:00.000Z")), "13 May, 10:00 summer time")
        #expect(slot.duration == 3600)
    }

    @Test func aBusySlotIsPassedOver() throws {
        let latest = DateInterval(start: try Self.date("2031-03-04T07:00:00.000Z"), duration: 3600)
        let busy = [DateInterval(start: try Self.date("2031-03-11T07:30:00.000Z"), duration: 600)]
        let slot = NextSessionSlot.propose(first: latest.start, latest: latest, schedule: "FREQ=WEEKLY", zone: "Asia/Seoul", busy: busy)
        #expect(slot.start == (try Self.date("2031-03-18T07:00:00.000Z")))
    }

    @Test func withoutAScheduleAWeekOnTheWallClock() throws {
        // 09:00 Berlin on 2031-03-24 (CET, 08:00Z); a week later is summer time: 07:00Z.
        let latest = DateInterval(start: try Self.date("2031-03-24T08:00:00.000Z"), duration: 1800)
        let slot = NextSessionSlot.propose(first: latest.start, latest: latest, schedule: nil, zone: "Europe/Berlin", busy: [])
        #expect(slot.start == (try Self.date("2031-03-31T07:00:00.000Z")))
    }

    @Test func localTimesNameTheZoneInEachLanguage() throws {
        let date = try Self.date("2031-03-04T07:00:00.000Z")
        #expect(LocalTime.text(date, zone: "Asia/Seoul", language: .english) == "4 Mar 2031 at 16:00 (Asia/Seoul)")
        #expect(LocalTime.text(date, zone: "Asia/Seoul", language: .korean) == "2031. 3. 4. 오후 4:00 (Asia/Seoul)")
        #expect(LocalTime.text(date, zone: nil, language: .english) == "4 Mar 2031 at 07:00 (UTC)")
        #expect(LocalTime.text(date, zone: "Not/AZone", language: .english) == "4 Mar 2031 at 07:00 (UTC)")
    }
}
