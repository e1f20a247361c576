import Debrief
import Foundation
import PQ

/// The host's corrections to attendance: marking a roster member present by hand, and removing a
/// check-in that was a mistake. Scoped like the rest: another host's meeting is "not found".
extension AttendanceStore {
    /// Marks `memberID` (of the meeting's series) present at the meeting. A member who is present
    /// already (checked in, or marked) stays as they are: marking twice changes nothing.
    public func markPresent(meeting meetingID: UUID, member memberID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            guard let meeting = try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true) else {
                throw DebriefError.notFound("meeting")
            }
            let members = try await connection.query(
                "SELECT rm.name, rm.name_key FROM roster_members rm WHERE rm.id = \(memberID) AND rm.series_id = \(meeting.seriesID)")
            guard let member = members.first else { throw DebriefError.notFound("roster member") }
            let name: String = try member.decode("name")
            let key: String = try member.decode("name_key")
            // The form participants check in to now, if there is one, so the check-in counts for it.
            try await connection.execute(
                """
                INSERT INTO check_ins (form_id, meeting_id, token_hash, name, name_key, roster_member_id, marked_by_host)
                SELECT (SELECT f.id FROM forms f WHERE f.meeting_id = \(meetingID) AND f.published_at IS NOT NULL
                        ORDER BY f.version DESC LIMIT 1),
                       \(meetingID), NULL, \(name), \(key), \(memberID), true
                WHERE NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.meeting_id = \(meetingID) AND c.roster_member_id = \(memberID))
                ON CONFLICT DO NOTHING
                """)
        }
    }

    /// Removes one check-in of the meeting (its response, if any, stays, no longer tied to it).
    public func removeCheckIn(_ checkInID: UUID, meeting meetingID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            guard try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .edit, on: connection) != nil else {
                throw DebriefError.notFound("meeting")
            }
            let removed = try await connection.execute(
                "DELETE FROM check_ins c WHERE c.id = \(checkInID) AND c.meeting_id = \(meetingID)")
            if removed == 0 { throw DebriefError.notFound("check-in") }
        }
    }
}
