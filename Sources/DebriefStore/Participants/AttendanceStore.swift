import Debrief
import Foundation
import PQ

/// Who came to a meeting, as its host sees it.
public struct Attendance: Sendable, Equatable {
    public struct CheckIn: Sendable, Equatable {
        public var id: UUID
        /// Absent for anonymous forms, which never store a name.
        public var name: String?
        public var checkedInAt: Date
        public var rosterMemberID: UUID?
        /// Marked present by the host, not checked in by the participant.
        public var markedByHost: Bool
    }

    public struct Expected: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var present: Bool
        /// The member's first check-in to this meeting.
        public var checkedInAt: Date?
    }

    /// People present: check-ins not linked to the roster, plus roster members who checked in
    /// (a member who checked in twice, say on two devices, counts once).
    public var presentCount: Int
    /// Every check-in, earliest first.
    public var checkIns: [CheckIn]
    /// The series' roster in name order, with who of it is here.
    public var roster: [Expected]
}

/// Reads attendance. Scoped like ``MeetingStore``: another host's meeting is "not found".
public struct AttendanceStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func attendance(meeting meetingID: UUID, visibleTo viewer: Viewer) async throws -> Attendance {
        try await self.database.withConnection { connection in
            guard let meeting = try await MeetingStore.find(meetingID, visibleTo: viewer, on: connection) else {
                throw DebriefError.notFound("meeting")
            }
            let checkIns = try await connection.query(
                """
                SELECT c.id, c.name, c.checked_in_at, c.roster_member_id, c.marked_by_host FROM check_ins c
                WHERE c.meeting_id = \(meetingID) ORDER BY c.checked_in_at, c.id
                """
            ).map { row in
                Attendance.CheckIn(
                    id: try row.decode("id"), name: try row.decode("name"), checkedInAt: try row.decode("checked_in_at"),
                    rosterMemberID: try row.decode("roster_member_id"), markedByHost: try row.decode("marked_by_host"))
            }
            let roster = try await connection.query(
                """
                SELECT rm.id, rm.name, min(c.checked_in_at) AS checked_in_at
                FROM roster_members rm
                LEFT JOIN check_ins c ON c.roster_member_id = rm.id AND c.meeting_id = \(meetingID)
                WHERE rm.series_id = \(meeting.seriesID)
                GROUP BY rm.id, rm.name, rm.name_key ORDER BY rm.name_key, rm.id
                """
            ).map { row in
                let checkedInAt: Date? = try row.decode("checked_in_at")
                return Attendance.Expected(
                    id: try row.decode("id"), name: try row.decode("name"), present: checkedInAt != nil,
                    checkedInAt: checkedInAt)
            }
            let unlinked = checkIns.filter { $0.rosterMemberID == nil }.count
            let members = Set(checkIns.compactMap(\.rosterMemberID)).count
            return Attendance(presentCount: unlinked + members, checkIns: checkIns, roster: roster)
        }
    }
}
