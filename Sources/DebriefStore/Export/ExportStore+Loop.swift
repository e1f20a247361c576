import Debrief
import Foundation
import PQ

/// The rows of the `actions` and `roomQuestions` layouts (issue 50), read through the owners of
/// those tables and their gates, never SQL of their own: actions through ``ActionItemStore``'s
/// gate (`.edit`, decision 74), room questions through ``RoomQuestionStore``'s host list (`read`,
/// every status with its flag, votes counted, never a voter; decision 75, `scripts/check-layers`
/// rule 25). One session at a time: at most 50 actions or 500 questions each.
extension ExportStore {
    /// A session of the export: its meeting and number.
    public struct Session: Sendable {
        public let meetingID: UUID
        public let sessionNumber: Int
    }

    /// Every session (meeting) of `export`, by start time, whether or not it has a form.
    public func sessions(_ export: Prepared) async throws -> [Session] {
        try await self.database.query(
            "SELECT m.id, m.session_number FROM meetings m WHERE \(export.meetings) ORDER BY m.starts_at, m.id"
        ).map { Session(meetingID: try $0.decode("id"), sessionNumber: try $0.decode("session_number")) }
    }

    /// The actions of one session of the export, in the order they were recorded.
    public func actions(of session: Session, _ export: Prepared) async throws -> [ActionItem] {
        try await ActionItemStore(database: self.database).list(meeting: session.meetingID, by: export.viewer)
    }

    /// The questions from the room of one session of the export, as the host's list shows them.
    public func roomQuestions(of session: Session, _ export: Prepared) async throws -> [RoomQuestion] {
        try await self.database.withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            try await RoomQuestionStore.requireMeeting(session.meetingID, export.viewer, .read, on: connection)
            return try await RoomQuestionStore.hostQuestions(meeting: session.meetingID, on: connection)
        }
    }

    /// Refuses an export of actions unless `viewer` may edit every meeting of `meetings` (the
    /// actions' gate, asked per meeting): a viewer co-host gets 403, as on the actions' routes.
    func requireActions(_ meetings: SQLQuery, _ viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            for row in try await connection.query("SELECT m.id FROM meetings m WHERE " + meetings) {
                try await ActionItemStore.gate(try row.decode("id"), viewer, on: connection)
            }
        }
    }
}
