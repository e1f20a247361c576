import Debrief
import Foundation

/// A participant page's form post, as the ``SubmissionInput`` the JSON API takes, and the way
/// back from the domain's problems (`answers[2].rating`) to the questions they belong to.
///
/// Field names: `q.KEY` holds a rating value, the text of a short answer, or the chosen option
/// ids of a choice (one field per ticked box); `o.KEY` is a choice's "other" text, and
/// ``otherMarker`` the value of its "Other" radio button or checkbox; `g.KEY.STATEMENT` is a grid
/// statement's rating. Option ids and keys are `[a-z0-9_-]`, so neither the marker nor the dot
/// can be part of one.
struct PostedAnswers {
    static let otherMarker = "*other*"

    static func field(_ key: QuestionKey) -> String { "q.\(key.rawValue)" }
    static func otherField(_ key: QuestionKey) -> String { "o.\(key.rawValue)" }
    static func gridField(_ key: QuestionKey, _ statement: String) -> String { "g.\(key.rawValue).\(statement)" }

    /// The answers in form order, one per question the participant said something to.
    var input: SubmissionInput
    /// The question of each entry of `input.answers`, by index.
    let keys: [QuestionKey]
    /// Each answered grid's statement labels by key, to name a statement in its problem.
    let statementLabels: [QuestionKey: [String: String]]

    /// Reads the fields of every question of `form`. Nothing said (no choice ticked, no rating
    /// picked, blank text) means no answer; what was said goes to the domain as sent, so its
    /// rules decide (a tampered rating value arrives as a missing rating and is reported).
    init(_ fields: FormFields, form: FormDefinition, participantToken: String?) {
        var answers: [AnswerInput] = []
        var keys: [QuestionKey] = []
        var statementLabels: [QuestionKey: [String: String]] = [:]
        for question in form.questions {
            let values = fields.values(Self.field(question.key))
            var answer = AnswerInput(questionKey: question.key.rawValue)
            let read = question.kind.page?.read(question, fields: fields, posted: values, into: &answer) ?? (said: false, statementLabels: nil)
            guard read.said else { continue }
            if let labels = read.statementLabels { statementLabels[question.key] = labels }
            answers.append(answer)
            keys.append(question.key)
        }
        // A page without script shows every follow-up with its condition in words: what was
        // written in one whose condition the other answers do not meet is not sent (the API
        // would refuse it; the participant was told when to answer it).
        let visible = Set(form.visibleQuestions(given: Self.values(answers, keys)).map(\.key))
        let kept = keys.indices.filter { visible.contains(keys[$0]) }
        self.input = SubmissionInput(participantToken: participantToken, answers: kept.map { answers[$0] })
        self.keys = kept.map { keys[$0] }
        self.statementLabels = statementLabels
    }

    /// What follow-up conditions read of the posted answers: ratings and chosen options.
    private static func values(_ answers: [AnswerInput], _ keys: [QuestionKey]) -> [QuestionKey: AnswerValue] {
        var values: [QuestionKey: AnswerValue] = [:]
        for (answer, key) in zip(answers, keys) {
            if let rating = answer.rating {
                values[key] = .rating(rating)
            } else if let ids = answer.optionIds {
                values[key] = .choice(optionIds: ids, otherText: answer.otherText)
            }
        }
        return values
    }

    /// Where the domain's problems belong: messages per question key, and the rest (the
    /// participant token, the idempotency key, the list as a whole).
    func place(_ problems: [FieldProblem]) -> (byQuestion: [String: [String]], general: [FieldProblem]) {
        var byQuestion: [String: [String]] = [:]
        var general: [FieldProblem] = []
        for problem in problems {
            if let key = self.questionKey(of: problem) {
                byQuestion[key.question, default: []].append(key.message)
            } else {
                general.append(problem)
            }
        }
        return (byQuestion, general)
    }

    /// `answers[i]…` is the question of entry i; `answers` + "question KEY is required" is KEY.
    private func questionKey(of problem: FieldProblem) -> (question: String, message: String)? {
        let path = problem.path
        if path == "answers" {
            let prefix = "question ", suffix = " is required"
            guard problem.message.hasPrefix(prefix), problem.message.hasSuffix(suffix) else { return nil }
            return (String(problem.message.dropFirst(prefix.count).dropLast(suffix.count)), "is required")
        }
        guard path.hasPrefix("answers["), let close = path.firstIndex(of: "]"),
            let index = Int(path[path.index(path.startIndex, offsetBy: "answers[".count)..<close]),
            self.keys.indices.contains(index)
        else { return nil }
        let key = self.keys[index]
        // "Other" ticked and nothing written counts as no selection for the domain; the
        // participant is told what is missing (see ``ProblemMessages/otherTextMissing``).
        if problem.message == "must select at least one option", let other = self.input.answers?[index].otherText,
            other.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return (key.rawValue, ProblemMessages.otherTextMissing)
        }
        // `answers[i].ratings.STATEMENT`: the statement's label says which row needs another look.
        if let range = path.range(of: ".ratings."), let label = self.statementLabels[key]?[String(path[range.upperBound...])] {
            return (key.rawValue, "\(label): \(problem.message)")
        }
        return (key.rawValue, problem.message)
    }

    /// The fields a page posts for `answers`: the way back from stored answers to a filled-in
    /// form (a participant changing their answers).
    static func fields(of answers: [Answer]) -> FormFields {
        var pairs: [(name: String, value: String)] = []
        for answer in answers {
            let key = answer.questionKey
            pairs += answer.value.kind.page?.postedFields(of: answer.value, question: key) ?? []
        }
        return FormFields(pairs)
    }
}
