import Debrief
import Foundation
import PQ

/// The host's moderation of single responses (spam, a test answer): the responses to look
/// through, and removing one.
///
/// Removing deletes the response and its answers: the tally triggers of SQL/0004 then append
/// the exact opposite of what its insert appended, so every count — folded into the tallies or
/// not yet — drops by exactly that response. `response_removals` (SQL/0020) remembers the removal,
/// for the results' "1 response removed by the host" and for a second removal to be a no-op.
public struct ResponseModerationStore: Sendable {
    let database: Database
    let notifier: ResultsNotifier

    public init(database: Database, notifier: ResultsNotifier) {
        self.database = database
        self.notifier = notifier
    }

    /// One response as the moderation list shows it.
    public struct Item: Sendable, Equatable {
        public var id: UUID
        public var submittedAt: Date
        public var changedAt: Date?
        /// The answers, by question key; those of withheld questions and grid statements are not
        /// read at all.
        public var answers: [String: [Answer]]
    }

    /// One stored answer value (a selected option, an "other" text, a rating or a text).
    public struct Answer: Sendable, Equatable {
        public var optionID: String?
        public var otherText: String?
        public var rating: Int?
        public var text: String?
        /// Grid: the statement `rating` is given to.
        public var statementKey: String? = nil
    }

    /// A page of the latest published form's responses, newest first.
    public struct Page: Sendable {
        public var form: StoredForm
        public var items: [Item]
        /// Keys of the questions whose answers are not shown (``Disclosure``).
        public var withheldKeys: Set<String>
        /// Per grid question key, the statements whose ratings are not shown.
        public var withheldStatements: [String: Set<String>]
        /// What the privacy rule lets this page show, and why not the rest.
        public var disclosure: Disclosure
        public var nextCursor: String?
        /// Responses to this form the host removed so far.
        public var removedCount: Int
    }

    /// The responses to the meeting's latest published form, `limit` at a time (`after`: the
    /// previous page's cursor), or nil when it has no published form. What `disclosure` (the
    /// privacy rule's decision on the meeting's results) withholds — a question, a grid
    /// statement — stays in the database, as in every other output (decision records 9 and 22);
    /// a form version it did not decide is withheld whole.
    /// `only` narrows the page to one response (the confirmation of its removal).
    public func page(
        meeting meetingID: UUID, visibleTo viewer: Viewer, after cursor: String?, limit: Int, only: UUID? = nil,
        disclosure: Disclosure
    ) async throws -> Page? {
        var position: MeetingCursor?
        if let cursor {
            guard let decoded = MeetingCursor(encoded: cursor) else {
                throw ValidationFailure(problems: [FieldProblem(path: "cursor", message: "is not a cursor this service issued")])
            }
            position = decoded
        }
        return try await self.database.withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            guard try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .read, on: connection) != nil else {
                throw DebriefError.notFound("meeting")
            }
            guard let form = try await FormStore.latestPublished(meetingID, on: connection) else { return nil }
            let withheld = Set(
                form.definition.questions.map(\.key.rawValue).filter { disclosure.reason(question: $0, in: form.id) != nil })
            var statements: [String: Set<String>] = [:]
            for cell in disclosure.withheldCells where cell.form == form.id && !cell.statement.isEmpty {
                statements[cell.question, default: []].insert(cell.statement)
            }
            let withheldStatements = statements.flatMap { key, keys in keys.map { (key, $0) } }
            var after: SQLQuery = ""
            if let position {
                after = " AND (r.submitted_at, r.id) < (\(position.startsAt)::timestamptz, \(position.id)::uuid)"
            }
            if let only { after = after + " AND r.id = \(only)" }
            let responses = try await connection.query(
                """
                SELECT r.id, r.submitted_at, r.changed_at FROM responses r
                WHERE r.form_id = \(form.id)\(after)
                ORDER BY r.submitted_at DESC, r.id DESC LIMIT \(limit + 1)
                """)
            var items = try responses.prefix(limit).map { row in
                Item(id: try row.decode("id"), submittedAt: try row.decode("submitted_at"), changedAt: try row.decode("changed_at"), answers: [:])
            }
            if !items.isEmpty {
                let ids = items.map { $0.id.lowercasedText }
                let answers = try await connection.query(
                    """
                    SELECT a.response_id, a.question_key, a.option_id, a.other_text, a.rating::bigint AS rating, a.text_value,
                        a.statement_key FROM answers a
                    WHERE a.response_id = ANY(\(ids)::uuid[]) AND NOT (a.question_key = ANY(\(Array(withheld))::text[]))
                      AND NOT EXISTS (
                          SELECT 1 FROM unnest(\(withheldStatements.map(\.0))::text[], \(withheldStatements.map(\.1))::text[]) AS w(q, s)
                          WHERE w.q = a.question_key AND w.s = a.statement_key)
                    ORDER BY a.response_id, a.question_key, a.position
                    """)
                var byResponse: [UUID: [String: [Answer]]] = [:]
                for row in answers {
                    let response: UUID = try row.decode("response_id")
                    let key: String = try row.decode("question_key")
                    let answer = Answer(
                        optionID: try row.decode("option_id"), otherText: try row.decode("other_text"), rating: try row.decode("rating"),
                        text: try row.decode("text_value"), statementKey: try row.decode("statement_key"))
                    byResponse[response, default: [:]][key, default: []].append(answer)
                }
                for index in items.indices { items[index].answers = byResponse[items[index].id] ?? [:] }
            }
            var next: String?
            if responses.count > limit, let last = items.last {
                next = MeetingCursor(startsAt: last.submittedAt, id: last.id).encoded
            }
            let removed: Int = try await connection.query(
                "SELECT count(*) AS n FROM response_removals WHERE form_id = \(form.id)"
            ).single().decode("n")
            return Page(
                form: form, items: items, withheldKeys: withheld, withheldStatements: statements, disclosure: disclosure,
                nextCursor: next, removedCount: removed)
        }
    }

    /// Removes one response to a form of the meeting. Removing a response already removed
    /// changes nothing; an unknown one (or another host's meeting) is not found. Its
    /// `Idempotency-Key` record stays (SQL/0038), so a retry of the request that sent it replays
    /// and never stores it again (docs/decisions/0022).
    public func remove(response responseID: UUID, meeting meetingID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            guard try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .edit, on: connection) != nil else {
                throw DebriefError.notFound("meeting")
            }
            let removed = try await connection.execute(
                """
                WITH gone AS (
                    DELETE FROM responses r USING forms f
                    WHERE r.id = \(responseID) AND f.id = r.form_id AND f.meeting_id = \(meetingID)
                    RETURNING r.id, r.form_id
                )
                INSERT INTO response_removals (response_id, form_id, meeting_id, removed_by)
                SELECT gone.id, gone.form_id, \(meetingID), \(viewer.accountID) FROM gone
                """)
            if removed == 0 {
                let earlier = try await connection.query(
                    "SELECT 1 FROM response_removals WHERE response_id = \(responseID) AND meeting_id = \(meetingID)")
                if earlier.isEmpty { throw DebriefError.notFound("response") }
            }
        }
        // Shared reports here go stale at once; live viewers everywhere hear of it.
        self.notifier.changed(meeting: meetingID)
    }
}
