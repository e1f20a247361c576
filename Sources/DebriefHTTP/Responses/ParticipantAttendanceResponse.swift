import DebriefStore
import Foundation
import Hummingbird

/// `GET /v1/meetings/{id}/attendance`:
/// `{"presentCount", "checkIns":[{"name"?,"checkedInAt","rosterMemberId"?}],
///   "roster":[{"id","name","present","checkedInAt"?}]}`. Optional members are left out when
/// absent; anonymous forms never store names, so their check-ins have none.
struct ParticipantAttendanceResponse: ResponseEncodable {
    var presentCount: Int
    var checkIns: [Attendance.CheckIn]
    var roster: [Attendance.Expected]

    init(_ attendance: Attendance) {
        self.presentCount = attendance.presentCount
        self.checkIns = attendance.checkIns
        self.roster = attendance.roster
    }
}

/// `GET /v1/series/{id}/roster`: `{"items":[{"id","seriesId","name","createdAt","updatedAt"}]}`.
struct ParticipantRosterResponse: ResponseEncodable {
    var items: [RosterMember]
}

extension RosterMember: ResponseEncodable {}
