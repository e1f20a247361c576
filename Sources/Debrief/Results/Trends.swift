import Foundation

/// One session of a series as trends see it: its form and what was counted for it.
public struct SessionCounts: Sendable {
    public var sessionNumber: Int
    public var meetingID: UUID
    public var startsAt: Date
    public var form: FormDefinition?
    public var responses: Int
    /// People checked in (see ``ResultsCounts/checkIns``).
    public var checkedIn: Int
    /// Of them, those with a response.
    public var checkedInResponded: Int
    /// Roster members who answered through their personal link (see ``ResultsCounts``).
    public var personalLinkAnswers: Int = 0
    public var expectedHeadCount: Int?
    public var questions: [String: QuestionCounts]
    /// The actions recorded at the session, by status (decision 74).
    public var actions: ActionCounts
    /// Its actions that name the question they were meant to move (decision 78).
    public var actionQuestions: [ActionQuestionLink]

    public init(
        sessionNumber: Int, meetingID: UUID, startsAt: Date, form: FormDefinition?, responses: Int, checkedIn: Int,
        checkedInResponded: Int = 0, personalLinkAnswers: Int = 0, expectedHeadCount: Int? = nil, questions: [String: QuestionCounts], actions: ActionCounts = .none,
        actionQuestions: [ActionQuestionLink] = []
    ) {
        self.actionQuestions = actionQuestions
        self.sessionNumber = sessionNumber
        self.meetingID = meetingID
        self.startsAt = startsAt
        self.form = form
        self.responses = responses
        self.checkedIn = checkedIn
        self.checkedInResponded = checkedInResponded
        self.personalLinkAnswers = personalLinkAnswers
        self.expectedHeadCount = expectedHeadCount
        self.questions = questions
        self.actions = actions
    }

    /// The session's response rate and what it is a rate of: of the people checked in
    /// (`checkedInResponded ÷ checkedIn`) when anyone checked in, else of the expected head count
    /// (`responses ÷ expectedHeadCount`); nil with the reason when neither gives an honest rate.
    public var responseRate: (rate: ResponseRate, of: ResponseRate.Base?) {
        if self.checkedIn > 0 {
            let rate = ResponseRate.ofCheckedIn(
                self.checkedInResponded, in: self.checkedIn, unlinkedMemberAnswers: self.personalLinkAnswers,
                anonymous: self.form?.anonymous ?? false)
            return (rate, .checkedIn)
        }
        guard self.expectedHeadCount != nil else {
            return (ResponseRate(percent: nil, reason: "nobody has checked in and no expected head count was given"), nil)
        }
        return (ResponseRate.of(self.responses, in: self.expectedHeadCount, base: .expectedHeadCount), .expectedHeadCount)
    }
}

/// How one keyed question did across the sessions that asked it.
public struct QuestionTrend: Sendable, Equatable, Encodable {
    public struct Point: Sendable, Equatable, Encodable {
        public var sessionNumber: Int
        public var startsAt: Date
        /// Null when withheld: a follow-up whose deciding question is withheld.
        public var respondents: Int?
        /// The session's response rate (see ``TrendsReport/Session``), and what it is a rate of.
        public var responseRate: Double?
        public var responseRateOf: ResponseRate.Base?
        public var mean: Double?
        public var confidenceInterval95: ConfidenceInterval?
        public var nps: Double?
        /// Choice: percent of respondents per option id (and `other`).
        public var optionShares: [String: Double]?
        /// False when the wording, options, scale or kind changed since the previous point.
        public var comparableWithPrevious: Bool
        /// What changed since the previous point: `prompt`, `options`, `statements`, `scale`, `kind`,
        /// `condition`.
        public var changes: [String]
        public var withheld: Bool
        /// A follow-up: how many of the session's responses were shown it (nil when the
        /// deciding question's breakdown is withheld, or the question is no follow-up).
        public var shownTo: Int? = nil
        /// Grid: the mean rating of each statement shown (a withheld statement has none).
        public var statementMeans: [String: Double]? = nil
        /// Grid: each shown statement's mean's 95 % confidence interval.
        public var statementIntervals: [String: ConfidenceInterval]? = nil
        /// Grid: the statements withheld in this session (rated by fewer than k), so a reader
        /// marks them rather than leaving a silent gap.
        public var withheldStatements: [String]? = nil
        /// Why the point is withheld (``Disclosure``'s words); nil when it is shown.
        public var withheldReason: String? = nil
        /// k of the session's form (``Disclosure/threshold``), given with a withheld point or
        /// statement: "withheld: fewer than 3".
        public var withheldBelow: Int? = nil
        /// The answers' sample standard deviation beside the mean (withheld with it): what a
        /// change between two points is measured against (``ActionChange``).
        public var standardDeviation: Double? = nil
    }

    /// An option of a choice or a statement of a grid: the series a trend draws, in a stable
    /// order (see ``categories``).
    public struct Category: Sendable, Equatable, Encodable {
        public var id: String
        public var label: String
    }

    public var key: String
    public var kind: QuestionKind
    /// The wording in the latest session that asked it.
    public var prompt: String
    /// The first session number from which every later point is comparable.
    public var comparableFrom: Int
    public var points: [Point]
    /// Choice: the options; grid: the statements — in the latest session's order, then any only
    /// earlier sessions had (newest first), a choice's `other` last. Nil for other kinds. Tables
    /// and charts keep this order in every session, whatever the shares.
    public var categories: [Category]? = nil
}

/// Builds trends for every question key asked in two or more sessions.
public enum TrendBuilder {
    public static func trends(_ sessions: [SessionCounts]) -> [QuestionTrend] {
        let ordered = sessions.sorted { $0.sessionNumber < $1.sessionNumber }
        var keys: [String] = []
        for session in ordered {
            for question in session.form?.questions ?? [] where !keys.contains(question.key.rawValue) {
                keys.append(question.key.rawValue)
            }
        }
        return keys.compactMap { key in self.trend(of: key, in: ordered) }
    }

    static func trend(of key: String, in sessions: [SessionCounts]) -> QuestionTrend? {
        let asked = sessions.compactMap { session -> (SessionCounts, FormDefinition, Question)? in
            guard let form = session.form, let question = form.questions.first(where: { $0.key.rawValue == key }) else { return nil }
            return (session, form, question)
        }
        guard asked.count >= 2, let latest = asked.last?.2 else { return nil }
        var points: [QuestionTrend.Point] = []
        var comparableFrom = asked[0].0.sessionNumber
        var previous: Question?
        for (session, form, question) in asked {
            let changes = previous.map { question.differences(from: $0) } ?? []
            if !changes.isEmpty { comparableFrom = session.sessionNumber }
            previous = question
            let disclosure = PrivacyRule.disclosure(form: form, questions: session.questions)
            var result = ResultsBuilder.result(
                for: question, counts: session.questions[key] ?? QuestionCounts(), responses: session.responses, disclosure: disclosure)
            if let condition = question.showWhen {
                let source = session.questions[condition.question.rawValue] ?? QuestionCounts()
                result = ResultsBuilder.followUp(
                    result, condition: condition, shownTo: condition.rule.shownCount(in: source), of: session.responses,
                    disclosure: disclosure)
            }
            points.append(
                QuestionTrend.Point(
                    sessionNumber: session.sessionNumber, startsAt: session.startsAt, respondents: result.respondents,
                    responseRate: session.responseRate.rate.percent, responseRateOf: session.responseRate.of,
                    mean: result.statistics?.mean, confidenceInterval95: result.statistics?.confidenceInterval95,
                    nps: result.statistics?.nps?.score,
                    optionShares: question.kind.descriptor.trendFollowsShares && !result.withheld
                        ? Dictionary(uniqueKeysWithValues: result.chart.rows.map { ($0.category, $0.percent ?? 0) }) : nil,
                    comparableWithPrevious: changes.isEmpty, changes: changes, withheld: result.withheld, shownTo: result.shownTo,
                    statementMeans: result.statements.map { statements in
                        Dictionary(uniqueKeysWithValues: statements.compactMap { s in s.statistics?.mean.map { (s.key, $0) } })
                    },
                    statementIntervals: result.statements.map { statements in
                        Dictionary(uniqueKeysWithValues: statements.compactMap { s in s.statistics?.confidenceInterval95.map { (s.key, $0) } })
                    },
                    withheldStatements: result.statements.map { statements in statements.filter(\.withheld).map(\.key) },
                    withheldReason: result.withheld ? result.withheldReason : nil,
                    withheldBelow: result.withheld || result.statements?.contains(where: \.withheld) == true
                        ? disclosure.threshold : nil,
                    standardDeviation: result.statistics?.standardDeviation))
        }
        return QuestionTrend(
            key: key, kind: latest.kind, prompt: latest.prompt, comparableFrom: comparableFrom, points: points,
            categories: Self.categories(asked.map(\.2)))
    }

    /// The options or statements of `versions` (oldest first) in a stable order: the latest
    /// version's, then those only earlier versions had (newest first), `other` last; each labelled
    /// as the newest version that had it.
    static func categories(_ versions: [Question]) -> [QuestionTrend.Category]? {
        guard let latest = versions.last?.kind, let first = versions.last, latest.descriptor.trendCategories(of: first.body) != nil
        else { return nil }
        var ordered: [QuestionTrend.Category] = []
        var hasOther = false
        for question in versions.reversed() where question.kind == latest {
            guard let (items, other) = question.kind.descriptor.trendCategories(of: question.body) else { continue }
            hasOther = hasOther || other
            for (id, label) in items where !ordered.contains(where: { $0.id == id }) {
                ordered.append(QuestionTrend.Category(id: id, label: label))
            }
        }
        if hasOther { ordered.append(QuestionTrend.Category(id: ChoiceSpec.otherCategory, label: "Other")) }
        return ordered
    }
}
