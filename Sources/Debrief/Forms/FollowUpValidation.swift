extension FollowUpInput {
    /// The condition at `path` (`questions[i].showWhen`) of the question at `index`, checked
    /// against the questions before it (`earlier`, by key); nil after recording every problem.
    ///
    /// Paths: `….question` (required, unknown, not earlier, or of a kind whose answers decide no
    /// follow-up), `…` itself for no rule or two, and the rule's own members, which the kind of
    /// the question named checks (``QuestionKindDescriptor/followUpRule(_:_:at:into:)``).
    func validate(at path: String, keys: [QuestionKey?], index: Int, earlier: [QuestionKey: Question],
                  into problems: inout ProblemCollector) -> FollowUpCondition? {
        let before = problems.count
        let questionPath = FieldPath.field(path, "question")
        let rules = [self.ratingBetween != nil, self.chosen != nil, self.notChosen != nil].filter { $0 }.count
        if rules != 1 {
            problems.add(path, "must have exactly one of ratingBetween, chosen, notChosen")
        }
        guard let raw = self.question else {
            problems.add(questionPath, "is required")
            return nil
        }
        guard let key = QuestionKey(rawValue: raw), let position = keys.firstIndex(of: key) else {
            problems.add(questionPath, "unknown question")
            return nil
        }
        guard position < index else {
            problems.add(questionPath, "must name an earlier question")
            return nil
        }
        // An earlier question with problems of its own is reported there.
        guard let source = earlier[key], rules == 1 else { return nil }
        // The kind of the question named decides which rule it takes (a rating's range, a
        // choice's options); a kind whose answers decide no follow-up refuses it.
        let rule = source.kind.descriptor.followUpRule(self, of: source.body, at: path, into: &problems)
        guard problems.count == before, let rule else { return nil }
        return FollowUpCondition(question: key, rule: rule)
    }
}
