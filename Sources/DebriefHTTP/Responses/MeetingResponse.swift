import Debrief
import Foundation
import Hummingbird

/// A meeting as the API shows it: `{"id","seriesId","hostId","sessionNumber","title","startsAt",
/// "endsAt","place","expectedHeadCount","createdAt","updatedAt","role","seriesCode"}`, `place` and
/// `expectedHeadCount` left out when unset; `role` is what the caller is to the meeting's series
/// (`owner`, `editor`, `viewer` or `admin`); `seriesCode` is the series' stable code, whose link
/// `/f/{seriesCode}` opens the current session; `timeZone` is the series' zone, in which
/// participants read its times (decision 59).
///
/// The convention: the API's bodies are types of this folder (or domain reports whose shape is
/// the API's, such as ``ResultsReport``); entities are mapped here, so a stored field never
/// reaches clients by accident.
struct MeetingResponse: ResponseEncodable {
    var id: UUID
    var seriesID: UUID
    var hostID: UUID
    var sessionNumber: Int
    var title: String
    var startsAt: Date
    var endsAt: Date
    var place: String?
    var expectedHeadCount: Int?
    var createdAt: Date
    var updatedAt: Date
    var role: SeriesRole
    var seriesCode: String?
    var timeZone: String?

    enum CodingKeys: String, CodingKey {
        case id, seriesID = "seriesId", hostID = "hostId", sessionNumber, title, startsAt, endsAt, place, expectedHeadCount
        case createdAt, updatedAt, role, seriesCode, timeZone
    }

    init(_ meeting: Meeting) {
        self.id = meeting.id
        self.seriesID = meeting.seriesID
        self.hostID = meeting.hostID
        self.sessionNumber = meeting.sessionNumber
        self.title = meeting.title
        self.startsAt = meeting.startsAt
        self.endsAt = meeting.endsAt
        self.place = meeting.place
        self.expectedHeadCount = meeting.expectedHeadCount
        self.createdAt = meeting.createdAt
        self.updatedAt = meeting.updatedAt
        self.role = meeting.role
        self.seriesCode = meeting.seriesCode
        self.timeZone = meeting.seriesTimeZone
    }
}
