import DebriefStore
import Foundation
import Hummingbird

/// `GET /v1/meetings/{id}/attendance`:
/// `{"presentCount", "checkIns":[{"id","name"?,"checkedInAt","rosterMemberId"?,"markedByHost"}],
///   "roster":[{"id","name","present","checkedInAt"?}]}`. Optional members are left out when
/// absent; anonymous forms never store names, so their check-ins have none.
struct ParticipantAttendanceResponse: ResponseEncodable {
    struct CheckIn: Encodable {
        var id: UUID
        var name: String?
        var checkedInAt: Date
        var rosterMemberID: UUID?
        var markedByHost: Bool
        var duplicateOf: UUID?
        var duplicateStatus: Attendance.DuplicateStatus?

        enum CodingKeys: String, CodingKey {
            case id, name, checkedInAt, rosterMemberID = "rosterMemberId", markedByHost, duplicateOf = "duplicateOfId", duplicateStatus
        }
    }

    struct Expected: Encodable {
        var id: UUID
        var name: String
        var present: Bool
        var checkedInAt: Date?
    }

    var presentCount: Int
    var possibleDuplicateCount: Int
    var checkIns: [CheckIn]
    var roster: [Expected]

    init(_ attendance: Attendance) {
        self.presentCount = attendance.presentCount
        self.possibleDuplicateCount = attendance.possibleDuplicateCount
        self.checkIns = attendance.checkIns.map {
            CheckIn(
                id: $0.id, name: $0.name, checkedInAt: $0.checkedInAt, rosterMemberID: $0.rosterMemberID,
                markedByHost: $0.markedByHost, duplicateOf: $0.duplicateOf, duplicateStatus: $0.duplicateStatus)
        }
        self.roster = attendance.roster.map { Expected(id: $0.id, name: $0.name, present: $0.present, checkedInAt: $0.checkedInAt) }
    }
}

/// `GET /v1/series/{id}/roster`: `{"items":[{"id","seriesId","name","createdAt","updatedAt"}]}`.
struct ParticipantRosterResponse: ResponseEncodable {
    var items: [RosterMemberResponse]
}

/// One roster member: `{"id","seriesId","name","createdAt","updatedAt"}`.
struct RosterMemberResponse: ResponseEncodable {
    var id: UUID
    var seriesID: UUID
    var name: String
    var createdAt: Date
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, seriesID = "seriesId", name, createdAt, updatedAt
    }

    init(_ member: RosterMember) {
        self.id = member.id
        self.seriesID = member.seriesID
        self.name = member.name
        self.createdAt = member.createdAt
        self.updatedAt = member.updatedAt
    }
}
