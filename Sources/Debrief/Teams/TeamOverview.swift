import Foundation

/// A team's overview (issue 70 goal 3): every series the team owns, each with the session its
/// clock names (``SeriesClock/attendanceSession(at:)``: the one happening now, else the previous)
/// and that session's response rate, and the trend of one question the series share. Built from
/// each series' own ``TrendsReport``, so the sessions shown, the rates and what k withholds are
/// exactly the trends' (``TrendBuilder``, ``PrivacyRule``); nothing here decides them again.
///
/// **A shared question** is a question key (trends match a question across a series' sessions by
/// its key): one with a trend (asked in two or more sessions) in at least two of the team's
/// series, or in its only series when just one has trends. The most shared come first.
public struct TeamOverview: Sendable, Equatable, Encodable {
    /// A question the team's series share, as the picker offers it.
    public struct SharedQuestion: Sendable, Equatable, Encodable {
        public var key: String
        /// The wording in the first series (newest session first) that has its trend.
        public var prompt: String
        public var kind: QuestionKind
        /// How many of the team's series have its trend.
        public var seriesCount: Int
    }

    /// One series of the team.
    public struct Series: Sendable, Equatable, Encodable {
        public var seriesID: UUID
        public var title: String
        public var sessionCount: Int
        /// The session the series' clock names (now, else the previous), as trends show it (its
        /// response rate of the people checked in, else of the expected head count); nil before
        /// the first session begins.
        public var session: TrendsReport.Session?
        /// Whether that session is happening now (false: the previous one, between sessions).
        public var sessionIsNow: Bool
        /// The picked question's trend in this series, nil when the series has none.
        public var trend: QuestionTrend?

        enum CodingKeys: String, CodingKey {
            case seriesID = "seriesId", title, sessionCount, session, sessionIsNow, trend
        }
    }

    /// One series as read: its list entry, its trends report and its clock.
    public struct SeriesInput: Sendable {
        public var series: TeamSeries
        public var report: TrendsReport
        public var clock: SeriesClock

        public init(series: TeamSeries, report: TrendsReport, clock: SeriesClock) {
            self.series = series
            self.report = report
            self.clock = clock
        }
    }

    public var teamID: UUID
    public var name: String
    /// The picked question's key; nil when the series share none.
    public var question: String?
    public var questions: [SharedQuestion]
    public var series: [Series]

    enum CodingKeys: String, CodingKey {
        case teamID = "teamId", name, question, questions, series
    }

    /// The overview at `instant`. `question` names a shared question's key; nil picks the most
    /// shared one.
    ///
    /// - Throws: ``ValidationFailure`` at `question` when it names no shared question.
    public init(team: Team, series inputs: [SeriesInput], at instant: Date, question: String?) throws {
        let questions = Self.shared(inputs.map(\.report))
        if let question, !questions.contains(where: { $0.key == question }) {
            let known = questions.map(\.key).joined(separator: ", ")
            throw ValidationFailure(
                FieldProblem("question", known.isEmpty ? "the team's series share no question yet" : "must be one of the shared questions: \(known)"))
        }
        let picked = question ?? questions.first?.key
        self.teamID = team.id
        self.name = team.name
        self.question = picked
        self.questions = questions
        self.series = inputs.map { input in
            let reading = input.clock.reading(at: instant)
            let chosen = input.clock.attendanceSession(at: instant)
            return Series(
                seriesID: input.series.seriesID, title: input.series.title, sessionCount: input.series.sessionCount,
                session: chosen.flatMap { chosen in input.report.sessions.first { $0.meetingID == chosen.meetingID } },
                sessionIsNow: chosen != nil && reading.current?.meetingID == chosen?.meetingID,
                trend: picked.flatMap { key in input.report.questions.first { $0.key == key } })
        }
    }

    /// The shared questions of `reports` (see the type's documentation), most shared first, then
    /// in the order the series list them.
    static func shared(_ reports: [TrendsReport]) -> [SharedQuestion] {
        var found: [SharedQuestion] = []
        for report in reports {
            for trend in report.questions {
                if let index = found.firstIndex(where: { $0.key == trend.key }) {
                    found[index].seriesCount += 1
                } else {
                    found.append(SharedQuestion(key: trend.key, prompt: trend.prompt, kind: trend.kind, seriesCount: 1))
                }
            }
        }
        let withTrends = reports.filter { !$0.questions.isEmpty }.count
        let least = min(2, max(withTrends, 1))
        return found.enumerated()
            .filter { $0.element.seriesCount >= least }
            .sorted { ($1.element.seriesCount, $0.offset) < ($0.element.seriesCount, $1.offset) }
            .map(\.element)
    }
}
