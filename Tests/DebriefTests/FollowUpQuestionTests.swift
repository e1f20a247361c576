import Debrief
import Foundation
import Testing

/// Follow-up questions (docs/decisions/0034-follow-up-questions.md): every validation path of a
/// condition, the one visibility rule (chains included), and submissions judged by it.
@Suite("Follow-up questions")
struct FollowUpQuestionTests {
    /// NPS 0–10, a topic choice (single), a multi-select, and a follow-up per rule.
    static func input(_ followUps: [QuestionInput]) -> FormInput {
        FormInput(
            title: "Retro",
            questions: [
                QuestionInput(key: "nps", prompt: "Recommend?", required: true, kind: "rating") { $0.min = 0; $0.max = 10 },
                QuestionInput(key: "topic", prompt: "Best topic?", kind: "choice") { $0.options = [OptionInput(id: "roadmap", label: "Roadmap"), OptionInput(id: "hiring", label: "Hiring")] },
                QuestionInput(key: "tags", prompt: "Tags?", kind: "choice") { $0.options = [OptionInput(id: "a", label: "A"), OptionInput(id: "b", label: "B")]; $0.allowsMultiple = true },
                QuestionInput(key: "notes", prompt: "Notes?", kind: "shortAnswer"),
            ] + followUps)
    }

    static func followUp(_ key: String, _ condition: FollowUpInput, required: Bool = false) -> QuestionInput {
        var question = QuestionInput(key: key, prompt: "Why?", required: required, kind: "shortAnswer")
        question.showWhen = condition
        return question
    }

    @Test func aValidConditionOfEachRuleIsKeptAndRoundTrips() throws {
        let form = try Self.input([
            Self.followUp("low", FollowUpInput(question: "nps", ratingBetween: [0, 6])),
            Self.followUp("why", FollowUpInput(question: "topic", chosen: ["hiring"])),
            Self.followUp("not", FollowUpInput(question: "tags", notChosen: ["a"])),
        ]).validate().get()
        #expect(form.questions[4].showWhen == FollowUpCondition(question: QuestionKey(rawValue: "nps")!, rule: .ratingBetween(0...6)))
        #expect(form.questions[5].showWhen?.rule == .chosen(["hiring"]))
        #expect(form.questions[6].showWhen?.rule == .notChosen(["a"]))
        let decoded = try JSONDecoder().decode(FormDefinition.self, from: try JSONEncoder().encode(form))
        #expect(decoded == form)
        #expect(try FormInput(form).validate().get() == form, "the input of a definition describes it exactly")
    }

    @Test func everyProblemOfAConditionIsNamedByItsPath() {
        let cases: [(FollowUpInput, FieldProblem)] = [
            (FollowUpInput(ratingBetween: [0, 6]), P("questions[4].showWhen.question", "is required")),
            (FollowUpInput(question: "nope", ratingBetween: [0, 6]), P("questions[4].showWhen.question", "unknown question")),
            (FollowUpInput(question: "later", ratingBetween: [0, 6]), P("questions[4].showWhen.question", "must name an earlier question")),
            (FollowUpInput(question: "notes", chosen: ["x"]), P("questions[4].showWhen.question", "must name a rating or choice question")),
            (FollowUpInput(question: "nps"), P("questions[4].showWhen", "must have exactly one of ratingBetween, chosen, notChosen")),
            (FollowUpInput(question: "nps", ratingBetween: [0, 6], chosen: ["a"]), P("questions[4].showWhen", "must have exactly one of ratingBetween, chosen, notChosen")),
            (FollowUpInput(question: "nps", ratingBetween: [6, 0]), P("questions[4].showWhen.ratingBetween", "must have its low value first")),
            (FollowUpInput(question: "nps", ratingBetween: [0, 11]), P("questions[4].showWhen.ratingBetween", "must be within the question's scale 0–10")),
            (FollowUpInput(question: "nps", ratingBetween: [3]), P("questions[4].showWhen.ratingBetween", "must be two values, [low, high]")),
            (FollowUpInput(question: "nps", chosen: ["a"]), P("questions[4].showWhen.ratingBetween", "is required for a rating question (chosen and notChosen are for choice questions)")),
            (FollowUpInput(question: "topic", ratingBetween: [1, 2]), P("questions[4].showWhen.ratingBetween", "is for rating questions; use chosen or notChosen")),
            (FollowUpInput(question: "topic", chosen: ["roadmap", "nope"]), P("questions[4].showWhen.chosen[1]", "unknown option")),
            (FollowUpInput(question: "topic", notChosen: []), P("questions[4].showWhen.notChosen", "must name at least one option")),
            (FollowUpInput(question: "tags", chosen: ["a", "b"]), P("questions[4].showWhen.chosen", "must name one option on a question that allows several selections")),
        ]
        for (condition, expected) in cases {
            var followUps = [Self.followUp("f", condition)]
            followUps.append(QuestionInput(key: "later", prompt: "Later", kind: "rating"))
            #expect(problems(Self.input(followUps).validate()) == [expected], "\(condition)")
        }
        // A question cannot follow itself.
        #expect(problems(Self.input([Self.followUp("f", FollowUpInput(question: "f", chosen: ["x"]))]).validate())
            == [P("questions[4].showWhen.question", "must name an earlier question")])
    }

    @Test func visibilityFollowsTheAnswersInOrderChainsIncluded() throws {
        var chained = Self.followUp("detail", FollowUpInput(question: "area", chosen: ["time"]))
        chained.prompt = "What about time?"
        let area = {
            var question = QuestionInput(key: "area", prompt: "Which area?", kind: "choice") { $0.options = [OptionInput(id: "time", label: "Time"), OptionInput(id: "people", label: "People")] }
            question.showWhen = FollowUpInput(question: "nps", ratingBetween: [0, 6])
            return question
        }()
        let form = try Self.input([area, chained, Self.followUp("keep", FollowUpInput(question: "topic", notChosen: ["hiring"]))]).validate().get()
        func visible(_ answers: [String: AnswerValue]) -> [String] {
            let keyed = Dictionary(uniqueKeysWithValues: answers.map { (QuestionKey(rawValue: $0.key)!, $0.value) })
            return form.visibleQuestions(given: keyed).map(\.key.rawValue).filter { ["area", "detail", "keep"].contains($0) }
        }
        #expect(visible([:]) == [], "nothing answered: no follow-up (notChosen needs an answer)")
        #expect(visible(["nps": .rating(9)]) == [])
        #expect(visible(["nps": .rating(3)]) == ["area"])
        #expect(visible(["nps": .rating(3), "area": .choice(optionIds: ["time"], otherText: nil)]) == ["area", "detail"])
        #expect(visible(["nps": .rating(9), "area": .choice(optionIds: ["time"], otherText: nil)]) == [], "a hidden question's answer shows nothing")
        #expect(visible(["nps": .rating(6), "topic": .choice(optionIds: ["roadmap"], otherText: nil)]) == ["area", "keep"])
        #expect(visible(["topic": .choice(optionIds: ["hiring"], otherText: nil)]) == [])
    }

    @Test func submissionsAreJudgedByWhatWasShown() throws {
        let form = try Self.input([Self.followUp("change", FollowUpInput(question: "nps", ratingBetween: [0, 6]), required: true)]).validate().get()
        // Rated 9: the follow-up is hidden, so it is not required, and an answer to it is refused at its path.
        #expect(try validate([AnswerInput(questionKey: "nps", rating: 9)], against: form).get().count == 1)
        let hidden = validate([AnswerInput(questionKey: "nps", rating: 9), AnswerInput(questionKey: "change", text: "shorter")], against: form)
        #expect(problems(hidden) == [P("answers[1].questionKey", "is not asked: the answer to nps does not meet its condition")])
        // Rated 3: shown and required.
        #expect(problems(validate([AnswerInput(questionKey: "nps", rating: 3)], against: form)) == [P("answers", "question change is required")])
        let answered = try validate([AnswerInput(questionKey: "nps", rating: 3), AnswerInput(questionKey: "change", text: "shorter")], against: form).get()
        #expect(answered.map(\.questionKey.rawValue) == ["nps", "change"])
        // A refused deciding answer is reported once: the follow-up is not judged by it.
        let refused = validate([AnswerInput(questionKey: "nps", rating: 42), AnswerInput(questionKey: "change", text: "x")], against: form)
        #expect(problems(refused).map(\.path) == ["answers[0].rating"])
    }

    @Test func shownCountsComeFromTheDecidingQuestionsCounts() {
        var counts = QuestionCounts()
        counts.respondents = 10
        counts.ratingCounts = [0: 1, 3: 2, 6: 3, 7: 4]
        #expect(FollowUpCondition.Rule.ratingBetween(0...6).shownCount(in: counts) == 6)
        var choices = QuestionCounts()
        choices.respondents = 8
        choices.optionCounts = ["a": 5, "b": 3]
        #expect(FollowUpCondition.Rule.chosen(["b"]).shownCount(in: choices) == 3)
        #expect(FollowUpCondition.Rule.notChosen(["a"]).shownCount(in: choices) == 3)
    }

    @Test func aChangedConditionIsAChangeOfMeaning() throws {
        let before = try Self.input([Self.followUp("f", FollowUpInput(question: "nps", ratingBetween: [0, 6]))]).validate().get()
        let after = try Self.input([Self.followUp("f", FollowUpInput(question: "nps", ratingBetween: [0, 5]))]).validate().get()
        #expect(!after.differsOnlyInWording(from: before))
        #expect(after.questions[4].differences(from: before.questions[4]) == ["condition"])
        #expect(!after.countsAnswers(of: before, to: QuestionKey(rawValue: "f")!))
        #expect(after.countsAnswers(of: before, to: QuestionKey(rawValue: "nps")!))
    }
}
