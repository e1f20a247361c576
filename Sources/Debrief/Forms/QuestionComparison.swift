/// What must stay the same for answers to "the same" question (same key) in two sessions
/// of a recurring meeting to be charted side by side.
///
/// Deliberately ignores presentation details that do not change what was asked: the
/// `required` flag, rating end labels, placeholders, `maxLength`, `allowsOther` and
/// selection limits.
public struct ComparableSignature: Sendable, Hashable {
    /// The question kind.
    public var kind: QuestionKind
    /// The exact (NFC) prompt.
    public var prompt: String
    /// Option ids and labels in order (choice questions), or statement keys and labels (grids);
    /// empty otherwise.
    public var options: [ChoiceOption]
    /// The rating scale (rating and grid questions; nil otherwise).
    public var scale: ClosedRange<Int>?
    /// Who is shown the question: a changed condition asks other people (a follow-up).
    public var condition: FollowUpCondition? = nil
}

extension Question {
    /// The values that decide comparability across sessions.
    public var comparableSignature: ComparableSignature {
        let parts = body.descriptor.signature(of: body)
        var signature = ComparableSignature(kind: kind, prompt: prompt, options: parts.options, scale: parts.scale)
        signature.condition = self.showWhen
        return signature
    }

    /// True when answers to `self` and `other` measure the same thing (see
    /// ``ComparableSignature``). Keys are not compared: callers pair questions by key.
    public func isComparable(to other: Question) -> Bool {
        let (mine, theirs) = self.signatures(with: other)
        return mine == theirs
    }

    /// Both signatures; when either question shuffles its options, the options compare as a set
    /// (sorted by id): shuffled options have no order of their own, so neither a reordering nor
    /// switching shuffling on or off changes what was asked (docs/decisions/0036).
    private func signatures(with other: Question) -> (ComparableSignature, ComparableSignature) {
        var mine = self.comparableSignature, theirs = other.comparableSignature
        if self.shufflesOptions || other.shufflesOptions {
            mine.options.sort { $0.id < $1.id }
            theirs.options.sort { $0.id < $1.id }
        }
        return (mine, theirs)
    }

    /// Whether the question is a choice whose options are shown in a per-participant order.
    public var shufflesOptions: Bool {
        if case .choice(let spec) = self.body { return spec.shuffleOptions }
        return false
    }

    /// What changed between `other` (e.g. last session) and `self`, as a subset of
    /// `["kind", "prompt", "options" (or "statements" for a grid), "scale", "condition"]` in that order; empty when comparable.
    /// When the kind changed, only "kind" and possibly "prompt" are listed, since options
    /// and scales of different kinds cannot be compared.
    public func differences(from other: Question) -> [String] {
        let (mine, theirs) = self.signatures(with: other)
        var result: [String] = []
        if mine.kind != theirs.kind { result.append("kind") }
        if mine.prompt != theirs.prompt { result.append("prompt") }
        guard mine.kind == theirs.kind else { return result }
        if mine.options != theirs.options { result.append(mine.kind.descriptor.itemsAreStatements ? "statements" : "options") }
        if mine.scale != theirs.scale { result.append("scale") }
        if mine.condition != theirs.condition { result.append("condition") }
        return result
    }
}

extension FormDefinition {
    /// For every question of `self` whose key also exists in `previous`: whether it is
    /// comparable. Questions new in `self` are absent from the dictionary.
    public func comparability(with previous: FormDefinition) -> [QuestionKey: Bool] {
        var result: [QuestionKey: Bool] = [:]
        for question in questions {
            if let old = previous.question(for: question.key) {
                result[question.key] = question.isComparable(to: old)
            }
        }
        return result
    }
}
