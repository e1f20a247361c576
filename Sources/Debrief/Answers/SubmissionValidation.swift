/// Validates a submission against `form`: the answers list, as described on the
/// overload taking `[AnswerInput]?`. (`participantToken` is the HTTP layer's business.)
public func validate(_ input: SubmissionInput, against form: FormDefinition) -> Result<[Answer], ValidationFailure> {
    validate(input.answers, against: form)
}

/// Validates the answers of a submission against `form`, reporting every problem.
///
/// - The list is required ("answers: is required") and may hold at most
///   `min(2 × questions, 100)` entries; a longer list is refused outright without looking
///   at its entries, so a hostile body cannot produce a huge error list.
/// - Each entry needs a `questionKey` naming a question of the form
///   (`answers[i].questionKey`: "is required", "unknown question",
///   "answered more than once"), and only the fields of that question's kind
///   (`answers[i].rating`: "not allowed for choice questions").
/// - Kind rules: see `AnswerRules` (choice, rating, shortAnswer, grid).
/// - A required question without an answer is reported at path `answers` with message
///   `question <key> is required` (one problem per question, in form order). An answer
///   that is present but invalid counts as answered: it already has its own problem.
///   An all-blank short answer counts as not answered.
/// - Follow-ups: an answer to a question that ``FormDefinition/visibleQuestions(given:)`` hides
///   is refused at its `answers[i].questionKey`; a hidden required question is not required.
///
/// - Returns: the answers in FORM order (not input order); unanswered questions are
///   absent.
public func validate(_ answers: [AnswerInput]?, against form: FormDefinition) -> Result<[Answer], ValidationFailure> {
    var problems = ProblemCollector()
    guard let inputs = answers else {
        problems.add("answers", "is required")
        return problems.result { nil }
    }
    let limit = Swift.min(form.questions.count * 2, 100)
    if inputs.count > limit {
        problems.add("answers", "must have at most \(limit) answers")
        return problems.result { nil }
    }
    var values: [QuestionKey: AnswerValue] = [:]
    var answered: Set<QuestionKey> = []
    var seen: Set<QuestionKey> = []
    var paths: [QuestionKey: String] = [:]
    let hasFollowUps = form.questions.contains { $0.showWhen != nil }
    for (index, input) in inputs.enumerated() {
        let path = FieldPath.index("answers", index)
        let keyPath = FieldPath.field(path, "questionKey")
        guard let rawKey = input.questionKey else {
            problems.add(keyPath, "is required")
            continue
        }
        guard let key = QuestionKey(rawValue: rawKey), let question = form.question(for: key) else {
            problems.add(keyPath, "unknown question")
            continue
        }
        guard seen.insert(key).inserted else {
            problems.add(keyPath, "answered more than once")
            continue
        }
        if hasFollowUps { paths[key] = keyPath }
        for field in input.presentKindFields where field.kind != question.kind {
            problems.add(FieldPath.field(path, field.name), question.kind.notAllowedMessage)
        }
        switch AnswerRules.check(input, for: question, at: path, into: &problems) {
        case .answered(let value):
            answered.insert(key)
            values[key] = value
        case .invalid:
            answered.insert(key)
        case .blank:
            break
        }
    }
    // Follow-ups (docs/decisions/0034): an answer to a question the participant was not shown is
    // refused at its path, and a hidden question is not required. A follow-up whose deciding
    // answer was itself refused is judged by nothing: that answer has its problem already. A form
    // without follow-ups shows every question (nil), and skips the sets that would say so.
    let visible = hasFollowUps ? Set(form.visibleQuestions(given: values).map(\.key)) : nil
    if let visible {
        let undecided = answered.subtracting(values.keys)
        for question in form.questions where !visible.contains(question.key) {
            guard let path = paths[question.key], let condition = question.showWhen, !undecided.contains(condition.question) else { continue }
            problems.add(path, "is not asked: the answer to \(condition.question.rawValue) does not meet its condition")
            values[question.key] = nil
        }
    }
    for question in form.questions where question.required && visible?.contains(question.key) != false && !answered.contains(question.key) {
        problems.add("answers", "question \(question.key.rawValue) is required")
    }
    return problems.result {
        form.questions.compactMap { question in
            values[question.key].map { Answer(questionKey: question.key, value: $0) }
        }
    }
}

extension SubmissionInput {
    /// Same as the free function `validate(_:against:)`.
    public func validate(against form: FormDefinition) -> Result<[Answer], ValidationFailure> {
        Debrief.validate(self, against: form)
    }
}
