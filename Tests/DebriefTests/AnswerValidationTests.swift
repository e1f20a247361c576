import Testing
import Debrief

/// q1 rating 1–5 (required); q2 multiple choice, at most 2, with "other";
/// q3 short answer (max 500); q4 single choice without "other" (required).
func answerFixture() throws -> FormDefinition {
    try FormInput(title: "Retro", questions: [
        QuestionInput(prompt: "How useful?", required: true, kind: "rating"),
        QuestionInput(prompt: "Which topics?", kind: "choice") { $0.options = [OptionInput(label: "A"), OptionInput(label: "B"), OptionInput(label: "C")]; $0.allowsMultiple = true; $0.maxSelections = 2; $0.allowsOther = true },
        QuestionInput(prompt: "Anything else?", kind: "shortAnswer"),
        QuestionInput(prompt: "Again?", required: true, kind: "choice") { $0.options = [OptionInput(label: "Yes"), OptionInput(label: "No")] },
    ]).validate().get()
}

/// Valid answers to the required questions, to which a test adds the one it examines.
let requiredAnswers = [AnswerInput(questionKey: "q1", rating: 3), AnswerInput(questionKey: "q4", optionIds: ["o1"])]

/// Validates `answers` against the fixture and returns the problems.
func answerProblems(_ answers: [AnswerInput]) throws -> [FieldProblem] {
    problems(validate(answers, against: try answerFixture()))
}

@Suite("Answer validation: structure")
struct AnswerStructureTests {
    @Test("A full submission is returned in form order, normalized")
    func formOrder() throws {
        let input = SubmissionInput(participantToken: "t", answers: [
            AnswerInput(questionKey: "q3", text: "  Great\r\nsession  "),
            AnswerInput(questionKey: "q4", optionIds: ["o2"]),
            AnswerInput(questionKey: "q2", optionIds: ["o3"], otherText: " Pizza "),
            AnswerInput(questionKey: "q1", rating: 5),
        ])
        let answers = try validate(input, against: try answerFixture()).get()
        #expect(answers.map(\.questionKey.rawValue) == ["q1", "q2", "q3", "q4"])
        #expect(answers.map(\.value) == [
            .rating(5), .choice(optionIds: ["o3"], otherText: "Pizza"), .text("Great\nsession"), .choice(optionIds: ["o2"], otherText: nil),
        ])
        #expect(try input.validate(against: try answerFixture()).get() == answers)
    }

    @Test("The answers list is required and bounded by twice the question count")
    func listBounds() throws {
        let form = try answerFixture()
        #expect(problems(validate(SubmissionInput(), against: form)) == [P("answers", "is required")])
        let nine = Array(repeating: AnswerInput(questionKey: "q1", rating: 1), count: 9)
        #expect(problems(validate(nine, against: form)) == [P("answers", "must have at most 8 answers")])
    }

    @Test("Question keys: required, known, answered once")
    func keys() throws {
        #expect(try answerProblems(requiredAnswers + [
            AnswerInput(rating: 3),
            AnswerInput(questionKey: "q9", rating: 3),
            AnswerInput(questionKey: "Q!", rating: 3),
            AnswerInput(questionKey: "q1", rating: 4),
        ]) == [
            P("answers[2].questionKey", "is required"),
            P("answers[3].questionKey", "unknown question"),
            P("answers[4].questionKey", "unknown question"),
            P("answers[5].questionKey", "answered more than once"),
        ])
    }

    @Test("Unanswered required questions are reported at `answers`, in form order")
    func required() throws {
        #expect(try answerProblems([AnswerInput(questionKey: "q3", text: "hi")]) == [
            P("answers", "question q1 is required"), P("answers", "question q4 is required"),
        ])
        // An invalid answer counts as answered: only its own problem is reported.
        #expect(try answerProblems([AnswerInput(questionKey: "q1", rating: 9), requiredAnswers[1]])
            == [P("answers[0].rating", "must be between 1 and 5")])
    }

    @Test("A blank short answer counts as not answered")
    func blankText() throws {
        let answers = try validate(requiredAnswers + [AnswerInput(questionKey: "q3", text: " \n\t ")], against: try answerFixture()).get()
        #expect(answers.map(\.questionKey.rawValue) == ["q1", "q4"])
        let strict = try form(QuestionInput(prompt: "Why?", required: true, kind: "shortAnswer")).validate().get()
        #expect(problems(validate([AnswerInput(questionKey: "q1", text: "   ")], against: strict))
            == [P("answers", "question q1 is required")])
    }
}

@Suite("Answer validation: rating and text")
struct AnswerScalarTests {
    @Test("Rating must be present and on the scale")
    func rating() throws {
        #expect(try answerProblems([AnswerInput(questionKey: "q1", rating: 6), requiredAnswers[1]])
            == [P("answers[0].rating", "must be between 1 and 5")])
        #expect(try answerProblems([AnswerInput(questionKey: "q1", rating: 0), requiredAnswers[1]])
            == [P("answers[0].rating", "must be between 1 and 5")])
        #expect(try answerProblems([AnswerInput(questionKey: "q1"), requiredAnswers[1]])
            == [P("answers[0].rating", "is required")])
        #expect(try answerProblems([AnswerInput(questionKey: "q1", optionIds: ["o1"], rating: 2, text: "x"), requiredAnswers[1]]) == [
            P("answers[0].optionIds", "not allowed for rating questions"),
            P("answers[0].text", "not allowed for rating questions"),
        ])
    }

    @Test("Text length is counted in code points as sent; the text is stored in NFC")
    func textLength() throws {
        let form = try answerFixture()
        let decomposed = repeated("e\u{301}", 250) // 500 code points, 250 characters
        let answers = try validate(requiredAnswers + [AnswerInput(questionKey: "q3", text: decomposed)], against: form).get()
        // Form order: q1, q3, q4, so the text is second.
        #expect(answers[1].value == .text(repeated("\u{E9}", 250)))
        #expect(try answerProblems(requiredAnswers + [AnswerInput(questionKey: "q3", text: decomposed + "x")])
            == [P("answers[2].text", "must be at most 500 characters")])
        #expect(try answerProblems(requiredAnswers + [AnswerInput(questionKey: "q3", text: repeated("x", 501))])
            == [P("answers[2].text", "must be at most 500 characters")])
    }

    @Test("Korean and emoji are kept byte-for-byte; control characters are refused")
    func textContent() throws {
        let form = try answerFixture()
        let raw = "한국어 좋아요 👍🏽\n\t다음에도"
        let answers = try validate(requiredAnswers + [AnswerInput(questionKey: "q3", text: raw)], against: form).get()
        guard case .text(let stored) = answers[1].value else { // form order: q1, q3, q4
            Issue.record("expected text")
            return
        }
        #expect(Array(stored.utf8) == Array(raw.utf8))
        #expect(try answerProblems(requiredAnswers + [AnswerInput(questionKey: "q3", text: "bell\u{7}")])
            == [P("answers[2].text", "must not contain control characters")])
        #expect(try answerProblems(requiredAnswers + [AnswerInput(questionKey: "q3", text: "nul\u{0}")])
            == [P("answers[2].text", "must not contain control characters")])
        #expect(try answerProblems(requiredAnswers + [AnswerInput(questionKey: "q3", rating: 2, text: "x")])
            == [P("answers[2].rating", "not allowed for shortAnswer questions")])
    }
}
