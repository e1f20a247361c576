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
        /// The earlier check-in of the same name this one repeats, if it does.
        public var duplicateOf: UUID?
        /// Whether that repeat is the same person (`merged`) or still to be decided by the host
        /// (`possible`); nil for a check-in that repeats nothing (or that the host confirmed).
        public var duplicateStatus: DuplicateStatus?
    }

    /// How a check-in that repeats a name counts (SQL/0007).
    public enum DuplicateStatus: String, Sendable, Equatable, Encodable {
        case possible, merged
    }

    public struct Expected: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var present: Bool
        /// The member's first check-in to this meeting.
        public var checkedInAt: Date?
    }

    /// People present: check-ins not linked to the roster, plus roster members who checked in
    /// (a member who checked in twice, say on two devices, counts once). Repeats the host merged
    /// count once; possible duplicates are not counted until the host confirms them.
    public var presentCount: Int
    /// Check-ins waiting for the host to confirm (another person) or merge (the same person).
    public var possibleDuplicateCount: Int
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
            guard let meeting = try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .read, on: connection) else {
                throw DebriefError.notFound("meeting")
            }
            let checkIns = try await connection.query(
                """
                SELECT c.id, c.name, c.checked_in_at, c.roster_member_id, c.marked_by_host, c.duplicate_of, c.duplicate_status
                FROM check_ins c
                WHERE c.meeting_id = \(meetingID) ORDER BY c.checked_in_at, c.id
                """
            ).map { row in
                Attendance.CheckIn(
                    id: try row.decode("id"), name: try row.decode("name"), checkedInAt: try row.decode("checked_in_at"),
                    rosterMemberID: try row.decode("roster_member_id"), markedByHost: try row.decode("marked_by_host"),
                    duplicateOf: try row.decode("duplicate_of"),
                    duplicateStatus: try row.decode("duplicate_status", as: String?.self).flatMap(Attendance.DuplicateStatus.init(rawValue:)))
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
            let counted = checkIns.filter { $0.duplicateStatus == nil }
            let unlinked = counted.filter { $0.rosterMemberID == nil }.count
            let members = Set(counted.compactMap(\.rosterMemberID)).count
            return Attendance(
                presentCount: unlinked + members, possibleDuplicateCount: checkIns.filter { $0.duplicateStatus == .possible }.count,
                checkIns: checkIns, roster: roster)
        }
    }

    /// The host's decision on a possible duplicate check-in: `samePerson` merges it into the
    /// check-in it repeats (it counts once, and its token answers for that one); otherwise it is
    /// confirmed as another person and counts by itself. Anything but a possible duplicate of
    /// the meeting is "not found".
    public func resolveDuplicate(meeting meetingID: UUID, checkIn checkInID: UUID, samePerson: Bool, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            guard try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true) != nil else {
                throw DebriefError.notFound("meeting")
            }
            let rows = try await connection.query(
                samePerson
                    ? """
                    UPDATE check_ins SET duplicate_status = 'merged'
                    WHERE id = \(checkInID) AND meeting_id = \(meetingID) AND duplicate_status = 'possible' RETURNING id
                    """
                    : """
                    UPDATE check_ins SET duplicate_status = NULL, duplicate_of = NULL
                    WHERE id = \(checkInID) AND meeting_id = \(meetingID) AND duplicate_status = 'possible' RETURNING id
                    """)
            guard !rows.isEmpty else { throw DebriefError.notFound("possible duplicate check-in") }
        }
    }
}
