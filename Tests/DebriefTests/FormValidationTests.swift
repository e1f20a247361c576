import Foundation
import Testing
import Debrief

/// A form with one question and a valid title, for question-level rules.
func form(_ questions: QuestionInput...) -> FormInput {
    FormInput(title: "Weekly sync", questions: questions)
}

/// Two valid option inputs.
let twoOptions = [OptionInput(label: "A"), OptionInput(label: "B")]

@Suite("Form validation: form level")
struct FormLevelTests {
    @Test("Defaults are applied and text is normalized")
    func defaults() throws {
        let definition = try FormInput(title: "  Weekly sync ", questions: [QuestionInput(prompt: " How useful? ", kind: "rating")])
            .validate().get()
        #expect(definition.title == "Weekly sync")
        #expect(definition.anonymous == true)
        #expect(definition.allowsEditing == false)
        #expect(definition.privacyThreshold == 3)
        #expect(definition.sharesResultsWithParticipants == false)
        #expect(definition.closesAt == nil)
        let q1 = try #require(QuestionKey(rawValue: "q1"))
        #expect(definition.questions == [
            Question(key: q1, prompt: "How useful?", required: false, body: .rating(RatingSpec(min: 1, max: 5))),
        ])
    }

    @Test("Missing title and questions are both reported")
    func missing() {
        #expect(problems(FormInput().validate()) == [P("title", "is required"), P("questions", "is required")])
    }

    @Test("Question count must be 1 to 50")
    func questionCount() {
        #expect(problems(FormInput(title: "T", questions: []).validate())
            == [P("questions", "must have between 1 and 50 questions")])
        let many = (0..<51).map { _ in QuestionInput(prompt: "P", kind: "shortAnswer") }
        #expect(problems(FormInput(title: "T", questions: many).validate())
            == [P("questions", "must have between 1 and 50 questions")])
        let fifty = Array(many.prefix(50))
        let definition = try? FormInput(title: "T", questions: fifty).validate().get()
        #expect(definition?.questions.last?.key.rawValue == "q50")
    }

    @Test("Title, privacy threshold and closing time rules")
    func formFields() {
        let question = QuestionInput(prompt: "P", kind: "rating")
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let input = FormInput(title: repeated("t", 201), closesAt: now.addingTimeInterval(-1), privacyThreshold: 0, questions: [question])
        #expect(problems(input.validate(now: now)) == [
            P("title", "must be at most 200 characters"),
            P("privacyThreshold", "must be between 1 and 50"),
            P("closesAt", "must be in the future"),
        ])
        // Without a clock, closesAt is not judged.
        var relaxed = input
        relaxed.title = "T"
        relaxed.privacyThreshold = 51
        #expect(problems(relaxed.validate()) == [P("privacyThreshold", "must be between 1 and 50")])
        relaxed.privacyThreshold = 50
        #expect(problems(relaxed.validate(now: now.addingTimeInterval(-2))) == [])
    }

    @Test("Every problem of every question is reported at once, in document order")
    func allAtOnce() {
        let input = FormInput(title: "", questions: [
            QuestionInput(prompt: "Fine", kind: "rating"),
            QuestionInput(key: "q1", prompt: "", kind: "choice") { $0.options = [OptionInput(label: "Only")] },
            QuestionInput(prompt: "Bad kind", kind: "slider"),
        ])
        #expect(problems(input.validate()) == [
            P("title", "must not be empty"),
            // q1 is explicit on the second question, so the first gets q2: no clash.
            P("questions[1].prompt", "must not be empty"),
            P("questions[1].options", "must have between 2 and 20 options"),
            P("questions[2].kind", "must be one of choice, shortAnswer, rating, grid, ranking, number, date"),
        ])
    }
}

@Suite("Form validation: keys")
struct FormKeyTests {
    func keys(_ explicit: [String?]) throws -> [String] {
        let questions = explicit.map { QuestionInput(key: $0, prompt: "P", kind: "shortAnswer") }
        return try FormInput(title: "T", questions: questions).validate().get().questions.map(\.key.rawValue)
    }

    @Test("Missing keys are assigned by position, skipping explicit keys")
    func assignment() throws {
        #expect(try keys([nil, nil, nil]) == ["q1", "q2", "q3"])
        #expect(try keys([nil, "q1", nil]) == ["q2", "q1", "q3"])
        #expect(try keys(["feedback", nil]) == ["feedback", "q2"])
        #expect(try keys([nil, nil, "q2"]) == ["q1", "q3", "q2"])
        // Deterministic: the same input always yields the same keys.
        #expect(try keys([nil, "q1", nil]) == keys([nil, "q1", nil]))
    }

    @Test("Duplicate and malformed keys are refused")
    func badKeys() {
        let input = form(
            QuestionInput(key: "mood", prompt: "P", kind: "rating"),
            QuestionInput(key: "mood", prompt: "P", kind: "rating"),
            QuestionInput(key: "Mood!", prompt: "P", kind: "rating"),
            QuestionInput(key: "", prompt: "P", kind: "rating")
        )
        #expect(problems(input.validate()) == [
            P("questions[1].key", "duplicate key"),
            P("questions[2].key", "must be 1 to 40 characters of a-z, 0-9, _ or -"),
            P("questions[3].key", "must be 1 to 40 characters of a-z, 0-9, _ or -"),
        ])
    }

    @Test("Option ids are assigned by position within a question, skipping explicit ids")
    func optionIDs() throws {
        let input = form(QuestionInput(prompt: "P", kind: "choice") { $0.options = [
            OptionInput(id: "o2", label: "A"), OptionInput(label: "B"), OptionInput(label: "C"),
        ] })
        let question = try input.validate().get().questions[0]
        guard case .choice(let spec) = question.body else {
            Issue.record("expected a choice question")
            return
        }
        #expect(spec.options.map(\.id) == ["o2", "o3", "o4"])
        #expect(spec.options.map(\.label) == ["A", "B", "C"])
    }
}
