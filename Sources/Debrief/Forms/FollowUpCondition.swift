/// When a follow-up question is shown: an earlier rating or choice question's answer matches
/// one rule (docs/decisions/0034-follow-up-questions.md). "If you rated 0–6, what should change?"
///
/// Encoded flat, with exactly one rule member:
/// `{"question":"nps","ratingBetween":[0,6]}`, `{"question":"topic","chosen":["hiring"]}` or
/// `{"question":"topic","notChosen":["hiring"]}`. A condition with no rule or two cannot be built.
///
/// A condition is met only by an answer to its question: a participant who skipped (or was
/// never shown) the question does not see the follow-up. That is also what makes the number of
/// respondents shown a follow-up exact from the question's own counts (``Rule/shownCount(in:)``).
public struct FollowUpCondition: Sendable, Equatable, Hashable, Codable {
    /// The earlier question whose answer decides.
    public var question: QuestionKey
    public var rule: Rule

    public enum Rule: Sendable, Equatable, Hashable {
        /// A rating within the range, both ends included.
        case ratingBetween(ClosedRange<Int>)
        /// Any of these options chosen.
        case chosen([String])
        /// An answer choosing none of these options.
        case notChosen([String])

        /// Whether `value` (an answer to the condition's question) meets the rule.
        public func isMet(by value: AnswerValue) -> Bool {
            switch (self, value) {
            case (.ratingBetween(let range), .rating(let rating)): range.contains(rating)
            case (.chosen(let ids), .choice(let chosen, _)): chosen.contains(where: ids.contains)
            case (.notChosen(let ids), .choice(let chosen, _)): !chosen.contains(where: ids.contains)
            default: false
            }
        }

        /// How many respondents the rule shows the follow-up to, from the counts of its question
        /// (``QuestionCounts``). Exact because a rule names one option on a multiple-selection
        /// question (see validation), so the counts of the options it names never overlap.
        public func shownCount(in counts: QuestionCounts) -> Int {
            switch self {
            case .ratingBetween(let range): range.reduce(0) { $0 + (counts.ratingCounts[$1] ?? 0) }
            case .chosen(let ids): ids.reduce(0) { $0 + (counts.optionCounts[$1] ?? 0) }
            case .notChosen(let ids): counts.respondents - ids.reduce(0) { $0 + (counts.optionCounts[$1] ?? 0) }
            }
        }
    }

    public init(question: QuestionKey, rule: Rule) {
        self.question = question
        self.rule = rule
    }

    /// Whether the answers (by question) meet this condition.
    public func isMet(by answers: [QuestionKey: AnswerValue]) -> Bool {
        answers[self.question].map(self.rule.isMet(by:)) ?? false
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case question, ratingBetween, chosen, notChosen
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.question = try c.decode(QuestionKey.self, forKey: .question)
        if let range = try c.decodeIfPresent([Int].self, forKey: .ratingBetween), range.count == 2, range[0] <= range[1] {
            self.rule = .ratingBetween(range[0]...range[1])
        } else if let ids = try c.decodeIfPresent([String].self, forKey: .chosen) {
            self.rule = .chosen(ids)
        } else if let ids = try c.decodeIfPresent([String].self, forKey: .notChosen) {
            self.rule = .notChosen(ids)
        } else {
            throw DecodingError.dataCorruptedError(forKey: .question, in: c, debugDescription: "a condition needs one rule")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(self.question, forKey: .question)
        switch self.rule {
        case .ratingBetween(let range): try c.encode([range.lowerBound, range.upperBound], forKey: .ratingBetween)
        case .chosen(let ids): try c.encode(ids, forKey: .chosen)
        case .notChosen(let ids): try c.encode(ids, forKey: .notChosen)
        }
    }
}

extension FormDefinition {
    /// The questions a participant with these answers is shown, in form order: every question
    /// without a condition, and each follow-up whose condition its (shown) question's answer
    /// meets. The one rule the server's validation, the participant page and the results use.
    public func visibleQuestions(given answers: [QuestionKey: AnswerValue]) -> [Question] {
        var shown: Set<QuestionKey> = []
        var result: [Question] = []
        for question in self.questions {
            if let condition = question.showWhen {
                guard shown.contains(condition.question), condition.isMet(by: answers) else { continue }
            }
            shown.insert(question.key)
            result.append(question)
        }
        return result
    }
}
