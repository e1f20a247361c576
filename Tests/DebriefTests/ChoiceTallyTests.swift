import Testing
import Debrief

@Suite("Statistics: choice tallies")
struct ChoiceTallyTests {
    let spec = ChoiceSpec(
        options: [ChoiceOption(id: "o1", label: "A"), ChoiceOption(id: "o2", label: "B"), ChoiceOption(id: "o3", label: "C")],
        allowsMultiple: true, allowsOther: true
    )

    @Test("Counts per option in option order, percentages of respondents")
    func tally() {
        let tally = ChoiceTally(spec: spec, answers: [
            .choice(optionIds: ["o1", "o2"], otherText: nil),
            .choice(optionIds: ["o1"], otherText: "D"),
            nil,
            .choice(optionIds: ["o3"], otherText: nil),
            .rating(3), // not a choice: counted as skipped
        ])
        #expect(tally.options.map(\.id) == ["o1", "o2", "o3"])
        #expect(tally.options.map(\.label) == ["A", "B", "C"])
        #expect(tally.options.map(\.count) == [2, 1, 1])
        #expect(approx(tally.options[0].percentage, 200.0 / 3.0))
        #expect(approx(tally.options[1].percentage, 100.0 / 3.0))
        #expect(tally.otherCount == 1)
        #expect(tally.respondents == 3)
        #expect(tally.skipped == 2)
        #expect(tally.sharesMayExceed100)
        // Shares of a multiple-choice question may add up to more than 100.
        #expect(tally.options.map(\.percentage).reduce(0, +) > 100)
    }

    @Test("No respondents: zero percentages, not NaN")
    func empty() {
        let single = ChoiceSpec(options: spec.options)
        let tally = ChoiceTally(spec: single, optionCounts: [:], otherCount: 0, respondents: 0, skipped: 4)
        #expect(tally.options.map(\.percentage) == [0, 0, 0])
        #expect(tally.otherPercentage == 0)
        #expect(tally.skipped == 4)
        #expect(!tally.sharesMayExceed100)
    }
}
