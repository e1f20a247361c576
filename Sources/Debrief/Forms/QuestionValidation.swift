extension QuestionInput {
    /// Validates this question at `path` (e.g. `questions[2]`) with its resolved `key`
    /// (nil when the key itself was refused). Returns nil when any problem was recorded.
    func validate(at path: String, key: QuestionKey?, into problems: inout ProblemCollector) -> Question? {
        let before = problems.count
        let prompt = problems.requiredText(
            self.prompt, at: FieldPath.field(path, "prompt"), maxLength: Question.promptMaxLength
        )
        guard let kind = resolveKind(at: path, into: &problems) else { return nil }
        for field in presentKindFields where !field.kinds.contains(kind) {
            problems.add(FieldPath.field(path, field.name), kind.notAllowedMessage)
        }
        let body = kind.descriptor.validateBody(self, at: path, into: &problems)
        guard problems.count == before, let key, let prompt, let body else { return nil }
        return Question(key: key, prompt: prompt, required: required ?? false, body: body)
    }

    /// The kind, or nil after recording why there is none.
    private func resolveKind(at path: String, into problems: inout ProblemCollector) -> QuestionKind? {
        let kindPath = FieldPath.field(path, "kind")
        guard let raw = self.kind else {
            problems.add(kindPath, "is required")
            return nil
        }
        guard let kind = QuestionKind(rawValue: raw) else {
            problems.add(kindPath, "must be one of \(QuestionKind.listForMessages)")
            return nil
        }
        return kind
    }

    /// Rating scales default to 1–5, the most common survey scale.
    func validateRating(at path: String, into problems: inout ProblemCollector) -> RatingSpec? {
        let before = problems.count
        let min = self.min ?? 1
        let max = self.max ?? 5
        if !RatingSpec.minRange.contains(min) {
            problems.add(FieldPath.field(path, "min"), "must be 0 or 1")
        }
        // Judge `max` against the actual lower end when it is valid, otherwise against 1
        // so that a bad `min` does not hide a bad `max`.
        let lowest = (RatingSpec.minRange.contains(min) ? min : 0) + 1
        problems.checkRange(max, lowest...RatingSpec.maxUpperBound, at: FieldPath.field(path, "max"))
        let minLabel = problems.optionalText(self.minLabel, at: FieldPath.field(path, "minLabel"), maxLength: RatingSpec.labelMaxLength)
        let maxLabel = problems.optionalText(self.maxLabel, at: FieldPath.field(path, "maxLabel"), maxLength: RatingSpec.labelMaxLength)
        guard problems.count == before else { return nil }
        return RatingSpec(min: min, max: max, minLabel: minLabel, maxLabel: maxLabel)
    }
}
