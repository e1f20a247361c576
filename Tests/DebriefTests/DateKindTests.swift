@testable import Debrief
import Foundation
import Testing

/// The date kind's own arithmetic (docs/decisions/0084): a day's number from its calendar date
/// alone, the bounds, and the histogram by day or by week with the median day.
@Suite("Date kind")
struct DateKindTests {
    @Test func aDayIsItsCalendarDateAndItsNumber() throws {
        for (text, number) in [("1970-01-01", 0), ("2026-12-01", 20_788), ("2000-02-29", 11_016), ("1969-12-31", -1), ("2400-02-29", 157_113)] {
            let day = try #require(DateDay(text), "\(text)")
            #expect(day.number == number, "\(text)")
            #expect(DateDay(number: number).text == text)
        }
        for bad in ["2026-02-29", "1900-02-29", "2026-13-01", "2026-12-32", "2026-1-01", "26-12-01", "2026/12/01", "0999-12-01", " 2026-12-01"] {
            #expect(DateDay(bad) == nil, "\(bad)")
        }
        // Every day of four centuries goes to its number and back.
        for number in stride(from: -3_000, to: 146_097 + 3_000, by: 37) {
            #expect(DateDay(DateDay(number: number).text)?.number == number)
        }
    }

    @Test func theBoundsSayWhatIsAllowed() throws {
        let spec = DateSpec(earliest: DateDay("2026-12-01"), latest: DateDay("2026-12-20"))
        #expect(spec.problem(with: try #require(DateDay("2026-12-01"))) == nil)
        #expect(spec.problem(with: try #require(DateDay("2026-12-21"))) == "must be between 2026-12-01 and 2026-12-20")
        #expect(DateSpec(earliest: DateDay("2026-12-01")).problem(with: try #require(DateDay("2026-11-30"))) == "must be on or after 2026-12-01")
        var problems = ProblemCollector()
        var input = QuestionInput(kind: "date")
        input.earliest = "2026-12-20"
        input.latest = "2026-12-01"
        #expect(DateKind.validate(input, at: "questions[0]", into: &problems) == nil)
        #expect(problems.count == 1)
    }

    @Test func theHistogramIsByDayThenByWeekAndTheMedianIsADayAnswered() throws {
        var counts = QuestionCounts()
        counts.valueCounts = ["2026-12-04": 2, "2026-12-11": 1, "2026-12-18": 1]
        let key = try #require(QuestionKey(rawValue: "when"))
        let byDay = ResultsBuilder.result(for: Question(key: key, prompt: "When?", body: .date(DateSpec())), counts, responses: 4)
        #expect(byDay.chart.rows.count == 15, "a bin per day from the first answer to the last")
        #expect(byDay.statistics?.medianValue == "2026-12-04" && byDay.statistics?.median == nil)
        let year = DateSpec(earliest: DateDay("2026-01-01"), latest: DateDay("2026-12-31"))
        let byWeeks = ResultsBuilder.result(for: Question(key: key, prompt: "When?", body: .date(year)), counts, responses: 4)
        // 365 days, 53 weeks: bins of three weeks (at most 26 bins), 18 of them, the last one shorter.
        #expect(byWeeks.chart.rows.count == 18)
        #expect(byWeeks.chart.rows.first?.label == "2026-01-01 – 2026-01-21")
        #expect(byWeeks.chart.rows.last?.label == "2026-12-24 – 2026-12-31")
        #expect(byWeeks.chart.rows.compactMap(\.count).reduce(0, +) == 4)
    }
}
