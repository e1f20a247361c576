import Foundation

/// One question's results, in the same shape for every kind: a `chart` plus the extras of its kind
/// (`otherTexts`, `statistics`, `statements`).
public struct QuestionResult: Sendable, Equatable, Encodable {
    public struct RatingSummary: Sendable, Equatable, Encodable {
        public var mean: Double?
        public var median: Double?
        public var standardDeviation: Double?
        /// Within the scale (see ``ConfidenceInterval/clamped(to:)``).
        public var confidenceInterval95: ConfidenceInterval?
        /// Only for 0–10 scales.
        public var nps: NPSSummary?
        /// The median as the kind writes its answers, where they are not plain numbers (a date's
        /// `YYYY-MM-DD`); withheld with the rest of the statistics.
        public var medianValue: String?
    }

    public struct NPSSummary: Sendable, Equatable, Encodable {
        public var score: Double?
        /// Within −100…100 (see ``ConfidenceInterval/clamped(to:)``).
        public var confidenceInterval95: ConfidenceInterval?
        public var promoters: Int
        public var passives: Int
        public var detractors: Int
    }

    /// How many answered the question in one form version.
    public struct VersionShare: Sendable, Equatable, Encodable {
        public var version: Int
        public var respondents: Int
    }

    /// One statement of a grid: its own distribution, statistics and privacy decision.
    public struct StatementResult: Sendable, Equatable, Encodable {
        public var key: String
        public var label: String
        /// Responses (within the filter) that rated this statement; null when the grid's counts
        /// are hidden (a follow-up whose deciding question is withheld).
        public var respondents: Int?
        /// True when this statement's breakdown is hidden (``PrivacyRule``, per statement).
        public var withheld: Bool
        public var withheldReason: String?
        /// Every scale value, as for a rating question.
        public var chart: ChartSeries
        public var statistics: RatingSummary?
    }

    public var key: String
    public var prompt: String
    public var kind: QuestionKind
    /// Responses (within the filter) that answered this question; null when even that is
    /// withheld: a follow-up whose deciding question is withheld (who was shown it would tell
    /// that question's answers).
    public var respondents: Int?
    /// Responses (within the filter) that skipped it; null with `respondents`.
    public var skipped: Int?
    /// True when the breakdown is hidden because too few people answered an anonymous form.
    public var withheld: Bool
    public var withheldReason: String?
    /// Choice: options in the host's order (+ "other"); rating: every scale value; short answer:
    /// the most frequent words.
    public var chart: ChartSeries
    /// Choice with multiple selection: percentages are of respondents, so they may add up to over 100.
    public var sharesMayExceed100: Bool?
    public var otherTexts: [String]?
    /// Short answer: the newest answers themselves, newest first (at most
    /// ``ResultsBuilder/newestAnswerLimit``); empty when the question is withheld.
    public var newestAnswers: [String]?
    /// Short answer: the words a public screen may show (``Disclosure/wordCloud(question:words:in:)``):
    /// of the chart's words, those used by at least k respondents, most used first; absent when
    /// the answers are withheld or the results filtered. The participants' view keeps it.
    public var wordCloud: [WordCount]?
    /// Short answer: the themes of the newest answers that may be shown
    /// (``Disclosure/themes(question:themes:texts:in:)``), largest first; absent when the answers
    /// are withheld or the results filtered, as the word cloud.
    public var themes: [ThemeResult]?
    public var statistics: RatingSummary?
    /// Grid: one result per statement, in the host's order. The grid's own `chart` counts the
    /// respondents of each statement.
    public var statements: [StatementResult]?
    /// Ranking: each option's average rank, Borda points and first choices, most points first;
    /// absent when the question is withheld (docs/decisions/0070).
    public var ranking: [RankingScore]?
    /// Number: the unit the answers are in, if the question names one (docs/decisions/0069).
    public var unit: String?
    /// When the form has more than one published version: the versions whose answers are
    /// counted here (the current one and the earlier ones where the question is comparable),
    /// oldest first, with how many answered in each.
    public var versions: [VersionShare]?
    /// Only in `earlierQuestions`: the earlier version this question was asked in.
    public var version: Int?
    /// Follow-ups (docs/decisions/0034): the condition, and how many of the responses
    /// (`shownOf`) were shown the question (`shownTo`); `skipped` and `answeredPercentOfShown`
    /// are of those shown it. `shownTo` is left out when the deciding question's breakdown is
    /// withheld (it would tell that breakdown).
    public var showWhen: FollowUpCondition?
    public var shownTo: Int?
    public var shownOf: Int?
    public var answeredPercentOfShown: Double?
}
