import Foundation

/// Every session of a series and each question asked in two or more of them: the one trends
/// report that `GET /v1/series/{id}/trends`, the trends page and chart, and the `trends` CSV
/// layout render. Its `Encodable` shape is the API's.
public struct TrendsReport: Sendable, Equatable, Encodable {
    public struct Session: Sendable, Equatable, Encodable {
        public var sessionNumber: Int
        public var meetingID: UUID
        public var startsAt: Date
        public var hasPublishedForm: Bool
        public var responses: Int
        /// People checked in (a repeated check-in counts once).
        public var checkedIn: Int
        /// Of them, those who responded.
        public var checkedInResponded: Int
        public var expectedHeadCount: Int?
        /// Percent of the people checked in who responded when anyone checked in, else responses
        /// as a percent of the expected head count; `responseRateOf` says which
        /// (`checkedIn`, `expectedHeadCount`). Null with `responseRateReason`.
        public var responseRate: Double?
        public var responseRateOf: ResponseRate.Base?
        public var responseRateReason: String?
        /// The actions recorded at the session by status, and their completion rate (null when
        /// it has none): whether what the meeting decided got done.
        public var actions: ActionCounts

        enum CodingKeys: String, CodingKey {
            case sessionNumber, meetingID = "meetingId", startsAt, hasPublishedForm, responses, checkedIn, checkedInResponded
            case expectedHeadCount, responseRate, responseRateOf, responseRateReason, actions
        }
    }

    public var seriesID: UUID
    /// The sessions that have begun (docs/decisions/0083): a planned session has no rate and is
    /// in no denominator, so it is left out rather than shown as "0 responses, 0 %".
    public var sessions: [Session]
    /// How many planned sessions (not begun) were left out.
    public var planned: Int
    public var questions: [QuestionTrend]
    /// Each action with a question key: that question before and after (decision 78).
    public var actionQuestions: [ActionQuestionTrend]
    /// Choice options' labels by question key and option id, the newest session's wording
    /// winning (`other` for the participants' own answers), for readers that name options.
    /// Not part of the API's shape, which names options by id.
    public var optionLabels: [String: [String: String]]

    enum CodingKeys: String, CodingKey {
        case seriesID = "seriesId", sessions, planned, questions, actionQuestions
    }

    /// The report at `instant` by the series' clock (docs/decisions/0083), the one rule every
    /// trends output (JSON, page, chart, CSV, xlsx) goes through: a planned session (not begun)
    /// with nothing counted is left out and counted in `planned`; one that already has answers,
    /// check-ins (a form published early) or actions the host recorded stays, so what was
    /// counted is shown.
    public init(seriesID: UUID, counted sessions: [SessionCounts], clock: SeriesClock, at instant: Date) {
        let shown = sessions.filter {
            !clock.isPlanned($0.meetingID, at: instant) || $0.responses > 0 || $0.checkedIn > 0 || $0.actions != .none
        }
        self.init(seriesID: seriesID, sessions: shown, planned: sessions.count - shown.count)
    }

    /// `sessions`: those to show; `planned`: how many planned ones were left out.
    public init(seriesID: UUID, sessions: [SessionCounts], planned: Int = 0) {
        self.seriesID = seriesID
        self.planned = planned
        self.sessions = sessions.map {
            let rate = $0.responseRate
            return Session(
                sessionNumber: $0.sessionNumber, meetingID: $0.meetingID, startsAt: $0.startsAt, hasPublishedForm: $0.form != nil,
                responses: $0.responses, checkedIn: $0.checkedIn, checkedInResponded: $0.checkedInResponded,
                expectedHeadCount: $0.expectedHeadCount, responseRate: rate.rate.percent, responseRateOf: rate.of,
                responseRateReason: rate.rate.reason, actions: $0.actions)
        }
        self.questions = TrendBuilder.trends(sessions)
        self.actionQuestions = ActionQuestionTrend.of(sessions, trends: self.questions)
        var labels: [String: [String: String]] = [:]
        for session in sessions.sorted(by: { $0.sessionNumber < $1.sessionNumber }) {
            for question in session.form?.questions ?? [] {
                for item in question.kind.descriptor.trendCategories(of: question.body)?.items ?? [] {
                    labels[question.key.rawValue, default: [:]][item.id] = item.label
                }
            }
        }
        self.optionLabels = labels
    }
}
