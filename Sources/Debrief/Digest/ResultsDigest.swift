import Foundation

/// What a team chat digest says of one session (issue 35): the meeting, its responses and
/// response rate with the rate's named denominator, each question's top line and its trend
/// against the previous session, and where the dashboard is. The Slack and Teams payloads
/// (DebriefWeb's `SlackDigest`, `TeamsDigest`) render this value and nothing else.
///
/// It is made only from a ``ResultsReport`` — whose questions went through ``Disclosure`` — and a
/// ``TrendsReport`` (each session's points decided by their own disclosure), so a question the
/// privacy rule withholds becomes ``Line/Top/withheld(threshold:)``: no share, no mean, no count,
/// no arrow. The report's own disclosure is asked again here, so a question it withholds cannot
/// be shown even if its result were built wrong.
public struct ResultsDigest: Sendable, Equatable {
    /// Why the digest is sent.
    public enum Occasion: String, Sendable, Equatable {
        /// The form closed.
        case closed
        /// The host's daily digest while answers are open.
        case daily
        /// The host pressed "send a test message".
        case test
    }

    /// Which way a number moved since the previous session.
    public enum Arrow: String, Sendable, Equatable {
        case up, down, same
    }

    /// A number and how it compares with the previous session's (nil: nothing to compare with).
    public struct Trend: Sendable, Equatable {
        public var arrow: Arrow
        public var previous: Double

        public init(arrow: Arrow, previous: Double) {
            self.arrow = arrow
            self.previous = previous
        }
    }

    /// One question's line.
    public struct Line: Sendable, Equatable {
        public enum Top: Sendable, Equatable {
            /// Fewer than k answered (or it depends on what they did): nothing of it is told.
            case withheld(threshold: Int)
            /// The leading option(s) and their share of respondents (ties name every leader).
            case choice(leaders: [String], percent: Double, respondents: Int?)
            /// The mean rating on `scale`, with its 95 % interval.
            case rating(mean: Double, interval: ConfidenceInterval?, scale: ClosedRange<Int>?, respondents: Int?)
            /// Net Promoter Score (0–10 questions), with its interval.
            case nps(score: Double, interval: ConfidenceInterval?, respondents: Int?)
            /// Each shown part's mean (a grid's statements), in order; a withheld part is named without a
            /// number. A shape, not a kind: any kind whose parts have means says them this way.
            case statementMeans(statements: [Statement], respondents: Int?)
            /// The leading item(s) by points and their share of all points (a ranking's Borda points).
            /// A shape, not a kind, like the two below.
            case leadersByPoints(leaders: [String], percent: Double, respondents: Int?)
            /// The mean and the median in the answers' unit, with the interval of the mean (a number's).
            case meanAndMedian(mean: Double, median: Double, interval: ConfidenceInterval?, unit: String?, respondents: Int?)
            /// Short answers: only how many answered (the words are the participants').
            case answers(respondents: Int?)
            /// Nobody answered yet.
            case noAnswers

            /// Whether the top line's number is a share in percent (its trend's too).
            public var isShare: Bool {
                switch self {
                case .choice, .leadersByPoints: true
                default: false
                }
            }
        }

        public struct Statement: Sendable, Equatable {
            public var label: String
            /// Nil when the statement is withheld.
            public var mean: Double?

            public init(label: String, mean: Double?) {
                self.label = label
                self.mean = mean
            }
        }

        public var key: String
        public var prompt: String
        public var top: Top
        public var trend: Trend?

        public init(key: String, prompt: String, top: Top, trend: Trend? = nil) {
            self.key = key
            self.prompt = prompt
            self.top = top
            self.trend = trend
        }
    }

    public enum RateBase: String, Sendable, Equatable {
        case checkedIn, expectedHeadCount
    }

    public var occasion: Occasion
    public var meetingTitle: String
    public var sessionNumber: Int
    public var startsAt: Date
    public var formClosed: Bool
    public var responses: Int
    /// The response rate (percent) and what it is a rate of, as the dashboard names it; nil with `rateReason`.
    public var rate: Double?
    public var rateBase: RateBase?
    public var rateNumerator: Int?
    public var rateDenominator: Int?
    public var rateReason: String?
    public var lines: [Line]
    public var dashboardURL: URL
    /// The previous session's number, when the trends compare with one.
    public var previousSession: Int?
    /// The actions of the session before this one (the one its review shows, decision 74), when
    /// it recorded any: "Last session's actions: 2 of 3 done". Counts only, never a title.
    public var previousActions: ActionCounts?

    /// The digest of `report` (the meeting's unfiltered report) with arrows from `trends` (the
    /// series' trends; nil for none).
    public init(
        occasion: Occasion, meeting: Meeting, report: ResultsReport, trends: TrendsReport?, dashboardURL: URL
    ) {
        self.occasion = occasion
        self.meetingTitle = meeting.title
        self.sessionNumber = meeting.sessionNumber
        self.startsAt = meeting.startsAt
        self.formClosed = report.formState == .closed
        self.responses = report.summary.responses
        self.dashboardURL = dashboardURL
        // The dashboard's rate: of those checked in when anyone checked in, else of the expected head count.
        let summary = report.summary
        if summary.checkedIn > 0 {
            self.rateBase = .checkedIn
            self.rate = summary.responseRateOfCheckedIn
            self.rateReason = summary.responseRateOfCheckedInReason
            self.rateNumerator = summary.checkedInResponded
            self.rateDenominator = summary.checkedIn
        } else if let expected = summary.expectedHeadCount {
            self.rateBase = .expectedHeadCount
            self.rate = summary.responseRateOfExpected
            self.rateReason = summary.responseRateOfExpectedReason
            self.rateNumerator = summary.responses
            self.rateDenominator = expected
        } else {
            self.rate = nil
            self.rateReason = summary.responseRateOfExpectedReason
        }
        let points = Self.points(trends, meeting: meeting.id)
        self.previousSession = points.previousSession
        self.previousActions = Self.previousActions(trends, before: meeting)
        self.lines = report.questions.map { result in
            let top = Self.top(result, disclosure: report.disclosure)
            var line = Line(key: result.key, prompt: result.prompt, top: top, trend: nil)
            if case .withheld = top { return line }
            line.trend = Self.trend(top, result: result, current: points.current[result.key], previous: points.previous[result.key])
            return line
        }
    }

    /// A digest from its parts, for tests and tools that have no report.
    public init(
        occasion: Occasion, meetingTitle: String, sessionNumber: Int, startsAt: Date, formClosed: Bool, responses: Int,
        rate: Double?, rateBase: RateBase?, rateNumerator: Int?, rateDenominator: Int?, rateReason: String?, lines: [Line],
        dashboardURL: URL, previousSession: Int?, previousActions: ActionCounts? = nil
    ) {
        self.occasion = occasion
        self.meetingTitle = meetingTitle
        self.sessionNumber = sessionNumber
        self.startsAt = startsAt
        self.formClosed = formClosed
        self.responses = responses
        self.rate = rate
        self.rateBase = rateBase
        self.rateNumerator = rateNumerator
        self.rateDenominator = rateDenominator
        self.rateReason = rateReason
        self.lines = lines
        self.dashboardURL = dashboardURL
        self.previousSession = previousSession
        self.previousActions = previousActions
    }

    /// The actions of the session of the series that starts last before this one (as the
    /// review picks it: by start time, not number), when it has any; nil for the first session
    /// or one whose predecessor recorded none. Timed by the meeting itself, which the trends
    /// leave out while it is planned with nothing counted (decision 83).
    static func previousActions(_ trends: TrendsReport?, before meeting: Meeting) -> ActionCounts? {
        guard let trends else { return nil }
        let previous = trends.sessions.filter { $0.startsAt < meeting.startsAt && $0.meetingID != meeting.id }
            .max { ($0.startsAt, $0.meetingID.uuidString) < ($1.startsAt, $1.meetingID.uuidString) }
        guard let actions = previous?.actions, actions.total > 0 else { return nil }
        return actions
    }

    /// The top line of one question, or withheld.
    static func top(_ result: QuestionResult, disclosure: Disclosure) -> Line.Top {
        if result.withheld || disclosure.reason(question: result.key) != nil {
            return .withheld(threshold: disclosure.threshold)
        }
        let respondents = result.respondents
        if respondents == 0 { return .noAnswers }
        return result.kind.descriptor.digestTop(result, respondents: respondents, disclosure: disclosure)
    }

    /// The trend points of this meeting's session and of the one before it that asked each question.
    static func points(
        _ trends: TrendsReport?, meeting: UUID
    ) -> (current: [String: QuestionTrend.Point], previous: [String: QuestionTrend.Point], previousSession: Int?) {
        guard let trends, let session = trends.sessions.first(where: { $0.meetingID == meeting }) else { return ([:], [:], nil) }
        var current: [String: QuestionTrend.Point] = [:]
        var previous: [String: QuestionTrend.Point] = [:]
        var previousSession: Int?
        for trend in trends.questions {
            let sorted = trend.points.sorted { $0.sessionNumber < $1.sessionNumber }
            guard let index = sorted.firstIndex(where: { $0.sessionNumber == session.sessionNumber }), index > 0 else { continue }
            // Only a comparable question (same wording, options, scale) has a trend at all.
            guard sorted[index].comparableWithPrevious else { continue }
            current[trend.key] = sorted[index]
            previous[trend.key] = sorted[index - 1]
            previousSession = max(previousSession ?? 0, sorted[index - 1].sessionNumber)
        }
        return (current, previous, previousSession)
    }

    /// The arrow of a shown top line: its number against the previous session's, when neither
    /// session's point is withheld.
    static func trend(_ top: Line.Top, result: QuestionResult, current: QuestionTrend.Point?, previous: QuestionTrend.Point?) -> Trend? {
        guard let current, let previous, !current.withheld, !previous.withheld else { return nil }
        switch top {
        case .choice, .leadersByPoints:
            // The leading option's share (of respondents, or of Borda points) then and now (the first leader's, by its id).
            guard let leader = result.chart.rows.filter({ ($0.count ?? 0) > 0 }).max(by: { ($0.percent ?? 0) < ($1.percent ?? 0) }),
                let now = current.optionShares?[leader.category], let then = previous.optionShares?[leader.category]
            else { return nil }
            return Trend(arrow: Self.arrow(now, then, step: 1), previous: then)
        case .rating(let mean, _, _, _):
            guard let then = previous.mean else { return nil }
            return Trend(arrow: Self.arrow(mean, then, step: 0.05), previous: then)
        case .nps(let score, _, _):
            guard let then = previous.nps else { return nil }
            return Trend(arrow: Self.arrow(score, then, step: 1), previous: then)
        default:
            return nil
        }
    }

    /// Up or down when the difference is at least `step` (the precision the digest shows), else the same.
    static func arrow(_ now: Double, _ then: Double, step: Double) -> Arrow {
        if now - then >= step { return .up }
        if then - now >= step { return .down }
        return .same
    }
}
