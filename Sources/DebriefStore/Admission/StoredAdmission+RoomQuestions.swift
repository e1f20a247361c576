import Debrief
import Foundation
import PQ

extension StoredAdmission {
    /// Locks the meeting's room questions for the rest of the transaction and throws `conflict`,
    /// naming the cap, when `author` already posted ``RoomQuestionCaps/perParticipant`` questions
    /// to it or the meeting has ``RoomQuestionCaps/perMeeting`` the host has not hidden
    /// (docs/decisions/0075). Under the lock, two posts at once cannot pass a cap together.
    ///
    /// The author's own count keeps their hidden posts (a flood the host hid does not buy its
    /// author more); the meeting's does not (a flood the host hid no longer takes the room's space).
    static func roomQuestion(meeting: UUID, author: UUID, on connection: Connection) async throws {
        try await Self.lock("room questions " + meeting.uuidString, on: connection)
        let row = try await connection.query(
            """
            SELECT count(*) FILTER (WHERE status <> 'hidden')::int8 AS all_posts, count(*) FILTER (WHERE author = \(author))::int8 AS own
            FROM room_questions WHERE meeting_id = \(meeting)
            """
        ).single()
        let own: Int = try row.decode("own")
        let all: Int = try row.decode("all_posts")
        if own >= RoomQuestionCaps.perParticipant { throw RoomQuestionCaps.participantReached }
        if all >= RoomQuestionCaps.perMeeting { throw RoomQuestionCaps.meetingReached }
    }
}
