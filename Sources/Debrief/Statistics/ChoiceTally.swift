/// Answer counts of a choice question.
///
/// Percentages are of respondents (people who answered this question), so with
/// `allowsMultiple` they may add up to more than 100 (`sharesMayExceed100`).
public struct ChoiceTally: Sendable, Equatable, Codable {
    /// One option's count.
    public struct OptionCount: Sendable, Equatable, Codable {
        /// The option id.
        public var id: String
        /// The option label.
        public var label: String
        /// How many respondents selected it.
        public var count: Int
        /// `count` as a percentage of respondents (0 when nobody responded).
        public var percentage: Double
    }

    /// Counts in option order.
    public var options: [OptionCount]
    /// How many respondents gave an "other" text.
    public var otherCount: Int
    /// `otherCount` as a percentage of respondents.
    public var otherPercentage: Double
    /// Submissions that answered the question.
    public var respondents: Int
    /// Submissions that did not answer it.
    public var skipped: Int
    /// True for multiple-selection questions, whose percentages can sum above 100.
    public var sharesMayExceed100: Bool

    /// From pre-aggregated counts (e.g. a SQL `GROUP BY`); ids not in `spec` are ignored.
    public init(spec: ChoiceSpec, optionCounts: [String: Int], otherCount: Int, respondents: Int, skipped: Int) {
        options = spec.options.map { option in
            let count = optionCounts[option.id] ?? 0
            return OptionCount(id: option.id, label: option.label, count: count,
                               percentage: Statistics.percentage(part: count, of: respondents))
        }
        self.otherCount = otherCount
        otherPercentage = Statistics.percentage(part: otherCount, of: respondents)
        self.respondents = respondents
        self.skipped = skipped
        sharesMayExceed100 = spec.allowsMultiple
    }

    /// From one entry per submission: the answer to this question, or nil when skipped.
    /// A value that is not a choice counts as skipped.
    public init(spec: ChoiceSpec, answers: [AnswerValue?]) {
        var counts: [String: Int] = [:]
        var other = 0, respondents = 0, skipped = 0
        for answer in answers {
            guard case .choice(let ids, let otherText)? = answer else {
                skipped += 1
                continue
            }
            respondents += 1
            // A set, so a duplicated id (impossible after validation) still counts once.
            for id in Set(ids) { counts[id, default: 0] += 1 }
            if otherText != nil { other += 1 }
        }
        self.init(spec: spec, optionCounts: counts, otherCount: other, respondents: respondents, skipped: skipped)
    }
}
