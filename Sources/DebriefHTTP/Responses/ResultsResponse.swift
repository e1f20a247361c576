import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// `GET /v1/meetings/{id}/results`: one session's results, chart-ready.
struct ResultsResponse: ResponseEncodable {
    struct Summary: Encodable {
        /// Responses counted on this page (within the filter).
        var responses: Int
        /// All responses to the form, whatever the filter.
        var responsesUnfiltered: Int
        var filtered: Bool
        var checkedIn: Int
        var expectedHeadCount: Int?
        /// Percent of checked-in participants who responded (null with no check-ins).
        var responseRateOfCheckedIn: Double?
        /// Percent of the expected head count who responded (null without one).
        var responseRateOfExpected: Double?
        var firstResponseAt: Date?
        var lastResponseAt: Date?
        var medianMinutesAfterMeetingEnd: Double?
    }

    var meetingId: UUID
    var formId: UUID
    var formVersion: Int
    var formState: FormState
    var generatedAt: Date
    var filter: ResultsFilter
    var summary: Summary
    var questions: [QuestionResult]
    var timeline: ChartSeries

    init(_ counts: ResultsStore.Counts, filter: ResultsFilter, now: Date = Date()) {
        let form = counts.form
        self.meetingId = counts.meeting.id
        self.formId = form.id
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
            medianMinutesAfterMeetingEnd: counts.medianMinutesAfterEnd.map { ($0 * 10).rounded() / 10 })
        self.questions = ResultsBuilder.questions(of: form.definition, counts: counts.questions, responses: counts.responses)
        let start = filter.since.map { max($0, form.publishedAt ?? $0) } ?? form.publishedAt ?? now
        let end = min(filter.until ?? now, form.closedTime(at: now) ?? now)
        self.timeline = Timeline.series(from: start, to: max(start, end), perMinute: counts.perMinute)
    }
}
