import Debrief
import Foundation
import Testing

/// Honest responses (docs/decisions/0036): straight-lining, the default speeder threshold, the
/// seeded option order and the opened ticket's text form.
@Suite("Honest responses")
struct HonestResponseTests {
    static func choice(shuffle: Bool = true, other: Bool = false, count: Int = 6) -> QuestionInput {
        var question = QuestionInput(key: "topic", prompt: "Best topic?", kind: "choice") { input in
            input.options = (1...count).map { OptionInput(id: "o\($0)", label: "Topic \($0)") }
            input.allowsOther = other
        }
        question.shuffleOptions = shuffle
        return question
    }

    static func grid(_ statements: Int = 4) -> QuestionInput {
        var question = QuestionInput(key: "meeting", prompt: "The meeting", kind: "grid")
        question.statements = (1...statements).map { StatementInput(key: "s\($0)", label: "Statement \($0)") }
        return question
    }

    static func form(_ questions: [QuestionInput], threshold: Int? = nil) throws -> FormDefinition {
        var input = FormInput(title: "Retro", questions: questions)
        input.speederThresholdSeconds = threshold
        return try input.validate().get()
    }

    static func key(_ raw: String) throws -> QuestionKey {
        try #require(QuestionKey(rawValue: raw))
    }

    // MARK: - Straight-lining

    @Test func aGridRatedAllAlikeIsStraightLinedFromThreeStatements() throws {
        let form = try Self.form([Self.grid(4), Self.choice(shuffle: false)])
        func answers(_ values: [Int]) throws -> [Answer] {
            [Answer(questionKey: try Self.key("meeting"), value: .grid(values.enumerated().map { GridRating(statementKey: "s\($0.offset + 1)", value: $0.element) }))]
        }
        #expect(StraightLining.isStraightLined(try answers([3, 3, 3, 3]), in: form))
        #expect(!StraightLining.isStraightLined(try answers([3, 3, 4, 3]), in: form))
        #expect(!StraightLining.isStraightLined(try answers([3, 3, 3]), in: form), "a statement left out is not every statement")
        let small = try Self.form([Self.grid(2)])
        #expect(!StraightLining.isStraightLined(try answers([5, 5]), in: small), "two equal ratings are too often honest")
        let three = try Self.form([Self.grid(3)])
        #expect(StraightLining.isStraightLined(try answers([1, 1, 1]), in: three))
        #expect(!StraightLining.isStraightLined([Answer(questionKey: try Self.key("topic"), value: .choice(optionIds: ["o1"], otherText: nil))], in: form))
    }

    // MARK: - Speeder threshold

    @Test func theDefaultThresholdFollowsTheFormsLengthWithAFloor() throws {
        // 2 + 6 × ½ for the choice, 4 × 1½ for the grid, 2 for a rating, 5 for a short answer.
        let form = try Self.form([
            Self.choice(), Self.grid(4), QuestionInput(key: "r", prompt: "Rate", kind: "rating"),
            QuestionInput(key: "t", prompt: "Why?", kind: "shortAnswer"),
        ])
        #expect(SpeederThreshold.defaultSeconds(for: form) == 18)
        #expect(SpeederThreshold.seconds(for: form) == 18)
        let tiny = try Self.form([QuestionInput(key: "r", prompt: "Rate", kind: "rating")])
        #expect(SpeederThreshold.seconds(for: tiny) == SpeederThreshold.minimumDefault)
        let tuned = try Self.form([Self.choice()], threshold: 42)
        #expect(SpeederThreshold.seconds(for: tuned) == 42)
        let submitted = Date(timeIntervalSince1970: 1_000)
        #expect(SpeederThreshold.isSpeeder(openedAt: submitted.addingTimeInterval(-41), submittedAt: submitted, form: tuned))
        #expect(!SpeederThreshold.isSpeeder(openedAt: submitted.addingTimeInterval(-42), submittedAt: submitted, form: tuned))
        #expect(!SpeederThreshold.isSpeeder(openedAt: nil, submittedAt: submitted, form: tuned), "an unknown duration is never a speeder")
    }

    @Test func theThresholdSettingIsCheckedAndIsNotAChangeOfMeaning() throws {
        var input = FormInput(title: "Retro", questions: [Self.choice()])
        input.speederThresholdSeconds = 0
        #expect(problems(input.validate()) == [P("speederThresholdSeconds", "must be between 1 and 3600")])
        input.speederThresholdSeconds = 3601
        #expect(problems(input.validate()) == [P("speederThresholdSeconds", "must be between 1 and 3600")])
        input.speederThresholdSeconds = 30
        let tuned = try input.validate().get()
        #expect(try JSONDecoder().decode(FormDefinition.self, from: try JSONEncoder().encode(tuned)) == tuned)
        #expect(try FormInput(tuned).validate().get() == tuned)
        let untuned = try Self.form([Self.choice()])
        #expect(tuned.differsOnlyInWording(from: untuned), "retuning keeps the version, so past responses are judged anew")
    }

    // MARK: - Option order

    @Test func aShuffledOrderIsADeterministicPermutationWithOtherLast() throws {
        let form = try Self.form([Self.choice(other: true, count: 8)])
        guard case .choice(let spec) = form.questions[0].body else { throw Failure.notChoice }
        let key = try Self.key("topic")
        let ids = spec.options.map(\.id)
        var orders: Set<[String]> = []
        for seed in UInt64(0)..<40 {
            let order = OptionOrder.presented(spec, question: key, seed: seed)
            #expect(order == OptionOrder.presented(spec, question: key, seed: seed), "the same seed gives the same order")
            #expect(order.last == ChoiceSpec.otherCategory)
            #expect(Set(order.dropLast()) == Set(ids) && order.count == ids.count + 1, "a permutation of the options, then other")
            orders.insert(order)
        }
        #expect(orders.count > 30, "different seeds give different orders")
        #expect(OptionOrder.presented(spec, question: key, seed: nil) == ids + ["other"], "no seed, the form's order")
        let shown = OptionOrder.apply(to: form, seed: 7)
        guard case .choice(let shownSpec) = shown.questions[0].body else { throw Failure.notChoice }
        #expect(shownSpec.options.map(\.id) == Array(OptionOrder.presented(spec, question: key, seed: 7).dropLast()))
        #expect(OptionOrder.recorded(for: form, seed: 7) == ["topic": OptionOrder.presented(spec, question: key, seed: 7)])
    }

    @Test func anUnshuffledQuestionKeepsItsOrderAndRecordsNothing() throws {
        let form = try Self.form([Self.choice(shuffle: false)])
        #expect(OptionOrder.apply(to: form, seed: 99) == form)
        #expect(OptionOrder.recorded(for: form, seed: 99).isEmpty)
        let json = String(decoding: try JSONEncoder().encode(form.questions[0]), as: UTF8.self)
        #expect(!json.contains("shuffleOptions"), "older forms keep their shape")
    }

    @Test func shuffleIsAChoiceSettingThatKeepsQuestionsComparable() throws {
        var rating = QuestionInput(key: "r", prompt: "Rate", kind: "rating")
        rating.shuffleOptions = true
        #expect(problems(FormInput(title: "T", questions: [rating]).validate()) == [P("questions[0].shuffleOptions", "not allowed for rating questions")])
        let shuffled = try Self.form([Self.choice()]).questions[0]
        let plain = try Self.form([Self.choice(shuffle: false)]).questions[0]
        var reordered = Self.choice()
        reordered.options?.reverse()
        let shuffledReordered = try Self.form([reordered]).questions[0]
        #expect(shuffled.isComparable(to: plain), "switching shuffling on asks the same")
        #expect(shuffled.isComparable(to: shuffledReordered) && shuffled.differences(from: shuffledReordered).isEmpty)
        #expect(shuffled.answersAreComparable(to: plain))
        #expect(try JSONDecoder().decode(Question.self, from: try JSONEncoder().encode(shuffled)) == shuffled)
    }

    // MARK: - Opened ticket

    @Test func aTicketsTextIsReadBackExactlyAndOnlyInItsOwnSpelling() {
        let ticket = OpenedTicket(openedAt: Date(timeIntervalSince1970: 1_700_000_000.1234), seed: 0xdead_beef)
        #expect(ticket.payload == "1700000000123.deadbeef")
        let parsed = OpenedTicket.split(ticket.payload + ".mac")
        #expect(parsed?.ticket == ticket && parsed?.payload == ticket.payload && parsed?.mac == "mac")
        for bad in [
            "", "1.2", "1.2.", "x.2.mac", "1.zz.mac", "-1.2.mac", "01.2.mac", "1.02.mac", "1.2.mac.more",
            "1.10000000000000000.mac", String(repeating: "1", count: 200) + ".2.mac",
        ] {
            #expect(OpenedTicket.split(bad) == nil, "\(bad)")
        }
        // The integer is what is signed: every millisecond reads back exactly, whatever binary
        // fraction its Date would round through.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: Double.random(in: 1_600_000_000...2_000_000_000, using: &generator))
            let made = OpenedTicket(openedAt: date, seed: generator.next())
            #expect(OpenedTicket.split(made.payload + ".m")?.ticket == made, "\(made.payload)")
            #expect(OpenedTicket(openedAt: made.openedAt, seed: made.seed) == made, "\(made.payload) through its Date")
        }
        #expect(OpenedTicket.split("+1.2.mac") == nil && OpenedTicket.split("1.+2.mac") == nil)
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(OpenedTicket(openedAt: now.addingTimeInterval(30), seed: 1).isPlausible(at: now))
        #expect(!OpenedTicket(openedAt: now.addingTimeInterval(120), seed: 1).isPlausible(at: now))
    }

    enum Failure: Error { case notChoice }
}
