import Testing
import Debrief

@Suite("Form validation: questions")
struct QuestionValidationTests {
    @Test("Prompt rules")
    func prompt() {
        #expect(problems(form(QuestionInput(kind: "rating")).validate()) == [P("questions[0].prompt", "is required")])
        #expect(problems(form(QuestionInput(prompt: repeated("p", 301), kind: "rating")).validate())
            == [P("questions[0].prompt", "must be at most 300 characters")])
        #expect(problems(form(QuestionInput(prompt: "Line\nbreak", kind: "rating")).validate())
            == [P("questions[0].prompt", "must not contain line breaks or tabs")])
        #expect(problems(form(QuestionInput(prompt: "Nul\u{0}", kind: "rating")).validate())
            == [P("questions[0].prompt", "must not contain control characters")])
        #expect(problems(form(QuestionInput(prompt: repeated("p", 300), kind: "rating")).validate()) == [])
    }

    @Test("Kind is required and must be known")
    func kind() {
        #expect(problems(form(QuestionInput(prompt: "P")).validate()) == [P("questions[0].kind", "is required")])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "short_answer")).validate())
            == [P("questions[0].kind", "must be one of choice, shortAnswer, rating, grid, ranking, number, date")])
    }

    @Test("Fields of another kind are refused so typos surface")
    func foreignFields() {
        #expect(problems(form(QuestionInput(prompt: "P", kind: "rating") { $0.options = twoOptions; $0.placeholder = "x" }).validate()) == [
            P("questions[0].options", "not allowed for rating questions"),
            P("questions[0].placeholder", "not allowed for rating questions"),
        ])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "shortAnswer") { $0.allowsMultiple = true; $0.max = 5 }).validate()) == [
            P("questions[0].allowsMultiple", "not allowed for shortAnswer questions"),
            P("questions[0].max", "not allowed for shortAnswer questions"),
        ])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice") { $0.options = twoOptions; $0.maxLength = 10; $0.minLabel = "x" }).validate()) == [
            P("questions[0].maxLength", "not allowed for choice questions"),
            P("questions[0].minLabel", "not allowed for choice questions"),
        ])
    }

    @Test("Choice: option count 2 to 20")
    func optionCount() {
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice")).validate()) == [P("questions[0].options", "is required")])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice") { $0.options = [OptionInput(label: "A")] }).validate())
            == [P("questions[0].options", "must have between 2 and 20 options")])
        let twentyOne = (1...21).map { OptionInput(label: "Option \($0)") }
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice") { $0.options = twentyOne }).validate())
            == [P("questions[0].options", "must have between 2 and 20 options")])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice") { $0.options = Array(twentyOne.prefix(20)) }).validate()) == [])
    }

    @Test("Choice: labels and ids must be distinct and well formed")
    func optionRules() {
        let options = [
            OptionInput(id: "yes", label: "Yes"),
            OptionInput(label: " yes "),           // same label ignoring case and spaces
            OptionInput(id: "yes", label: "Maybe"), // same id
            OptionInput(id: "No", label: "No"),     // uppercase id
            OptionInput(id: "later"),               // no label
        ]
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice") { $0.options = options }).validate()) == [
            P("questions[0].options[1]", "duplicate option"),
            P("questions[0].options[2].id", "duplicate id"),
            P("questions[0].options[3].id", "must be 1 to 40 characters of a-z, 0-9, _ or -"),
            P("questions[0].options[4].label", "is required"),
        ])
    }

    @Test("Choice: maxSelections needs allowsMultiple and must fit the options")
    func maxSelections() throws {
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice") { $0.options = twoOptions; $0.maxSelections = 1 }).validate())
            == [P("questions[0].maxSelections", "only allowed when allowsMultiple is true")])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice") { $0.options = twoOptions; $0.allowsMultiple = true; $0.maxSelections = 3 }).validate())
            == [P("questions[0].maxSelections", "must be between 1 and 2")])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "choice") { $0.options = twoOptions; $0.allowsMultiple = true; $0.maxSelections = 0 }).validate())
            == [P("questions[0].maxSelections", "must be between 1 and 2")])
        let question = try form(QuestionInput(prompt: "P", required: true, kind: "choice") { $0.options = twoOptions; $0.allowsMultiple = true; $0.maxSelections = 2; $0.allowsOther = true }).validate().get().questions[0]
        #expect(question.required)
        #expect(question.body == .choice(ChoiceSpec(
            options: [ChoiceOption(id: "o1", label: "A"), ChoiceOption(id: "o2", label: "B")],
            allowsMultiple: true, maxSelections: 2, allowsOther: true
        )))
    }

    @Test("Short answer: maxLength 1 to 2000 (default 500), placeholder at most 200")
    func shortAnswer() throws {
        #expect(problems(form(QuestionInput(prompt: "P", kind: "shortAnswer") { $0.maxLength = 0 }).validate())
            == [P("questions[0].maxLength", "must be between 1 and 2000")])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "shortAnswer") { $0.maxLength = 2001; $0.placeholder = repeated("x", 201) }).validate()) == [
            P("questions[0].maxLength", "must be between 1 and 2000"),
            P("questions[0].placeholder", "must be at most 200 characters"),
        ])
        let question = try form(QuestionInput(prompt: "P", kind: "shortAnswer") { $0.placeholder = " " }).validate().get().questions[0]
        #expect(question.body == .shortAnswer(ShortAnswerSpec(maxLength: 500, placeholder: nil)))
    }

    @Test("Rating: min 0 or 1, max from min+1 to 10, labels at most 60")
    func rating() throws {
        #expect(problems(form(QuestionInput(prompt: "P", kind: "rating") { $0.min = 2; $0.max = 11 }).validate()) == [
            P("questions[0].min", "must be 0 or 1"),
            P("questions[0].max", "must be between 1 and 10"),
        ])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "rating") { $0.min = 1; $0.max = 1 }).validate())
            == [P("questions[0].max", "must be between 2 and 10")])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "rating") { $0.max = 11 }).validate())
            == [P("questions[0].max", "must be between 2 and 10")])
        #expect(problems(form(QuestionInput(prompt: "P", kind: "rating") { $0.minLabel = repeated("l", 61) }).validate())
            == [P("questions[0].minLabel", "must be at most 60 characters")])
        let nps = try form(QuestionInput(prompt: "Recommend?", kind: "rating") { $0.min = 0; $0.max = 10; $0.maxLabel = "Surely" }).validate().get()
        guard case .rating(let spec) = nps.questions[0].body else {
            Issue.record("expected a rating question")
            return
        }
        #expect(spec.isNPS)
        #expect(spec == RatingSpec(min: 0, max: 10, minLabel: nil, maxLabel: "Surely"))
        #expect(!RatingSpec(min: 1, max: 10).isNPS)
    }
}
