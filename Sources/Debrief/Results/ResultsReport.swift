import Foundation

/// One session's results, everything a reader sees: the summary with its rates, every question's
/// chart and statistics with the privacy rule applied, and the timeline.
///
/// The one report: the JSON API (`GET …/results`, shared results, the live stream), the pages,
/// the SVG charts and the CSV summary all render this value, so a number, a rounding or a
/// withheld part is decided here once. Its `Encodable` shape is the API's (camelCase, see
/// ``JSONCoding``).
public struct ResultsReport: Sendable, Equatable, Encodable {
    public struct Summary: Sendable, Equatable, Encodable {
        /// Responses counted (within the filter).
        public var responses: Int
        /// All responses to the form, whatever the filter.
        public var responsesUnfiltered: Int
        public var filtered: Bool
        public var checkedIn: Int
        public var expectedHeadCount: Int?
        /// Percent of checked-in participants who responded (null with no check-ins).
        public var responseRateOfCheckedIn: Double?
        /// Percent of the expected head count who responded (null without one).
        public var responseRateOfExpected: Double?
        public var firstResponseAt: Date?
        public var lastResponseAt: Date?
        public var medianMinutesAfterMeetingEnd: Double?
    }

    public var meetingID: UUID
    public var formID: UUID
    public var formVersion: Int
    public var formState: FormState
    public var generatedAt: Date
    public var filter: ResultsFilter
    public var summary: Summary
    public var questions: [QuestionResult]
    public var timeline: ChartSeries

    enum CodingKeys: String, CodingKey {
        case meetingID = "meetingId", formID = "formId", formVersion, formState, generatedAt, filter, summary, questions, timeline
    }

    /// The report of `counts` as seen at `now`.
    public init(_ counts: ResultsCounts, filter: ResultsFilter, now: Date = Date()) {
        let form = counts.form
        self.meetingID = counts.meeting.id
        self.formID = form.id
        self.formVersion = form.version
        self.formState = form.state(at: now)
        self.generatedAt = now
        self.filter = filter
        func rate(_ of: Int?) -> Double? {
            guard let of, of > 0 else { return nil }
            return ChartSeries.rounded(Statistics.percentage(part: counts.responses, of: of))
        }
        self.summary = Summary(
            responses: counts.responses, responsesUnfiltered: counts.allResponses, filtered: !filter.isEmpty,
            checkedIn: counts.checkIns, expectedHeadCount: counts.meeting.expectedHeadCount,
            responseRateOfCheckedIn: rate(counts.checkIns), responseRateOfExpected: rate(counts.meeting.expectedHeadCount),
            firstResponseAt: counts.firstResponseAt, lastResponseAt: counts.lastResponseAt,
            medianMinutesAfterMeetingEnd: counts.times.medianMinutes(after: counts.meeting.endsAt).map { ($0 * 10).rounded() / 10 })
        self.questions = ResultsBuilder.questions(
            of: form.definition, counts: counts.questions, responses: counts.responses,
            unfiltered: filter.isEmpty ? nil : counts.unfilteredQuestions)
        let start = filter.since.map { max($0, form.publishedAt ?? $0) } ?? form.publishedAt ?? now
        let end = min(filter.until ?? now, form.closedTime(at: now) ?? now)
        self.timeline = Timeline.series(from: start, to: max(start, end), perMinute: counts.times.perMinute)
    }
}
