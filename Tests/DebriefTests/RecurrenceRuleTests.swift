import Foundation
import Testing
import Debrief

@Suite("Calendar: the RRULE subset and its expansion")
struct RecurrenceRuleTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let utc = TimeZone(identifier: "UTC")!

    static func local(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 9, zone: TimeZone = berlin) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h))!
    }

    static func days(_ dates: [Date], zone: TimeZone = berlin) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return dates.map {
            let c = calendar.dateComponents([.month, .day, .hour], from: $0)
            return "\(c.month!)-\(c.day!) \(c.hour!)h"
        }
    }

    func rule(_ text: String) throws -> RecurrenceRule { try RecurrenceRule.parse(text, at: "rule").get() }

    @Test("Every other week keeps 09:00 local across the end of daylight saving time")
    func weeklyAcrossDST() throws {
        let start = Self.local(2026, 10, 13)
        let dates = try rule("FREQ=WEEKLY;INTERVAL=2;COUNT=4").occurrences(from: start, in: Self.berlin, until: .distantFuture)
        #expect(Self.days(dates) == ["10-13 9h", "10-27 9h", "11-10 9h", "11-24 9h"])
        // 09:00 CEST is 07:00Z, 09:00 CET is 08:00Z.
        #expect(dates[1].timeIntervalSince(dates[0]) == 14 * 86_400 + 3_600)
    }

    @Test("Monthly by weekday: the second Tuesday and the last Friday")
    func monthlyByWeekday() throws {
        let second = try rule("FREQ=MONTHLY;BYDAY=2TU;COUNT=3").occurrences(from: Self.local(2026, 12, 8), in: Self.berlin, until: .distantFuture)
        #expect(Self.days(second) == ["12-8 9h", "1-12 9h", "2-9 9h"])
        let last = try rule("FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270401T000000Z").occurrences(from: Self.local(2026, 12, 25), in: Self.berlin, until: .distantFuture)
        #expect(Self.days(last) == ["12-25 9h", "1-29 9h", "2-26 9h", "3-26 9h"])
    }

    @Test("EXDATE leaves a session out but still counts towards COUNT")
    func exdate() throws {
        let start = Self.local(2026, 12, 1)
        let dates = try rule("FREQ=WEEKLY;COUNT=4").occurrences(
            from: start, in: Self.berlin, until: .distantFuture, excluding: [Self.local(2026, 12, 8)])
        #expect(Self.days(dates) == ["12-1 9h", "12-15 9h", "12-22 9h"])
    }

    @Test("Weekly on several days, and UNTIL as a date includes that day")
    func weeklyDays() throws {
        let dates = try rule("FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261210").occurrences(
            from: Self.local(2026, 12, 1), in: Self.berlin, until: .distantFuture)
        #expect(Self.days(dates) == ["12-1 9h", "12-3 9h", "12-8 9h", "12-10 9h"])
    }

    @Test("Absurd or unsupported rules are refused, naming the part")
    func refusals() {
        func paths(_ text: String) -> [String] {
            guard case .failure(let failure) = RecurrenceRule.parse(text, at: "rule") else { return [] }
            return failure.problems.map(\.path)
        }
        #expect(paths("FREQ=YEARLY") == ["rule.FREQ"])
        #expect(paths("FREQ=WEEKLY;INTERVAL=53") == ["rule.INTERVAL"])
        #expect(paths("FREQ=WEEKLY;COUNT=201") == ["rule.COUNT"])
        #expect(paths("FREQ=WEEKLY;COUNT=2;UNTIL=20270101") == ["rule.UNTIL"])
        #expect(paths("FREQ=WEEKLY;BYDAY=2TU") == ["rule.BYDAY"])
        #expect(paths("FREQ=MONTHLY;BYSETPOS=1") == ["rule.BYSETPOS"])
        #expect(paths("INTERVAL=2") == ["rule.FREQ"])
        #expect(paths("FREQ=WEEKLY;garbage") == ["rule"])
    }

    @Test("A plan is bounded by the 26-week horizon, and refuses UNTIL before the start and too many sessions")
    func plans() throws {
        let start = Self.local(2026, 12, 1)
        let plan = try CalendarSeriesPlan.make(
            CalendarSeriesInput(rule: "FREQ=WEEKLY", start: start, end: start.addingTimeInterval(3600), title: "Standup", timeZone: "Europe/Berlin"),
            hostZone: nil).get()
        #expect(plan.sessions.count == 27)
        #expect(plan.reachedHorizon)
        func paths(_ input: CalendarSeriesInput) -> [String] {
            guard case .failure(let failure)? = try? CalendarSeriesPlan.make(input, hostZone: "Europe/Berlin") else { return [] }
            return failure.problems.map(\.path)
        }
        let end = start.addingTimeInterval(3600)
        #expect(paths(CalendarSeriesInput(rule: "FREQ=WEEKLY;UNTIL=20261101T000000Z", start: start, end: end, title: "T")) == ["rule.UNTIL"])
        #expect(paths(CalendarSeriesInput(rule: "FREQ=DAILY", start: start, end: end, title: "T")) == ["rule"])
        #expect(paths(CalendarSeriesInput(rule: "FREQ=DAILY;COUNT=5", start: start, end: start.addingTimeInterval(2 * 86_400), title: "T")) == ["end"])
        #expect(paths(CalendarSeriesInput(rule: "FREQ=WEEKLY", start: start, end: end, title: "T", timeZone: "Mars/Olympus")) == ["timeZone"])
    }

    @Test("An .ics event with TZID, RRULE and EXDATE plans its sessions; bad lines are named")
    func icsEvent() throws {
        let ics = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:x@example.com\r
        DTSTART;TZID=Asia/Seoul:20261201T100000\r
        DTEND;TZID=Asia/Seoul:20261201T110000\r
        SUMMARY:주간 회의\\, 팀\r
        LOCATION:3층\r
        RRULE:FREQ=WEEKLY;COUNT=3\r
        EXDATE;TZID=Asia/Seoul:20261208T100000\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
        let plan = try CalendarSeriesPlan.make(CalendarSeriesInput(ics: ics), hostZone: nil).get()
        #expect(plan.timeZone == "Asia/Seoul")
        #expect(plan.sessions.map(\.title) == ["주간 회의, 팀", "주간 회의, 팀"])
        #expect(Self.days(plan.sessions.map(\.startsAt), zone: TimeZone(identifier: "Asia/Seoul")!) == ["12-1 10h", "12-15 10h"])
        let broken = ics.replacingOccurrences(of: "LOCATION:3층", with: "not a line").replacingOccurrences(of: "FREQ=WEEKLY", with: "FREQ=HOURLY")
        guard case .failure(let failure) = try CalendarSeriesPlan.make(CalendarSeriesInput(ics: broken), hostZone: nil) else {
            Issue.record("a malformed line was accepted")
            return
        }
        #expect(failure.problems.map(\.path) == ["ics"])
        let hourly = ics.replacingOccurrences(of: "FREQ=WEEKLY", with: "FREQ=HOURLY")
        guard case .failure(let other) = try CalendarSeriesPlan.make(CalendarSeriesInput(ics: hourly), hostZone: nil) else {
            Issue.record("FREQ=HOURLY was accepted")
            return
        }
        #expect(other.problems.map(\.path) == ["ics.RRULE.FREQ"])
    }
}
