import Foundation

extension FormInput {
    /// The validated form, or every problem found.
    ///
    /// Paths: `title`, `privacyThreshold`, `closesAt`, `questions`, `questions[i].key`,
    /// `questions[i].prompt`, `questions[i].kind`, `questions[i].options`,
    /// `questions[i].options[j]`, `questions[i].options[j].id|label`,
    /// `questions[i].maxSelections`, `questions[i].maxLength`, `questions[i].placeholder`,
    /// `questions[i].min|max|minLabel|maxLabel`, `questions[i].showWhen…` (see ``FollowUpInput``),
    /// `language` and `translations…` (see ``validateLanguages(questions:into:)``).
    ///
    /// Defaults: anonymous=true, allowsEditing=false, privacyThreshold=3,
    /// sharesResultsWithParticipants=false, oneResponsePerBrowser=true; per question see ``QuestionInput``.
    /// Missing keys are assigned as described on ``IdentifierAssigner``.
    ///
    /// - Parameter now: when given, `closesAt` must be after it ("must be in the
    ///   future"). Pass nil to skip that check (e.g. when re-validating a stored form).
    public func validate(now: Date? = nil) -> Result<FormDefinition, ValidationFailure> {
        var problems = ProblemCollector()
        let title = problems.requiredText(self.title, at: "title", maxLength: FormDefinition.titleMaxLength)
        let threshold = privacyThreshold ?? FormDefinition.defaultPrivacyThreshold
        problems.checkRange(threshold, FormDefinition.privacyThresholdRange, at: "privacyThreshold")
        if let closesAt, let now, closesAt <= now {
            problems.add("closesAt", "must be in the future")
        }
        var window = AnswerWindowStart.publishing
        if let raw = acceptsAnswersFrom {
            if let parsed = AnswerWindowStart(rawValue: raw) {
                window = parsed
            } else {
                problems.add(
                    "acceptsAnswersFrom", "must be one of \(AnswerWindowStart.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if sharesResultsLive == true, sharesResultsWithParticipants != true {
            problems.add("sharesResultsLive", "needs sharesResultsWithParticipants: live results are the shared results, updating")
        }
        if let speederThresholdSeconds {
            problems.checkRange(speederThresholdSeconds, SpeederThreshold.range, at: "speederThresholdSeconds")
        }
        let questions = validateQuestions(into: &problems)
        let languages = validateLanguages(questions: questions, into: &problems)
        return problems.result {
            guard let title, let questions, let languages else { return nil }
            var form = FormDefinition(
                title: title,
                anonymous: anonymous ?? true,
                allowsEditing: allowsEditing ?? false,
                closesAt: closesAt,
                privacyThreshold: threshold,
                sharesResultsWithParticipants: sharesResultsWithParticipants ?? false,
                oneResponsePerBrowser: oneResponsePerBrowser ?? true,
                questions: questions
            )
            form.acceptsAnswersFrom = window
            form.language = languages.language
            form.translations = languages.translations
            form.speederThresholdSeconds = speederThresholdSeconds
            form.sharesResultsLive = sharesResultsLive ?? false
            return form
        }
    }

    /// Checks the question list and every question; nil when anything was wrong.
    private func validateQuestions(into problems: inout ProblemCollector) -> [Question]? {
        guard let inputs = questions else {
            problems.add("questions", "is required")
            return nil
        }
        let before = problems.count
        let range = FormDefinition.questionCountRange
        if !range.contains(inputs.count) {
            problems.add("questions", "must have between \(range.lowerBound) and \(range.upperBound) questions")
        }
        let keys = Self.resolveKeys(inputs.map(\.key), into: &problems)
        var result: [Question] = []
        var earlier: [QuestionKey: Question] = [:]
        for (index, input) in inputs.enumerated() {
            let path = FieldPath.index("questions", index)
            let condition = input.showWhen?.validate(
                at: FieldPath.field(path, "showWhen"), keys: keys, index: index, earlier: earlier, into: &problems)
            if var question = input.validate(at: path, key: keys[index], into: &problems) {
                question.showWhen = condition
                earlier[question.key] = question
                result.append(question)
            }
        }
        return problems.count == before ? result : nil
    }

    /// The key of every question: the explicit one when valid and not a duplicate, an
    /// assigned one when absent, nil when the explicit key was refused.
    static func resolveKeys(_ explicit: [String?], into problems: inout ProblemCollector) -> [QuestionKey?] {
        var assigner = IdentifierAssigner(prefix: "q", explicit: explicit.compactMap { $0 })
        var seen: Set<String> = []
        return explicit.enumerated().map { index, raw in
            let path = FieldPath.field(FieldPath.index("questions", index), "key")
            guard let raw else {
                return QuestionKey(rawValue: assigner.next(forIndex: index))
            }
            guard let key = QuestionKey(rawValue: raw) else {
                problems.add(path, IdentifierRules.message)
                return nil
            }
            guard seen.insert(raw).inserted else {
                problems.add(path, "duplicate key")
                return nil
            }
            return key
        }
    }
}
