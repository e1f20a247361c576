import Debrief
import Foundation
import Hummingbird

/// `GET /v1/series/{id}/trends`: every session of a series, and each question asked in two or more.
struct TrendsResponse: ResponseEncodable {
    struct Session: Encodable {
        var sessionNumber: Int
        var meetingId: UUID
        var startsAt: Date
        var hasPublishedForm: Bool
        var responses: Int
        var checkedIn: Int
        /// Percent of checked-in participants who responded (null with no check-ins).
        var responseRate: Double?
    }

    var seriesId: UUID
    var sessions: [Session]
    var questions: [QuestionTrend]

    init(seriesId: UUID, sessions: [SessionCounts]) {
        self.seriesId = seriesId
        self.sessions = sessions.map {
            Session(
                sessionNumber: $0.sessionNumber, meetingId: $0.meetingId, startsAt: $0.startsAt, hasPublishedForm: $0.form != nil,
                responses: $0.responses, checkedIn: $0.checkedIn,
                responseRate: $0.checkedIn > 0 ? ChartSeries.rounded(Statistics.percentage(part: $0.responses, of: $0.checkedIn)) : nil)
        }
        self.questions = TrendBuilder.trends(sessions)
    }
}
