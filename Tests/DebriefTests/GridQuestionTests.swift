import Debrief
import Foundation
import Testing

/// Grid questions (docs/decisions/0035-grid-questions.md): validation paths of the question and
/// of its answers, and results per statement under the privacy rule of k.
@Suite("Grid questions")
struct GridQuestionTests {
    static func gridInput(required: Bool = false, statements: [StatementInput]? = nil, min: Int? = nil, max: Int? = nil) -> QuestionInput {
        var question = QuestionInput(key: "meeting", prompt: "How was the meeting?", required: required, kind: "grid") { $0.min = min; $0.max = max }
        question.statements = statements ?? [
            StatementInput(key: "agenda", label: "The agenda was clear"), StatementInput(key: "time", label: "We finished on time"),
            StatementInput(label: "Everyone could speak"),
        ]
        return question
    }

    static func form(anonymous: Bool = true, k: Int = 3, required: Bool = false) throws -> FormDefinition {
        try FormInput(title: "Retro", anonymous: anonymous, privacyThreshold: k, questions: [Self.gridInput(required: required)]).validate().get()
    }

    @Test func aGridKeepsItsStatementsAndScaleAndRoundTrips() throws {
        let form = try Self.form()
        guard case .grid(let spec) = form.questions[0].body else {
            Issue.record("not a grid: \(form.questions[0].body)")
            return
        }
        #expect(spec.statements.map(\.key) == ["agenda", "time", "s3"], "a missing key is assigned from the position")
        #expect(spec.scale == RatingSpec(min: 1, max: 5), "the scale defaults to 1–5 like a rating")
        let json = String(decoding: try JSONEncoder().encode(form.questions[0]), as: UTF8.self)
        #expect(json.contains(#""kind":"grid""#) && json.contains(#""statements":[{"#))
        #expect(try JSONDecoder().decode(FormDefinition.self, from: try JSONEncoder().encode(form)) == form)
        #expect(try FormInput(form).validate().get() == form, "the input of a definition describes it exactly")
    }

    @Test func everyProblemOfAGridIsNamedByItsPath() {
        let cases: [(QuestionInput, [FieldProblem])] = [
            (Self.gridInput(statements: [StatementInput(label: "Only one")]), [P("questions[0].statements", "must have between 2 and 20 statements")]),
            (Self.gridInput(statements: [StatementInput(key: "a", label: "One"), StatementInput(key: "a", label: "Two")]),
             [P("questions[0].statements[1].key", "duplicate key")]),
            (Self.gridInput(statements: [StatementInput(key: "A!", label: "One"), StatementInput(label: "Two")]),
             [P("questions[0].statements[0].key", IdentifierRules.message)]),
            (Self.gridInput(statements: [StatementInput(label: "Same"), StatementInput(label: "same")]), [P("questions[0].statements[1]", "duplicate statement")]),
            (Self.gridInput(statements: [StatementInput(label: ""), StatementInput(label: "Two")]), [P("questions[0].statements[0].label", "must not be empty")]),
            (Self.gridInput(min: 2), [P("questions[0].min", "must be 0 or 1")]),
            (Self.gridInput(max: 11), [P("questions[0].max", "must be between 2 and 10")]),
        ]
        for (question, expected) in cases {
            #expect(problems(FormInput(title: "T", questions: [question]).validate()) == expected, "\(question)")
        }
        var missing = Self.gridInput()
        missing.statements = nil
        #expect(problems(FormInput(title: "T", questions: [missing]).validate()) == [P("questions[0].statements", "is required")])
        var stray = QuestionInput(key: "r", prompt: "Rate", kind: "rating")
        stray.statements = [StatementInput(label: "A"), StatementInput(label: "B")]
        #expect(problems(FormInput(title: "T", questions: [stray]).validate()) == [P("questions[0].statements", "not allowed for rating questions")])
        #expect(problems(FormInput(title: "T", questions: [QuestionInput(key: "g", prompt: "G", kind: "grid") { $0.options = [OptionInput(label: "A")] }]).validate())
            .contains(P("questions[0].options", "not allowed for grid questions")))
    }

    @Test func aFollowUpCannotBeDecidedByAGrid() {
        var followUp = QuestionInput(key: "why", prompt: "Why?", kind: "shortAnswer")
        followUp.showWhen = FollowUpInput(question: "meeting", ratingBetween: [1, 2])
        #expect(problems(FormInput(title: "T", questions: [Self.gridInput(), followUp]).validate())
            == [P("questions[1].showWhen.question", "must name a rating or choice question")])
    }

    @Test func answersAreCheckedPerStatement() throws {
        let form = try Self.form(required: true)
        func check(_ ratings: [String: Int]?) -> Result<[Answer], ValidationFailure> {
            validate([AnswerInput(questionKey: "meeting", ratings: ratings)], against: form)
        }
        let valid = try check(["time": 2, "agenda": 4, "s3": 5]).get()
        #expect(valid == [Answer(questionKey: QuestionKey(rawValue: "meeting")!, value: .grid([
            GridRating(statementKey: "agenda", value: 4), GridRating(statementKey: "time", value: 2), GridRating(statementKey: "s3", value: 5),
        ]))], "ratings come back in statement order, whatever the JSON order")
        #expect(problems(check(["agenda": 4, "time": 6, "s3": 1])) == [P("answers[0].ratings.time", "must be between 1 and 5")])
        #expect(problems(check(["agenda": 4, "time": 2, "s3": 1, "nope": 3])) == [P("answers[0].ratings", "must have at most 3 ratings, one per statement")])
        #expect(problems(check(["agenda": 4, "time": 2, "zzz": 1])) == [
            P("answers[0].ratings.zzz", "must be one of the question's statements"), P("answers[0].ratings.s3", "is required"),
        ])
        #expect(problems(check(["agenda": 4, "<script>": 2])).contains(P("answers[0].ratings", "has a key that is not one of the question's statements")))
        #expect(problems(check(["agenda": 4])) == [P("answers[0].ratings.time", "is required"), P("answers[0].ratings.s3", "is required")])
        #expect(problems(check([:])) == [P("answers", "question meeting is required")], "an empty grid is no answer")
        #expect(problems(validate([AnswerInput(questionKey: "meeting", rating: 3)], against: form)) == [
            P("answers[0].rating", "not allowed for grid questions"), P("answers[0].ratings", "is required"),
        ])
        // An optional grid may be rated in part.
        let optional = try Self.form(required: false)
        #expect(try validate([AnswerInput(questionKey: "meeting", ratings: ["time": 1])], against: optional).get()
            == [Answer(questionKey: QuestionKey(rawValue: "meeting")!, value: .grid([GridRating(statementKey: "time", value: 1)]))])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(valid[0]), as: UTF8.self) == #"{"questionKey":"meeting","ratings":{"agenda":4,"s3":5,"time":2}}"#)
    }

    /// Four respondents on an anonymous form with k = 3: `agenda` rated by all four, `time` by
    /// three, `s3` by two (withheld on its own).
    static var counts: QuestionCounts {
        var counts = QuestionCounts()
        counts.respondents = 4
        counts.statementCounts = ["agenda": [2: 1, 4: 2, 5: 1], "time": [1: 1, 3: 2], "s3": [5: 2]]
        return counts
    }

    @Test func eachStatementHasItsOwnDistributionStatisticsAndPrivacy() throws {
        let form = try Self.form()
        let result = ResultsBuilder.result(for: form.questions[0], in: form, counts: Self.counts, responses: 5)
        #expect(result.kind == .grid && !result.withheld && result.respondents == 4 && result.skipped == 1)
        #expect(result.chart.rows.map(\.count) == [4, 3, 2], "the grid's chart counts each statement's respondents")
        let statements = try #require(result.statements)
        #expect(statements.map(\.key) == ["agenda", "time", "s3"])
        let agenda = statements[0]
        #expect(agenda.respondents == 4 && !agenda.withheld)
        #expect(agenda.chart.rows.map(\.category) == ["1", "2", "3", "4", "5"])
        #expect(agenda.chart.rows.map(\.count) == [0, 1, 0, 2, 1])
        #expect(agenda.chart.rows.map(\.percent) == [0, 25, 0, 50, 25])
        #expect(agenda.statistics?.mean == 3.75)
        #expect(agenda.statistics?.median == 4)
        #expect(statements[1].statistics?.mean == (1 + 3 + 3) / 3.0)
        let small = statements[2]
        #expect(small.withheld && small.statistics == nil && small.chart.rows.allSatisfy { $0.count == nil })
        #expect(small.withheldReason == "fewer than 3 people answered this anonymous question")
        // Not anonymous: nothing is withheld.
        let named = try Self.form(anonymous: false)
        #expect(ResultsBuilder.result(for: named.questions[0], in: named, counts: Self.counts, responses: 5).statements?.allSatisfy { !$0.withheld } == true)
    }

    @Test func aFilterThatWouldRevealOneRatingByDifferenceIsWithheldPerStatement() throws {
        let form = try Self.form()
        // Unfiltered: seven respondents. The filter leaves out three of them (enough for the grid
        // as a whole): all three rated `time`, one also `s3`, none `agenda`.
        var unfiltered = QuestionCounts()
        unfiltered.respondents = 7
        unfiltered.statementCounts = ["agenda": [2: 1, 4: 2, 5: 1], "time": [1: 1, 3: 2, 2: 3], "s3": [5: 4]]
        var filtered = unfiltered
        filtered.respondents = 4
        filtered.statementCounts["time"] = [1: 1, 3: 2]
        filtered.statementCounts["s3"] = [5: 3]
        let result = ResultsBuilder.result(for: form.questions[0], in: form, counts: filtered, responses: 4, unfiltered: unfiltered)
        #expect(!result.withheld)
        let statements = try #require(result.statements)
        #expect(!statements[0].withheld && statements[0].statistics?.mean == 3.75, "nobody left out")
        #expect(!statements[1].withheld && statements[1].respondents == 3, "three left out: as many as k")
        #expect(statements[2].withheld, "one left out: 4 − 3 would show that person's rating")
        #expect(statements[2].withheldReason?.hasPrefix("the filter leaves out fewer than 3") == true)
    }

    @Test func aWithheldGridWithholdsEveryStatement() throws {
        let form = try Self.form()
        var few = QuestionCounts()
        few.respondents = 2
        few.statementCounts = ["agenda": [4: 2], "time": [3: 2]]
        let result = ResultsBuilder.result(for: form.questions[0], in: form, counts: few, responses: 2)
        #expect(result.withheld)
        #expect(result.statements?.allSatisfy { $0.withheld && $0.statistics == nil } == true)
    }

    @Test func statementsAndScaleDecideComparabilityLabelsAreWording() throws {
        let form = try Self.form()
        var reworded = form
        guard case .grid(var spec) = form.questions[0].body else { return }
        spec.statements[0].label = "The agenda was sent early"
        reworded.questions[0].body = .grid(spec)
        #expect(reworded.differsOnlyInWording(from: form))
        #expect(reworded.countsAnswers(of: form, to: form.questions[0].key))
        #expect(reworded.questions[0].differences(from: form.questions[0]) == ["statements"])
        var rescaled = spec
        rescaled.scale.max = 7
        var changed = form
        changed.questions[0].body = .grid(rescaled)
        #expect(!changed.differsOnlyInWording(from: form))
        #expect(!changed.countsAnswers(of: form, to: form.questions[0].key))
        var fewer = spec
        fewer.statements.removeLast()
        changed.questions[0].body = .grid(fewer)
        #expect(!changed.countsAnswers(of: form, to: form.questions[0].key))
    }
}
