import Debrief
import Foundation
import PQ

/// A meeting's feedback form: drafts, publishing, closing. The current form is the highest
/// version. A published form's meaning is frozen, so answers stay tied to the questions they
/// answered; its wording may be fixed while it is open. Every version is published under the
/// meeting's one code (decision record 20).
public struct FormStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The meeting's current form, or nil when it has none. Throws not-found for an invisible meeting.
    public func current(meeting meetingID: UUID, visibleTo viewer: Viewer) async throws -> StoredForm? {
        try await self.database.withConnection { connection in
            guard try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .read, on: connection) != nil else {
                throw DebriefError.notFound("meeting")
            }
            return try await Self.latest(meetingID, on: connection)
        }
    }

    /// The meeting's latest published form (the one participants reach), or nil when it has none.
    /// Throws not-found for an invisible meeting.
    public func published(meeting meetingID: UUID, visibleTo viewer: Viewer) async throws -> StoredForm? {
        try await self.database.withConnection { connection in
            guard try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .read, on: connection) != nil else {
                throw DebriefError.notFound("meeting")
            }
            return try await Self.latestPublished(meetingID, on: connection)
        }
    }

    /// Replaces the draft, starts a first draft, or starts a new version after a closed one. On
    /// a published, open form only the wording may change (``FormDefinition/differsOnlyInWording(from:)``):
    /// it is edited in place, same version, same code, its answers kept; a change of meaning is a
    /// conflict (close the form, then save: a new version under the same code).
    public func saveDraft(meeting meetingID: UUID, by viewer: Viewer, _ definition: FormDefinition) async throws -> StoredForm {
        try await self.withLockedMeeting(meetingID, viewer) { connection, latest in
            let version: Int
            switch latest.map({ ($0, $0.state()) }) {
            case .some((let form, .draft)):
                let rows = try await connection.query(
                    """
                    UPDATE forms AS f SET definition = \(SQLJSON(definition))::jsonb, updated_at = now()
                    WHERE f.id = \(form.id) RETURNING \(StoredForm.columns)
                    """)
                return try StoredForm(row: try rows.single())
            case .some((let form, .open)):
                guard definition.differsOnlyInWording(from: form.definition) else {
                    throw DebriefError(
                        .conflict,
                        "the published form is open: only its wording (title, prompts, labels, placeholders) can change in place; "
                            + "to change what answers mean, close it, then save a new version (it keeps the same code)",
                        field: "questions")
                }
                try Self.refuseMissingTranslations(definition)
                let rows = try await connection.query(
                    """
                    UPDATE forms AS f SET definition = \(SQLJSON(definition))::jsonb, updated_at = clock_timestamp()
                    WHERE f.id = \(form.id) RETURNING \(StoredForm.columns)
                    """)
                return try StoredForm(row: try rows.single())
            case .some((let form, .closed)):
                version = form.version + 1
            case .none:
                version = 1
            }
            let rows = try await connection.query(
                """
                INSERT INTO forms AS f (meeting_id, version, definition)
                VALUES (\(meetingID), \(version), \(SQLJSON(definition))::jsonb)
                RETURNING \(StoredForm.columns)
                """)
            return try StoredForm(row: try rows.single())
        }
    }

    /// Publishes the draft: a meeting's first version under a new public code, every later one
    /// under the code of the version before it, so printed codes keep working. Publishing an open
    /// form changes nothing.
    public func publish(meeting meetingID: UUID, by viewer: Viewer) async throws -> StoredForm {
        try await self.withLockedMeeting(meetingID, viewer) { connection, latest in
            guard let form = latest else { throw DebriefError(.conflict, "the meeting has no form to publish") }
            switch form.state() {
            case .open:
                return form
            case .closed:
                throw DebriefError(.conflict, "the form is closed; reopen it, or save a new version to publish")
            case .draft:
                // A close time before the session starts (one carried from another week) is
                // refused as a past one is: participants would meet a form closed before it began.
                let start: Date = try await connection.query("SELECT starts_at FROM meetings WHERE id = \(meetingID)").single().decode("starts_at")
                if let problem = form.definition.closeTimeProblem(sessionStart: start, now: Date()) {
                    throw ValidationFailure(problem)
                }
                try Self.refuseMissingTranslations(form.definition)
                if let earlier = try await Self.latestPublished(meetingID, on: connection), let code = earlier.code {
                    let rows = try await connection.query(
                        """
                        UPDATE forms AS f SET code = \(code), published_at = now(),
                            closes_at = \(form.definition.closesAt)::timestamptz, updated_at = now()
                        WHERE f.id = \(form.id) RETURNING \(StoredForm.columns)
                        """)
                    return try StoredForm(row: try rows.single())
                }
                // 50 random bits make a collision unlikely; the exclusion constraint (and, against series
                // codes, SQL/0050's trigger) makes it impossible.
                for _ in 0..<5 {
                    let code = SecretToken.newFormCode()
                    let rows = try await connection.query(
                        """
                        UPDATE forms AS f SET code = \(code), published_at = now(),
                            closes_at = \(form.definition.closesAt)::timestamptz, updated_at = now()
                        WHERE f.id = \(form.id) AND NOT EXISTS (SELECT 1 FROM forms WHERE code = \(code))
                            AND NOT EXISTS (SELECT 1 FROM meeting_series WHERE code = \(code))
                        RETURNING \(StoredForm.columns)
                        """)
                    if let row = rows.first {
                        try await WebhookOutbox.recordFormEvent(.formPublished, form: form.id, on: connection)
                        return try StoredForm(row: row)
                    }
                }
                throw DebriefError(.conflict, "could not allocate a form code; try again")
            }
        }
    }

    /// Participants never meet a half-translated form: what participants can see (a published
    /// form) has every text in every language it offers (``FormDefinition/missingTranslations``).
    static func refuseMissingTranslations(_ definition: FormDefinition) throws {
        let missing = definition.missingTranslations
        if !missing.isEmpty { throw ValidationFailure(problems: missing) }
    }

    /// Stops accepting answers now. Closing a closed form changes nothing.
    public func close(meeting meetingID: UUID, by viewer: Viewer) async throws -> StoredForm {
        try await self.withLockedMeeting(meetingID, viewer) { connection, latest in
            guard let form = latest, form.state() != .draft else {
                throw DebriefError(.conflict, "the meeting has no published form to close")
            }
            if form.state() == .closed { return form }
            let rows = try await connection.query(
                "UPDATE forms AS f SET closed_at = now(), updated_at = now() WHERE f.id = \(form.id) RETURNING \(StoredForm.columns)")
            // The deliveries commit with the close (and results.summary renders the closed form's report).
            try await WebhookOutbox.recordFormEvent(.formClosed, form: form.id, on: connection)
            return try StoredForm(row: try rows.single())
        }
    }

    /// Accepts answers again; a closing time that has passed is cleared.
    public func reopen(meeting meetingID: UUID, by viewer: Viewer) async throws -> StoredForm {
        try await self.withLockedMeeting(meetingID, viewer) { connection, latest in
            guard let form = latest, form.state() != .draft else {
                throw DebriefError(.conflict, "the meeting has no published form to reopen")
            }
            if form.state() == .open { return form }
            let rows = try await connection.query(
                """
                UPDATE forms AS f SET closed_at = NULL,
                    closes_at = CASE WHEN f.closes_at <= now() THEN NULL ELSE f.closes_at END, updated_at = now()
                WHERE f.id = \(form.id) RETURNING \(StoredForm.columns)
                """)
            return try StoredForm(row: try rows.single())
        }
    }

    // MARK: - Helpers

    /// Runs `body` in a transaction holding the meeting's row lock, so form changes of one meeting
    /// happen one at a time.
    private func withLockedMeeting(
        _ meetingID: UUID, _ viewer: Viewer, _ body: (Connection, StoredForm?) async throws -> StoredForm
    ) async throws -> StoredForm {
        try await self.database.withTransaction { connection in
            guard try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true) != nil else {
                throw DebriefError.notFound("meeting")
            }
            return try await body(connection, try await Self.latest(meetingID, on: connection))
        }
    }

    static func latest(_ meetingID: UUID, on connection: Connection) async throws -> StoredForm? {
        try await connection.query(
            "SELECT \(StoredForm.columns) FROM forms f WHERE f.meeting_id = \(meetingID) ORDER BY f.version DESC LIMIT 1"
        ).first.map(StoredForm.init(row:))
    }

    /// The highest published version: what participants answered and results count.
    static func latestPublished(_ meetingID: UUID, on connection: Connection) async throws -> StoredForm? {
        try await connection.query(
            """
            SELECT \(StoredForm.columns) FROM forms f
            WHERE f.meeting_id = \(meetingID) AND f.published_at IS NOT NULL ORDER BY f.version DESC LIMIT 1
            """
        ).first.map(StoredForm.init(row:))
    }

    /// Starts the new meeting's form as a draft copy of the series' most recent session's form:
    /// the latest version of the form of the highest-numbered other session that has one (the
    /// questions of the most recent session, whichever meeting the request named), carried to
    /// the new session (``FormDefinition/carried(from:to:)``: translations kept, a close time
    /// shifted with the session's start).
    static func copyLatestSeriesForm(series seriesID: UUID, to meetingID: UUID, on connection: Connection) async throws {
        let latest = try await connection.query(
            """
            SELECT \(StoredForm.columns), m.starts_at AS source_starts_at,
                (SELECT n.starts_at FROM meetings n WHERE n.id = \(meetingID)) AS target_starts_at
            FROM forms f JOIN meetings m ON m.id = f.meeting_id
            WHERE m.series_id = \(seriesID) AND m.id <> \(meetingID)
            ORDER BY m.session_number DESC, f.version DESC LIMIT 1
            """
        ).first
        guard let latest else { return }
        let definition = try StoredForm(row: latest).definition.carried(
            from: try latest.decode("source_starts_at"), to: try latest.decode("target_starts_at"))
        try await connection.execute(
            "INSERT INTO forms (meeting_id, version, definition) VALUES (\(meetingID), 1, \(SQLJSON(definition))::jsonb)")
    }
}
