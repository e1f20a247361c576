import Testing
import Debrief

@Suite("Comparing questions across sessions")
struct QuestionComparisonTests {
    func question(_ prompt: String = "How useful?", required: Bool = true, body: QuestionBody) throws -> Question {
        Question(key: try #require(QuestionKey(rawValue: "q1")), prompt: prompt, required: required, body: body)
    }

    let choice = QuestionBody.choice(ChoiceSpec(options: [ChoiceOption(id: "o1", label: "A"), ChoiceOption(id: "o2", label: "B")]))

    @Test("Identical questions are comparable; presentation changes do not matter")
    func same() throws {
        let march = try question(body: .rating(RatingSpec(min: 1, max: 5, minLabel: "Low")))
        let april = try question(required: false, body: .rating(RatingSpec(min: 1, max: 5, maxLabel: "High")))
        #expect(april.isComparable(to: march))
        #expect(april.differences(from: march) == [])
    }

    @Test("Prompt, options, scale and kind changes are listed")
    func differences() throws {
        let rating = try question(body: .rating(RatingSpec(min: 1, max: 5)))
        #expect(try question("How useful was it?", body: .rating(RatingSpec(min: 1, max: 5))).differences(from: rating) == ["prompt"])
        #expect(try question(body: .rating(RatingSpec(min: 0, max: 10))).differences(from: rating) == ["scale"])
        #expect(try question(body: .shortAnswer(ShortAnswerSpec())).differences(from: rating) == ["kind"])
        #expect(try question("Other", body: choice).differences(from: rating) == ["kind", "prompt"])

        let base = try question(body: choice)
        let relabeled = try question(body: .choice(ChoiceSpec(options: [ChoiceOption(id: "o1", label: "A"), ChoiceOption(id: "o2", label: "C")])))
        #expect(relabeled.differences(from: base) == ["options"])
        #expect(!relabeled.isComparable(to: base))
        let multiple = try question(body: .choice(ChoiceSpec(options: [ChoiceOption(id: "o1", label: "A"), ChoiceOption(id: "o2", label: "B")], allowsMultiple: true)))
        #expect(multiple.isComparable(to: base))
    }

    @Test("Form-level comparability pairs questions by key")
    func formLevel() throws {
        let old = try form(
            QuestionInput(key: "mood", prompt: "Mood?", kind: "rating"),
            QuestionInput(key: "topic", prompt: "Topic?", kind: "choice") { $0.options = twoOptions }
        ).validate().get()
        let new = try form(
            QuestionInput(key: "mood", prompt: "Mood?", kind: "rating") { $0.max = 7 },
            QuestionInput(key: "topic", prompt: "Topic?", kind: "choice") { $0.options = twoOptions },
            QuestionInput(key: "extra", prompt: "More?", kind: "shortAnswer")
        ).validate().get()
        let result = new.comparability(with: old)
        let mood = try #require(QuestionKey(rawValue: "mood"))
        let topic = try #require(QuestionKey(rawValue: "topic"))
        #expect(result == [mood: false, topic: true])
    }
}
