import Foundation
import Testing
import Debrief

@Suite("Answer validation: choice")
struct ChoiceAnswerTests {
    /// Validates one answer to q2 (multiple, at most 2, other allowed) next to the
    /// required answers; the q2 answer is at index 2.
    func q2(_ answer: AnswerInput) throws -> [FieldProblem] {
        try answerProblems(requiredAnswers + [answer])
    }

    @Test("Selected ids must be options of the question, each once")
    func ids() throws {
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1", "o9"]))
            == [P("answers[2].optionIds[1]", "must be one of the question's options")])
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o2", "o2"]))
            == [P("answers[2].optionIds[1]", "selected more than once")])
        #expect(try q2(AnswerInput(questionKey: "q2")) == [P("answers[2].optionIds", "is required")])
    }

    @Test("Selection count: at least one, at most maxSelections, other text counting as one")
    func counts() throws {
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: [])) == [P("answers[2].optionIds", "must select at least one option")])
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1", "o2", "o3"])) == [P("answers[2].optionIds", "must select at most 2")])
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1", "o2"], otherText: "Food")) == [P("answers[2].optionIds", "must select at most 2")])
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1", "o2"])) == [])
        // Only "other": allowed because the question allows it.
        let answers = try validate(requiredAnswers + [AnswerInput(questionKey: "q2", optionIds: [], otherText: "Food")], against: try answerFixture()).get()
        #expect(answers[1].value == .choice(optionIds: [], otherText: "Food"))
        // A blank other text is no selection.
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: [], otherText: "  ")) == [P("answers[2].optionIds", "must select at least one option")])
    }

    @Test("Single choice allows exactly one selection and no other text")
    func single() throws {
        let q1 = AnswerInput(questionKey: "q1", rating: 3)
        #expect(try answerProblems([q1, AnswerInput(questionKey: "q4", optionIds: ["o1", "o2"])])
            == [P("answers[1].optionIds", "must select at most 1")])
        #expect(try answerProblems([q1, AnswerInput(questionKey: "q4", optionIds: ["o1"], otherText: "Maybe")])
            == [P("answers[1].otherText", "not allowed for this question")])
        #expect(try answerProblems([q1, AnswerInput(questionKey: "q4", optionIds: [])])
            == [P("answers[1].optionIds", "must select at least one option")])
    }

    @Test("Other text is single-line, NFC, at most 200 characters")
    func otherText() throws {
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1"], otherText: repeated("x", 201)))
            == [P("answers[2].otherText", "must be at most 200 characters")])
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1"], otherText: "two\nlines"))
            == [P("answers[2].otherText", "must not contain line breaks or tabs")])
        // Code points as sent: 100 thumbs with a skin tone are 200.
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1"], otherText: repeated("👍🏽", 100))) == [])
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1"], otherText: repeated("👍🏽", 101)))
            == [P("answers[2].otherText", "must be at most 200 characters")])
    }

    @Test("Fields of other kinds are refused")
    func foreignFields() throws {
        // In the registry's order of the kinds that own them (short answer's `text` before rating's).
        #expect(try q2(AnswerInput(questionKey: "q2", optionIds: ["o1"], rating: 3, text: "x")) == [
            P("answers[2].text", "not allowed for choice questions"),
            P("answers[2].rating", "not allowed for choice questions"),
        ])
    }

    @Test("Answers encode in the flat input shape and decode back")
    func coding() throws {
        let answers = try validate(requiredAnswers + [AnswerInput(questionKey: "q2", optionIds: ["o1"], otherText: "Food")], against: try answerFixture()).get()
        let data = try JSONEncoder().encode(answers)
        #expect(try JSONDecoder().decode([Answer].self, from: data) == answers)
        let inputs = try JSONDecoder().decode([AnswerInput].self, from: data)
        #expect(inputs == answers.map(AnswerInput.init))
        #expect(inputs[1] == AnswerInput(questionKey: "q2", optionIds: ["o1"], otherText: "Food"))
    }
}
