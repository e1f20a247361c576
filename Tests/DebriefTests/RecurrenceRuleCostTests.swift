import Debrief
import Foundation
import PropertyBased
import Testing

/// Issue 47: reading and expanding any rule costs at most ``RecurrenceRule/maxExpansionSteps``
/// steps, whatever the input — counted by ``ExpansionBudget``, never timed.
@Suite("Calendar: the cost of a rule is bounded in steps")
struct RecurrenceRuleCostTests {
    static let start: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar.date(from: DateComponents(year: 2026, month: 12, day: 7, hour: 9))!
    }()

    static func ics(rule: String, exdates: Int = 0) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:x@example.com",
            "DTSTART;TZID=Europe/Berlin:20261207T090000", "DTEND;TZID=Europe/Berlin:20261207T100000",
            "SUMMARY:Retro", "RRULE:" + rule,
        ]
        if exdates > 0 { lines.append("EXDATE:" + (0..<exdates).map { _ in "20261214T080000Z" }.joined(separator: ",")) }
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Plans `input` with a budget that throws past the bound, so an unbounded expansion fails
    /// the test at once; returns the steps taken and whether the plan was made.
    static func steps(_ input: CalendarSeriesInput, sourceLocation: SourceLocation = #_sourceLocation) throws -> (steps: Int, planned: Bool) {
        let budget = ExpansionBudget(stopAfter: RecurrenceRule.maxExpansionSteps)
        let result = try CalendarSeriesPlan.make(input, hostZone: "Europe/Berlin", budget: budget)
        #expect(budget.steps <= RecurrenceRule.maxExpansionSteps, sourceLocation: sourceLocation)
        if case .success = result { return (budget.steps, true) }
        return (budget.steps, false)
    }

    @Test("The issue's file (MONTHLY, UNTIL=99991231, BYDAY=MO ×1000, 3.2 KB) is answered within the bound")
    func theIssuesFile() throws {
        let rule = "FREQ=MONTHLY;UNTIL=99991231;BYDAY=" + Array(repeating: "MO", count: 1_000).joined(separator: ",")
        let (steps, _) = try Self.steps(CalendarSeriesInput(ics: Self.ics(rule: rule)))
        #expect(steps <= RecurrenceRule.maxExpansionSteps)
        // N = 200 (760 bytes) took 4.4 s of CPU before: as bounded.
        let short = "FREQ=MONTHLY;UNTIL=99991231;BYDAY=" + Array(repeating: "MO", count: 200).joined(separator: ",")
        #expect(try Self.steps(CalendarSeriesInput(ics: Self.ics(rule: short))).steps <= RecurrenceRule.maxExpansionSteps)
    }

    @Test("A typed rule at its length limit, full of duplicates, is answered within the bound")
    func typedAtTheLimit() throws {
        var rule = "FREQ=MONTHLY;UNTIL=99991231;BYDAY=MO"
        while rule.count + 3 <= CalendarSeriesPlan.maxRuleLength { rule += ",MO" }
        let end = Self.start.addingTimeInterval(3600)
        let (steps, _) = try Self.steps(CalendarSeriesInput(rule: rule, start: Self.start, end: end, title: "Retro"))
        #expect(steps <= RecurrenceRule.maxExpansionSteps)
    }

    @Test("A far UNTIL is expanded once, to the horizon: a weekly rule to 9999 costs a few hundred steps")
    func farUntilIsNotExpandedTwice() throws {
        let end = Self.start.addingTimeInterval(3600)
        let (steps, planned) = try Self.steps(CalendarSeriesInput(rule: "FREQ=WEEKLY;UNTIL=99991231", start: Self.start, end: end, title: "Retro"))
        #expect(planned)
        // 27 weeks of 7 candidate days and their periods, and one week past the horizon.
        #expect(steps < 300)
    }

    // MARK: - Generated hostile rules

    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// A hostile rule: every FREQ (supported or not), long BYDAY lists with duplicates and
    /// positions, far UNTIL, huge COUNT, the largest INTERVAL, parts given twice.
    static func hostileRule(_ random: inout Xoshiro) -> String {
        var parts = ["FREQ=" + ["DAILY", "WEEKLY", "WEEKLY", "MONTHLY", "MONTHLY", "MONTHLY", "YEARLY", "HOURLY"].randomElement(using: &random)!]
        switch Int.random(in: 0..<7, using: &random) {
        case 0: parts.append("UNTIL=99991231")
        case 1: parts.append("UNTIL=99991231T235959Z")
        case 2: parts.append("COUNT=\([200, 199, 100_000, Int.max].randomElement(using: &random)!)")
        case 3: parts.append("UNTIL=20270101")
        case 4: parts.append("UNTIL=99991231T000000Z")
        default: break
        }
        if Bool.random(using: &random) { parts.append("INTERVAL=\([1, 2, 51, 52, 53].randomElement(using: &random)!)") }
        if Int.random(in: 0..<4, using: &random) > 0 {
            let count = [1, 7, 35, 200, 1_000, 3_000].randomElement(using: &random)!
            let entries = (0..<count).map { _ in
                let day = Self.weekdays.randomElement(using: &random)!
                return Bool.random(using: &random) ? day : "\([-5, -1, 1, 2, 5].randomElement(using: &random)!)\(day)"
            }
            parts.append("BYDAY=" + entries.joined(separator: ","))
        }
        if Int.random(in: 0..<8, using: &random) == 0 { parts.append("WKST=SU") }
        return parts.shuffled(using: &random).joined(separator: ";")
    }

    @Test func generatedHostileRulesAreAnsweredWithinTheBound() async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...Int.max)) { seed in
            var random = Xoshiro(seed: (UInt64(seed), 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
            let rule = Self.hostileRule(&random)
            let input: CalendarSeriesInput = Bool.random(using: &random)
                ? CalendarSeriesInput(ics: Self.ics(rule: rule, exdates: Int.random(in: 0...3, using: &random) * 100))
                : CalendarSeriesInput(rule: rule, start: Self.start, end: Self.start.addingTimeInterval(1800), title: "Retro")
            do {
                let (steps, _) = try Self.steps(input)
                #expect(steps <= RecurrenceRule.maxExpansionSteps, "seed \(seed): \(rule.prefix(200))")
            } catch {
                Issue.record("seed \(seed): \(error) for \(rule.prefix(200))")
            }
        }
    }

    // MARK: - Cancellation

    @Test("A cancelled plan stops at its next step")
    func cancelledPlanStops() throws {
        let budget = ExpansionBudget()
        budget.cancel()
        let end = Self.start.addingTimeInterval(3600)
        #expect(throws: CancellationError.self) {
            try CalendarSeriesPlan.make(
                CalendarSeriesInput(rule: "FREQ=DAILY;COUNT=100", start: Self.start, end: end, title: "Retro"), hostZone: nil, budget: budget)
        }
        #expect(budget.steps == 1)
        // The same plan not cancelled takes a hundred steps and more.
        let whole = ExpansionBudget()
        _ = try CalendarSeriesPlan.make(
            CalendarSeriesInput(rule: "FREQ=DAILY;COUNT=100", start: Self.start, end: end, title: "Retro"), hostZone: nil, budget: whole)
        #expect(whole.steps >= 100)
    }
}

extension RecurrenceRuleCostTests {
    /// Every FREQ with each hostile end, a long BYDAY list of duplicates (with positions where
    /// the FREQ allows them) and the largest INTERVAL, typed and inside an `.ics`.
    static let hostileTable: [String] = {
        var rules: [String] = []
        for freq in ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] {
            for end in ["UNTIL=99991231", "COUNT=200", "COUNT=100000", ""] {
                for byDay in ["", "BYDAY=" + Array(repeating: "MO,TU", count: 500).joined(separator: ","),
                              "BYDAY=" + Array(repeating: "1MO,-1FR,5TH", count: 300).joined(separator: ",")] {
                    for interval in ["", "INTERVAL=52"] {
                        rules.append(["FREQ=" + freq, end, byDay, interval].filter { !$0.isEmpty }.joined(separator: ";"))
                    }
                }
            }
        }
        return rules
    }()

    @Test("A table of hostile rules, every FREQ, typed and in a file, is answered within the bound", arguments: [false, true])
    func hostileRulesEveryFrequency(inFile: Bool) throws {
        for rule in Self.hostileTable {
            let input = inFile
                ? CalendarSeriesInput(ics: Self.ics(rule: rule))
                : CalendarSeriesInput(rule: rule, start: Self.start, end: Self.start.addingTimeInterval(1800), title: "Retro")
            do {
                #expect(try Self.steps(input).steps <= RecurrenceRule.maxExpansionSteps, "\(rule.prefix(120))")
            } catch {
                Issue.record("\(error) for \(rule.prefix(120))")
            }
        }
    }
}
