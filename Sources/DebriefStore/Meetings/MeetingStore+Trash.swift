import Debrief
import Foundation
import PQ

/// The trash: deleting a meeting moves it, with its forms, responses and check-ins, out of sight
/// for ``MeetingStore/trashRetention``; its host may restore it meanwhile, and
/// ``purgeTrash(olderThan:)`` deletes it for good after that. When the meeting was the last live
/// session of its series, the series (and its roster) goes with it and comes back with it.
extension MeetingStore {
    /// How long a meeting stays in the trash before it is purged.
    public static let trashRetention: Duration = .seconds(30 * 24 * 3600)

    /// A meeting in the trash, and when it will be purged.
    public struct TrashedMeeting: Sendable, Equatable {
        public var meeting: Meeting
        public var trashedAt: Date
        public var purgeAt: Date
    }

    /// Moves a live meeting to the trash. Participants' links stop working at once (its forms are
    /// marked too: the participant routes read only the form row, see `FormGate`).
    public func trash(_ id: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            // Deleting is the owner's (a co-host is refused, see ``SeriesRole``).
            guard let meeting = try await Self.find(id, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true) else {
                throw DebriefError.notFound("meeting")
            }
            let seriesID = meeting.seriesID
            try await connection.execute("UPDATE meetings SET trashed_at = now(), updated_at = now() WHERE id = \(id)")
            try await connection.execute("UPDATE forms SET trashed_at = now() WHERE meeting_id = \(id)")
            try await connection.execute(
                """
                UPDATE meeting_series s SET trashed_at = now()
                WHERE s.id = \(seriesID) AND NOT EXISTS (SELECT 1 FROM meetings m WHERE m.series_id = s.id AND m.trashed_at IS NULL)
                """)
        }
    }

    /// Brings a meeting back from the trash, with its series; the trash is its host's (or an
    /// admin's), not a co-host's. A meeting whose time a live meeting
    /// of its host now takes is refused (`conflict`, naming that meeting).
    public func restore(_ id: UUID, by viewer: Viewer) async throws -> Meeting {
        let trashed = try await self.database.query(
            """
            SELECT \(Meeting.columns(for: viewer)) FROM meetings m
            WHERE m.id = \(id) AND m.trashed_at IS NOT NULL AND (m.host_id = \(viewer.accountID) OR \(viewer.isAdmin))
            """
        ).first.map(Meeting.init(row:))
        guard let trashed else { throw DebriefError.notFound("meeting in the trash") }
        return try await self.refusingOverlap(host: trashed.hostID, trashed.details, excluding: id) {
            try await self.database.withTransaction { connection in
                let rows = try await connection.query(
                    """
                    UPDATE meetings m SET trashed_at = NULL, updated_at = now()
                    WHERE m.id = \(id) AND m.trashed_at IS NOT NULL RETURNING \(Meeting.columns(for: viewer))
                    """)
                guard let row = rows.first else { throw DebriefError.notFound("meeting in the trash") }
                try await connection.execute("UPDATE forms SET trashed_at = NULL WHERE meeting_id = \(id)")
                try await connection.execute("UPDATE meeting_series SET trashed_at = NULL WHERE id = \(trashed.seriesID)")
                return try Meeting(row: row)
            }
        }
    }

    /// The viewer's meetings in the trash, most recently deleted first.
    public func trashed(by viewer: Viewer, limit: Int = 100) async throws -> [TrashedMeeting] {
        let retention = Int(Self.trashRetention.components.seconds)
        return try await self.database.query(
            """
            SELECT \(Meeting.columns(for: viewer)), m.trashed_at, m.trashed_at + make_interval(secs => \(retention)) AS purge_at
            FROM meetings m WHERE m.host_id = \(viewer.accountID) AND m.trashed_at IS NOT NULL
            ORDER BY m.trashed_at DESC, m.id LIMIT \(limit)
            """
        ).map { row in
            TrashedMeeting(meeting: try Meeting(row: row), trashedAt: try row.decode("trashed_at"), purgeAt: try row.decode("purge_at"))
        }
    }

    /// Deletes for good what has been in the trash longer than `age`: the meetings (their forms,
    /// responses, answers and check-ins cascade), then the series left without a meeting and
    /// trashed with their last one (their rosters cascade). Returns how many meetings went.
    @discardableResult
    public func purgeTrash(olderThan age: Duration) async throws -> Int {
        let seconds = Int(age.components.seconds)
        return try await self.database.withTransaction { connection in
            let meetings = try await connection.execute(
                "DELETE FROM meetings WHERE trashed_at < now() - make_interval(secs => \(seconds))")
            try await connection.execute(
                """
                DELETE FROM meeting_series s WHERE s.trashed_at IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM meetings m WHERE m.series_id = s.id)
                """)
            return meetings
        }
    }
}
