import Debrief
import Foundation
import PQ

/// A session's action items (SQL/0065, decision 74). Every call passes the meeting's one gate
/// (``MeetingStore/find(_:visibleTo:toDo:on:forUpdate:)``: visibility and the role's `.edit`)
/// inside its own transaction, so a share revoked a moment ago refuses the write it would have
/// allowed. An action outside the path's meeting is "not found", as another host's meeting is.
public struct ActionItemStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The meeting's actions, in the order they were recorded.
    public func list(meeting meetingID: UUID, by viewer: Viewer) async throws -> [ActionItem] {
        try await self.database.withTransaction { connection in
            try await Self.gate(meetingID, viewer, on: connection)
            return try await Self.items(of: meetingID, on: connection)
        }
    }

    /// Records an action; `conflict` naming ``ActionItemRules/maxPerSession`` at the cap, a 422
    /// naming `owner.id` or `questionKey` when they are not this session's. Recorded done or
    /// dropped, it is closed at `instant` (the app's clock).
    public func create(meeting meetingID: UUID, by viewer: Viewer, _ new: NewActionItem, at instant: Date) async throws -> ActionItem {
        try await self.database.withTransaction { connection in
            // Locked: two concurrent adds count one after the other, so neither passes the cap alone.
            let meeting = try await Self.gate(meetingID, viewer, on: connection, forUpdate: true)
            let count = try await connection.query("SELECT count(*) AS n FROM action_items WHERE meeting_id = \(meetingID)")
                .single().decode("n", as: Int.self)
            guard count < ActionItemRules.maxPerSession else { throw ActionItemRules.capReached }
            try await Self.check(owner: new.owner, key: new.questionKey, of: meeting, on: connection)
            let (member, account) = Self.columns(new.owner)
            let closedAt: Date? = new.status == .open ? nil : instant
            let id = try await connection.query(
                """
                INSERT INTO action_items (meeting_id, title, owner_member_id, owner_account_id, due_on, status, question_key, asks_if_helped,
                                          created_by, closed_at)
                VALUES (\(meetingID), \(new.title), \(member), \(account), \(Self.dueOn(new.due))::date, \(new.status.rawValue),
                        \(new.questionKey?.rawValue), \(new.asksIfHelped), \(viewer.accountID),
                        \(closedAt)::timestamptz)
                RETURNING id
                """
            ).single().decode("id", as: UUID.self)
            let item = try await Self.item(id, of: meetingID, on: connection)
            if item.asksIfHelped {
                try await HelpQuestions.sync(
                    action: id, title: item.title, asks: true, of: meeting, refuseWhenAnswered: true, on: connection)
            }
            try await WebhookOutbox.recordActionEvent(
                action: id, meeting: meetingID, change: "created", status: item.status, due: item.due, on: connection)
            return item
        }
    }

    /// Changes an action of the meeting; `notFound` when the meeting has no such action. A new
    /// status of done or dropped closes it at `instant` (the app's clock), in the review of
    /// `review` when a session's review marked it (decision 85): that review lists it as closed,
    /// and the later ones no more. Open again, it is in every review after its session.
    public func update(
        meeting meetingID: UUID, action actionID: UUID, by viewer: Viewer, _ change: ActionItemChange, at instant: Date,
        inReviewOf review: UUID? = nil
    ) async throws -> ActionItem {
        try await self.database.withTransaction { connection in
            let meeting = try await Self.gate(meetingID, viewer, on: connection)
            guard let row = try await connection.query(
                "SELECT asks_if_helped, status FROM action_items WHERE id = \(actionID) AND meeting_id = \(meetingID) FOR UPDATE"
            ).first else { throw DebriefError.notFound("action") }
            let before: Bool = try row.decode("asks_if_helped")
            let statusBefore: String = try row.decode("status")
            let owner: ActionOwner? = if case .set(let owner) = change.owner { owner } else { nil }
            let key: QuestionKey? = if case .set(let key) = change.questionKey { key } else { nil }
            try await Self.check(owner: owner, key: key, of: meeting, on: connection)
            var sets: SQLQuery = "updated_at = now()"
            if let title = change.title { sets = sets + ", title = \(title)" }
            if let due = change.due { sets = sets + ", due_on = \(Self.dueOn(due))::date" }
            if let status = change.status {
                sets = sets + ", status = \(status.rawValue)"
                if status == .open {
                    sets = sets + ", closed_at = NULL, closed_in_meeting_id = NULL"
                } else if status.rawValue != statusBefore || review != nil {
                    // Marked again in a review, it is that review's now; the same status elsewhere changes nothing.
                    sets = sets + ", closed_at = \(instant)::timestamptz, closed_in_meeting_id = \(review)::uuid"
                }
            }
            switch change.owner {
            case .unchanged: break
            case .clear: sets = sets + ", owner_member_id = NULL, owner_account_id = NULL"
            case .set(let owner):
                let (member, account) = Self.columns(owner)
                sets = sets + ", owner_member_id = \(member), owner_account_id = \(account)"
            }
            switch change.questionKey {
            case .unchanged: break
            case .clear: sets = sets + ", question_key = NULL"
            case .set(let key): sets = sets + ", question_key = \(key.rawValue)"
            }
            if let asks = change.asksIfHelped { sets = sets + ", asks_if_helped = \(asks)" }
            try await connection.execute("UPDATE action_items SET " + sets + " WHERE id = \(actionID)")
            let item = try await Self.item(actionID, of: meetingID, on: connection)
            // The review session's form follows the flag (and the title it quotes), decision 78.
            if item.asksIfHelped != before || (item.asksIfHelped && change.title != nil) {
                try await HelpQuestions.sync(
                    action: actionID, title: item.title, asks: item.asksIfHelped, of: meeting, refuseWhenAnswered: true, on: connection)
            }
            try await WebhookOutbox.recordActionEvent(
                action: actionID, meeting: meetingID, change: "updated", status: item.status, due: item.due, on: connection)
            return item
        }
    }

    /// Deletes an action of the meeting; `notFound` when there is none.
    public func delete(meeting meetingID: UUID, action actionID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            let meeting = try await Self.gate(meetingID, viewer, on: connection)
            guard let row = try await connection.query(
                """
                DELETE FROM action_items WHERE id = \(actionID) AND meeting_id = \(meetingID)
                RETURNING status, to_char(due_on, 'YYYY-MM-DD') AS due_on, title, asks_if_helped
                """
            ).first else { throw DebriefError.notFound("action") }
            // An unanswered "did this help?" question goes with it; an answered one stays (decision 78).
            if try row.decode("asks_if_helped", as: Bool.self) {
                try await HelpQuestions.sync(
                    action: actionID, title: try row.decode("title"), asks: false, of: meeting, refuseWhenAnswered: false, on: connection)
            }
            let status = ActionStatus(rawValue: try row.decode("status")) ?? .open
            let due = (try row.decode("due_on", as: String?.self)).flatMap(DueDate.init(text:)).map(ActionDue.on) ?? .nextSession
            try await WebhookOutbox.recordActionEvent(
                action: actionID, meeting: meetingID, change: "deleted", status: status, due: due, on: connection)
        }
    }

    // MARK: - Inside the transaction

    /// The meeting's one gate: visible to the viewer, and their role may edit it.
    @discardableResult
    static func gate(_ meetingID: UUID, _ viewer: Viewer, on connection: Connection, forUpdate: Bool = false) async throws -> Meeting {
        guard let meeting = try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: forUpdate) else {
            throw DebriefError.notFound("meeting")
        }
        return meeting
    }

    /// The owner is on the series' roster or runs the series; the key names a question of one of
    /// the session's forms. Each refusal names its field, and nothing is written.
    static func check(owner: ActionOwner?, key: QuestionKey?, of meeting: Meeting, on connection: Connection) async throws {
        var problems = ProblemCollector()
        switch owner {
        case .rosterMember(let id):
            let found = try await connection.query(
                "SELECT 1 AS one FROM roster_members WHERE id = \(id) AND series_id = \(meeting.seriesID)").first != nil
            if !found { problems.add("owner.id", "is not a member of this series' roster") }
        case .account(let id):
            let found = try await connection.query(
                "SELECT 1 AS one FROM meetings m WHERE m.id = \(meeting.id) AND " + SQLQuery.runsSeries(account: id, series: "m.series_id")
            ).first != nil
            if !found { problems.add("owner.id", "is not the host or a co-host of this series") }
        case nil: break
        }
        if let key {
            let found = try await connection.query(
                """
                SELECT 1 AS one FROM forms f, jsonb_array_elements(f.definition -> 'questions') q
                WHERE f.meeting_id = \(meeting.id) AND q ->> 'key' = \(key.rawValue) LIMIT 1
                """
            ).first != nil
            if !found { problems.add("questionKey", "is not a question of this session's form") }
        }
        guard problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
    }

    static func columns(_ owner: ActionOwner?) -> (member: UUID?, account: UUID?) {
        switch owner {
        case .rosterMember(let id): (id, nil)
        case .account(let id): (nil, id)
        case nil: (nil, nil)
        }
    }

    static func dueOn(_ due: ActionDue) -> String? {
        if case .on(let date) = due { date.text } else { nil }
    }

    static func items(of meetingID: UUID, on connection: Connection) async throws -> [ActionItem] {
        try await connection.query(
            "SELECT \(ActionItem.columns) FROM action_items a WHERE a.meeting_id = \(meetingID) ORDER BY a.created_at, a.id"
        ).map(ActionItem.init(row:))
    }

    static func item(_ id: UUID, of meetingID: UUID, on connection: Connection) async throws -> ActionItem {
        guard let row = try await connection.query(
            "SELECT \(ActionItem.columns) FROM action_items a WHERE a.id = \(id) AND a.meeting_id = \(meetingID)"
        ).first else { throw DebriefError.notFound("action") }
        return try ActionItem(row: row)
    }
}
