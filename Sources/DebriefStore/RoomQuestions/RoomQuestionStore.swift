import Debrief
import Foundation
import PQ

/// The room's questions and votes (SQL/0066, docs/decisions/0075): the participant's side.
/// The host's side (settings, moderation) is in `RoomQuestionStore+Host.swift`.
///
/// What the room sees is decided here once, in ``visibleToRoom``: a question the host has not
/// approved (moderation `approveFirst`) or has hidden is in no participant's list and takes no
/// vote. Every change nudges the meeting's room channel (``ResultsNotifier/roomChanged(meeting:)``,
/// never the results'), which tells the room's shared list and pages to read it again.
public struct RoomQuestionStore: Sendable {
    let database: Database
    let notifier: ResultsNotifier
    /// The votes of this instance share commits (``RoomVoteBatcher``); one per store, which the
    /// application makes once.
    let votes: RoomVoteBatcher

    public init(database: Database, notifier: ResultsNotifier) {
        self.database = database
        self.notifier = notifier
        self.votes = RoomVoteBatcher(database: database)
    }

    /// The only rows of `room_questions q` a participant may see.
    static let visibleToRoom: SQLQuery = "q.status = 'visible'"

    /// The meeting's settings; ``RoomQuestionSettings/off`` when its host never set them.
    public func settings(meeting: UUID) async throws -> RoomQuestionSettings {
        try await Self.settings(meeting: meeting, on: nil, database: self.database)
    }

    static func settings(meeting: UUID, on connection: Connection?, database: Database) async throws -> RoomQuestionSettings {
        let query: SQLQuery = "SELECT enabled, moderation, names FROM room_question_settings WHERE meeting_id = \(meeting)"
        let rows: QueryResult
        if let connection { rows = try await connection.query(query) } else { rows = try await database.query(query) }
        guard let row = rows.first else { return .off }
        return try Self.settings(row: row)
    }

    static func settings(row: Row) throws -> RoomQuestionSettings {
        guard let moderation = RoomQuestionSettings.Moderation(rawValue: try row.decode("moderation")),
            let names = RoomQuestionSettings.Names(rawValue: try row.decode("names"))
        else { return .off }
        return RoomQuestionSettings(enabled: try row.decode("enabled"), moderation: moderation, names: names)
    }

    /// The settings and, while questions are on, the questions the room sees with their votes, in
    /// the room's order (``RoomQuestion/roomOrder(_:_:)``), marked for nobody: the list every
    /// reader of the room shares (`RoomLists` in the use cases, issue 72), each reader's own marks
    /// read apart (``votes(of:meeting:)``). One statement: a read of the room's list holds a pooled
    /// connection once (issue 52).
    public func roomList(meeting: UUID) async throws -> (settings: RoomQuestionSettings, questions: [RoomQuestion]) {
        let rows = try await self.database.query(
            """
            SELECT s.enabled, s.moderation, s.names, l.*
            FROM room_question_settings s
            LEFT JOIN LATERAL (\(Self.list(meeting: meeting, only: Self.visibleToRoom))) l ON s.enabled
            WHERE s.meeting_id = \(meeting)
            """)
        guard let first = rows.first else { return (.off, []) }
        let settings = try Self.settings(row: first)
        let listed = try rows.filter { try $0.decode("id", as: UUID?.self) != nil }
        return (settings, try listed.map(Self.question(row:)).sorted(by: RoomQuestion.roomOrder))
    }

    /// Every question of the meeting `voter` has upvoted, and nothing else read: a phone's marks
    /// from its own votes only, beside the shared list. Read once per phone and instance
    /// (`RoomMarks` in the use cases keeps them in step with the votes' notices, decision 109).
    public func votes(of voter: UUID, meeting: UUID) async throws -> Set<UUID> {
        let rows = try await self.database.query(
            """
            SELECT v.question_id FROM room_question_votes v JOIN room_questions q ON q.id = v.question_id
            WHERE q.meeting_id = \(meeting) AND v.voter = \(voter)
            """)
        return Set(try rows.map { try $0.decode("question_id", as: UUID.self) })
    }

    /// This instance in the notices of its votes (``RoomVoteNotice``).
    public var instance: UUID { self.votes.instance }

    /// Stores `input` from `author` when the room is open for questions, after the caps
    /// (``StoredAdmission/roomQuestion(meeting:author:on:)``); shown at once or waiting for the
    /// host as the settings say. Refused (nothing stored): 409 when the room is closed to
    /// questions or a cap is reached, 422 naming the field.
    public func post(_ input: RoomQuestionInput, meeting: UUID, author: UUID) async throws -> RoomQuestion {
        let question = try await self.database.withTransaction { connection -> RoomQuestion in
            let settings = try await Self.settings(meeting: meeting, on: connection, database: self.database)
            guard settings.enabled else { throw Self.closed }
            let post = try RoomQuestionPost.validated(input, settings: settings)
            try await StoredAdmission.roomQuestion(meeting: meeting, author: author, on: connection)
            let status: RoomQuestion.Status = settings.postsShowAtOnce ? .visible : .pending
            let row = try await connection.query(
                """
                INSERT INTO room_questions (meeting_id, author, body, display_name, status)
                VALUES (\(meeting), \(author), \(post.text), \(post.name?.text), \(status.rawValue))
                RETURNING id, posted_at
                """
            ).single()
            return RoomQuestion(
                id: try row.decode("id"), text: post.text, name: post.name?.text, status: status, answered: false, pinned: false,
                votes: 0, votedByMe: false, postedAt: try row.decode("posted_at"))
        }
        self.notifier.roomChanged(meeting: meeting)
        return question
    }

    /// `voter` upvotes (`true`) or takes back their vote on a question the room sees. Both are
    /// idempotent: the table's key holds one vote per voter and question, and the question's count
    /// moves only by a row stored or removed. `conflict` (``closed``) while the room takes no
    /// questions, as a post; `notFound` for a question the room does not see (waiting, hidden,
    /// another meeting's). Answered once the vote is committed, in a batch with
    /// the votes that arrived meanwhile (``RoomVoteBatcher``, ``store(_:on:)``: one statement, no
    /// transaction of its own around it). A hide that commits while the batch runs may still see
    /// the vote counted; the vote was cast while the room saw it. Returns the batch that stored or
    /// removed a vote (its notice names it: ``RoomVoteNotice``); nil when nothing changed.
    @discardableResult
    public func vote(_ up: Bool, question: UUID, meeting: UUID, voter: UUID) async throws -> RoomVoteStamp? {
        let outcome = try await self.votes.store(Vote(up: up, question: question, meeting: meeting, voter: voter))
        guard outcome.open else { throw Self.closedToVotes }
        guard outcome.shown else { throw DebriefError.notFound("question") }
        guard outcome.changed else { return nil }
        self.notifier.roomChanged(meeting: meeting)
        return outcome.stamp
    }

    static let closed = DebriefError(.conflict, "questions from the room are off for this meeting", field: "text")
    /// A vote, or an identity asked for, while the room is off: nothing names a field.
    public static let closedToVotes = DebriefError(.conflict, "questions from the room are off for this meeting")

    // MARK: - Rows

    /// The meeting's questions matching `only`, with their vote counts (kept on the question by
    /// ``store(_:on:)``: no vote row is counted here), marked for nobody: a voter's own marks are
    /// ``votes(of:meeting:)``'s.
    static func list(meeting: UUID, only: SQLQuery) -> SQLQuery {
        """
        SELECT q.id, q.body, q.display_name, q.status, q.answered, q.pinned, q.posted_at, q.votes, false AS voted
        FROM room_questions q
        WHERE q.meeting_id = \(meeting) AND \(only)
        """
    }

    static func question(row: Row) throws -> RoomQuestion {
        RoomQuestion(
            id: try row.decode("id"), text: try row.decode("body"), name: try row.decode("display_name"),
            status: RoomQuestion.Status(rawValue: try row.decode("status")) ?? .hidden, answered: try row.decode("answered"),
            pinned: try row.decode("pinned"), votes: try row.decode("votes"), votedByMe: try row.decode("voted"),
            postedAt: try row.decode("posted_at"))
    }
}
