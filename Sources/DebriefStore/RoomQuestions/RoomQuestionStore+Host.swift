import Debrief
import Foundation
import PQ

/// The host's side of the room's questions: every question with its state, the settings, and
/// moderation. Who may do it is the meeting's visibility rule (``MeetingStore/find(_:visibleTo:toDo:on:forUpdate:)``,
/// decision 62): reading takes `read`, changing takes `edit`; another host's meeting is not found.
extension RoomQuestionStore {
    /// Every question of the meeting (waiting, shown, hidden) with the settings, in the room's order.
    public func hostList(meeting: UUID, visibleTo viewer: Viewer) async throws -> (RoomQuestionSettings, [RoomQuestion]) {
        try await self.database.withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            try await Self.requireMeeting(meeting, viewer, .read, on: connection)
            let settings = try await Self.settings(meeting: meeting, on: connection, database: self.database)
            return (settings, try await Self.hostQuestions(meeting: meeting, on: connection))
        }
    }

    /// Every question of the meeting with its status, in the room's order: what the host's list
    /// and the `roomQuestions` export show, after their caller asked the meeting's gate.
    static func hostQuestions(meeting: UUID, on connection: Connection) async throws -> [RoomQuestion] {
        let rows = try await connection.query(Self.list(meeting: meeting, only: "true"))
        return try rows.map(Self.question(row:)).sorted(by: RoomQuestion.roomOrder)
    }

    /// The first `limit` questions the room sees (``visibleToRoom``, in the room's order), for the
    /// presenter view of a host who may read the meeting; nil while questions are off.
    public func roomTop(_ limit: Int, meeting: UUID, visibleTo viewer: Viewer) async throws -> [RoomQuestion]? {
        try await self.database.withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            try await Self.requireMeeting(meeting, viewer, .read, on: connection)
            guard try await Self.settings(meeting: meeting, on: connection, database: self.database).enabled else { return nil }
            let rows = try await connection.query(Self.list(meeting: meeting, only: Self.visibleToRoom))
            return Array(try rows.map(Self.question(row:)).sorted(by: RoomQuestion.roomOrder).prefix(limit))
        }
    }

    /// Replaces the meeting's settings. Questions already posted keep their state: turning
    /// `approveFirst` off does not approve what waits. An `anonymous` room keeps no names: those
    /// given while it was `named` are erased in the same transaction (issue 67), not only hidden,
    /// so no list, export or later switch back to `named` can show them again.
    public func setSettings(_ settings: RoomQuestionSettings, meeting: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await Self.requireMeeting(meeting, viewer, .edit, on: connection)
            try await connection.execute(
                """
                INSERT INTO room_question_settings (meeting_id, enabled, moderation, names)
                VALUES (\(meeting), \(settings.enabled), \(settings.moderation.rawValue), \(settings.names.rawValue))
                ON CONFLICT (meeting_id) DO UPDATE SET enabled = EXCLUDED.enabled, moderation = EXCLUDED.moderation,
                    names = EXCLUDED.names, updated_at = now()
                """)
            if settings.names == .anonymous {
                try await connection.execute(
                    "UPDATE room_questions SET display_name = NULL WHERE meeting_id = \(meeting) AND display_name IS NOT NULL")
            }
        }
        self.notifier.roomChanged(meeting: meeting)
    }

    /// Applies the host's `change` to one question and returns it as the host's list shows it.
    /// Pinning unpins the meeting's other question in the same transaction (at most one is
    /// pinned: SQL/0066's unique index holds it even against a race).
    public func change(_ change: RoomQuestionChange, question: UUID, meeting: UUID, by viewer: Viewer) async throws -> RoomQuestion {
        let changed = try await self.database.withTransaction { connection -> RoomQuestion in
            try await Self.requireMeeting(meeting, viewer, .edit, on: connection, forUpdate: true)
            if change.pinned == true {
                try await connection.execute(
                    "UPDATE room_questions SET pinned = false WHERE meeting_id = \(meeting) AND pinned AND id <> \(question)")
            }
            let updated = try await connection.execute(
                """
                UPDATE room_questions SET status = coalesce(\(change.status?.rawValue), status),
                    answered = coalesce(\(change.answered), answered), pinned = coalesce(\(change.pinned), pinned)
                WHERE id = \(question) AND meeting_id = \(meeting)
                """)
            guard updated == 1 else { throw DebriefError.notFound("question") }
            let row = try await connection.query(Self.list(meeting: meeting, only: "q.id = \(question)")).single()
            return try Self.question(row: row)
        }
        self.notifier.roomChanged(meeting: meeting)
        return changed
    }

    /// Deletes one question of the meeting with its votes (they cascade), for a host who may edit
    /// it: gone from every list and from the caps' counts (issue 67: the room has no other way
    /// to take back the space a flood took). `notFound` for a question the meeting does not have.
    public func delete(question: UUID, meeting: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await Self.requireMeeting(meeting, viewer, .edit, on: connection, forUpdate: true)
            let deleted = try await connection.execute("DELETE FROM room_questions WHERE id = \(question) AND meeting_id = \(meeting)")
            guard deleted == 1 else { throw DebriefError.notFound("question") }
        }
        self.notifier.roomChanged(meeting: meeting)
    }

    /// `notFound` unless `viewer` sees the meeting; `forbidden` when their role may not do `action`.
    static func requireMeeting(
        _ meeting: UUID, _ viewer: Viewer, _ action: SeriesAction, on connection: Connection, forUpdate: Bool = false
    ) async throws {
        guard try await MeetingStore.find(meeting, visibleTo: viewer, toDo: action, on: connection, forUpdate: forUpdate) != nil else {
            throw DebriefError.notFound("meeting")
        }
    }
}

extension RoomQuestionStore {
    /// `notFound` unless `viewer` sees the meeting, `forbidden` unless they may change it.
    public func requireEditable(meeting: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await Self.requireMeeting(meeting, viewer, .edit, on: connection)
        }
    }
}
