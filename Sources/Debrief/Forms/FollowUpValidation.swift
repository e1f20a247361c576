extension FollowUpInput {
    /// The condition at `path` (`questions[i].showWhen`) of the question at `index`, checked
    /// against the questions before it (`earlier`, by key); nil after recording every problem.
    ///
    /// Paths: `….question` (required, unknown, not earlier, or not a rating or choice question: a
    /// short answer or a grid),
    /// `….ratingBetween` (two values on the scale, low first), `….chosen[j]` / `….notChosen[j]`
    /// (unknown option), and `…` itself for no rule or two. On a multiple-selection question a
    /// rule names one option, so the number of respondents shown the follow-up stays exact.
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
        let rule: FollowUpCondition.Rule?
        switch source.body {
        case .rating(let scale):
            rule = self.ratingRule(scale, at: path, into: &problems)
        case .choice(let spec):
            rule = self.choiceRule(spec, at: path, into: &problems)
        default:
            // Only ratings and choices decide a follow-up; every other kind, a new one too, is refused.
            problems.add(questionPath, "must name a rating or choice question")
            rule = nil
        }
        guard problems.count == before, let rule else { return nil }
        return FollowUpCondition(question: key, rule: rule)
    }

    private func ratingRule(_ scale: RatingSpec, at path: String, into problems: inout ProblemCollector) -> FollowUpCondition.Rule? {
        let rangePath = FieldPath.field(path, "ratingBetween")
        guard let bounds = self.ratingBetween else {
            problems.add(rangePath, "is required for a rating question (chosen and notChosen are for choice questions)")
            return nil
        }
        guard bounds.count == 2 else {
            problems.add(rangePath, "must be two values, [low, high]")
            return nil
        }
        guard bounds[0] <= bounds[1] else {
            problems.add(rangePath, "must have its low value first")
            return nil
        }
        guard (scale.min...scale.max).contains(bounds[0]), (scale.min...scale.max).contains(bounds[1]) else {
            problems.add(rangePath, "must be within the question's scale \(scale.min)–\(scale.max)")
            return nil
        }
        return .ratingBetween(bounds[0]...bounds[1])
    }

    private func choiceRule(_ spec: ChoiceSpec, at path: String, into problems: inout ProblemCollector) -> FollowUpCondition.Rule? {
        guard let (name, ids) = self.chosen.map({ ("chosen", $0) }) ?? self.notChosen.map({ ("notChosen", $0) }) else {
            problems.add(FieldPath.field(path, "ratingBetween"), "is for rating questions; use chosen or notChosen")
            return nil
        }
        let idsPath = FieldPath.field(path, name)
        let known = Set(spec.options.map(\.id))
        let before = problems.count
        if ids.isEmpty { problems.add(idsPath, "must name at least one option") }
        if spec.allowsMultiple && ids.count > 1 {
            problems.add(idsPath, "must name one option on a question that allows several selections")
        }
        if Set(ids).count != ids.count { problems.add(idsPath, "must not repeat an option") }
        for (j, id) in ids.enumerated() where !known.contains(id) {
            problems.add(FieldPath.index(idsPath, j), "unknown option")
        }
        guard problems.count == before else { return nil }
        return name == "chosen" ? .chosen(ids) : .notChosen(ids)
    }
}
