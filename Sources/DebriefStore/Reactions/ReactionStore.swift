import Debrief
import Foundation
import PQ

/// The meeting's reactions (SQL/0087, docs/decisions/0100): a count per meeting and emoji, and
/// the caps' record of each sender (``StoredAdmission/reaction(meeting:sender:on:)``). A reaction
/// is taken while the meeting's form accepts answers (``FormGate``, as a check-in or a response)
/// and its room is on (the room's settings, as a question or a vote): both asked of their owners.
/// Every reaction nudges the meeting's live channel, which the presenter and the dashboard follow.
public struct ReactionStore: Sendable {
    let database: Database
    let notifier: ResultsNotifier
    let senders: ReactionSenders

    public init(database: Database, notifier: ResultsNotifier, senders: ReactionSenders) {
        self.database = database
        self.notifier = notifier
        self.senders = senders
    }

    /// Counts `reaction` from `identity` (a room identity this server issued for the form `form`).
    /// `gone` once the form closed, `conflict` before it opens or while the room is off,
    /// `rateLimited` past a cap; nothing is counted then. Returns the meeting's counts after it.
    public func send(_ reaction: Reaction, form: PublishedForm, identity: UUID) async throws -> ReactionCounts {
        let sender = try await self.senders.sender(identity, meeting: form.meetingID)
        let counts = try await self.database.withTransaction { connection -> ReactionCounts in
            let gate = try await connection.query(
                """
                SELECT \(FormGate.columns) FROM forms f
                WHERE f.id = \(form.id) AND f.published_at IS NOT NULL AND f.trashed_at IS NULL
                """)
            guard let row = gate.first else { throw DebriefError.notFound("form") }
            try FormGate(row: row).requireOpen()
            guard try await RoomQuestionStore.settings(meeting: form.meetingID, on: connection, database: self.database).enabled else {
                throw Self.roomOff
            }
            try await StoredAdmission.reaction(meeting: form.meetingID, sender: sender, on: connection)
            try await connection.execute(
                """
                INSERT INTO reaction_counts (meeting_id, reaction, count) VALUES (\(form.meetingID), \(reaction.rawValue), 1)
                ON CONFLICT (meeting_id, reaction) DO UPDATE SET count = reaction_counts.count + 1
                """)
            return try await Self.counts(meeting: form.meetingID, on: connection)
        }
        self.notifier.roomChanged(meeting: form.meetingID)
        return counts
    }

    /// The counts of a meeting `viewer` may read (another host's meeting is not found).
    public func counts(meeting: UUID, visibleTo viewer: Viewer) async throws -> ReactionCounts {
        try await self.database.withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            try await RoomQuestionStore.requireMeeting(meeting, viewer, .read, on: connection)
            return try await Self.counts(meeting: meeting, on: connection)
        }
    }

    /// The counts of the meeting behind a published form, for the room (the participant's page).
    public func counts(form: PublishedForm) async throws -> ReactionCounts {
        try await self.database.withConnection { try await Self.counts(meeting: form.meetingID, on: $0) }
    }

    /// Deletes the caps' records past their expiry; how many went.
    public func purgeExpiredSenders() async throws -> Int {
        try await StoredAdmission.purgeExpiredReactionSenders(on: self.database)
    }

    static func counts(meeting: UUID, on connection: Connection) async throws -> ReactionCounts {
        let rows = try await connection.query("SELECT reaction, count FROM reaction_counts WHERE meeting_id = \(meeting)")
        var counted: [Reaction: Int] = [:]
        for row in rows {
            guard let reaction = Reaction(rawValue: try row.decode("reaction")) else { continue }
            counted[reaction] = try row.decode("count")
        }
        return ReactionCounts(counted)
    }

    /// A reaction while the room is off: nothing names a field (as a vote then).
    public static let roomOff = DebriefError(.conflict, "reactions are off: the host has not opened the room for this meeting")
}
