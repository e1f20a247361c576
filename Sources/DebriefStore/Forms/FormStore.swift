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

    /// The series' forms, on the same database (docs/decisions/0063).
    public var seriesForms: SeriesFormStore { SeriesFormStore(database: self.database) }
    /// The templates hosts start forms from (built in, the installation's, their own).
    public var templates: FormTemplateStore { FormTemplateStore(database: self.database) }

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
    ///
    /// A session that follows its series' form (a draft the series wrote, or no form yet) saves
    /// with `scope` `.series` as the series' form (docs/decisions/0063): every session that
    /// follows takes it, its close time read relative to this session's end. With `.session`
    /// the session's own copy is saved and follows the series no more.
    public func saveDraft(
        meeting meetingID: UUID, by viewer: Viewer, _ definition: FormDefinition, scope: DraftScope = .series
    ) async throws -> StoredForm {
        try await self.withLockedMeeting(meetingID, viewer) { connection, meeting, latest in
            let version: Int
            let follows = latest.map { $0.followsSeries && $0.state() == .draft } ?? true
            // A close time more than a year from this session's end is a date, not a weekly rule:
            // such a form stays this session's own copy, as it was saved (the series is left alone).
            if scope == .series && follows, case .success(let seriesForm) = SeriesForm.of(session: definition, sessionEnd: meeting.endsAt) {
                if latest == nil {
                    try await connection.execute(
                        """
                        INSERT INTO forms (meeting_id, version, definition, follows_series)
                        VALUES (\(meetingID), 1, \(SQLJSON(definition))::jsonb, true)
                        """)
                }
                try await SeriesFormStore.adopt(seriesForm, series: meeting.seriesID, on: connection)
                guard let saved = try await Self.latest(meetingID, on: connection) else { throw DebriefError.notFound("the meeting's form") }
                return saved
            }
            switch latest.map({ ($0, $0.state()) }) {
            case .some((let form, .draft)):
                // This session's own copy from now on: the series' form no longer replaces it.
                let rows = try await connection.query(
                    """
                    UPDATE forms AS f SET definition = \(SQLJSON(definition))::jsonb, follows_series = false, updated_at = now()
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
                try await Self.carryToSeries(definition, from: form, of: meeting, scope: scope, on: connection)
                let rows = try await connection.query(
                    """
                    UPDATE forms AS f SET definition = \(SQLJSON(definition))::jsonb, updated_at = clock_timestamp()
                    WHERE f.id = \(form.id) RETURNING \(StoredForm.columns)
                    """)
                return try StoredForm(row: try rows.single())
            case .some((let form, .closed)):
                try await Self.carryToSeries(definition, from: form, of: meeting, scope: scope, on: connection)
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

    /// A session whose published form is still the series' form (the series unchanged since it
    /// was published) edits the series' form too: a wording fix or a new version of this week's
    /// form is next week's form (docs/decisions/0063). A session that diverged, or a save with
    /// `scope` `.session`, leaves the series alone. Published sessions keep their versions either way.
    private static func carryToSeries(
        _ definition: FormDefinition, from form: StoredForm, of meeting: Meeting, scope: DraftScope, on connection: Connection
    ) async throws {
        guard scope == .series,
              let series = try await SeriesFormStore.current(series: meeting.seriesID, on: connection),
              series.definition == SeriesForm(definition: form.definition, closeRule: nil).definition
        else { return }
        // A close time more than a year away cannot be a rule: the series keeps its form.
        guard case .success(let edited) = SeriesForm.of(session: definition, sessionEnd: meeting.endsAt) else { return }
        try await SeriesFormStore.adopt(edited, series: meeting.seriesID, on: connection)
    }

    /// Publishes the draft: a meeting's first version under a new public code, every later one
    /// under the code of the version before it, so printed codes keep working. Publishing an open
    /// form changes nothing.
    public func publish(meeting meetingID: UUID, by viewer: Viewer) async throws -> StoredForm {
        try await self.withLockedMeeting(meetingID, viewer) { connection, meeting, latest in
            guard let form = latest else { throw DebriefError(.conflict, "the meeting has no form to publish") }
            switch form.state() {
            case .open:
                return form
            case .closed:
                throw DebriefError(.conflict, "the form is closed; reopen it, or save a new version to publish")
            case .draft:
                var form = form
                if form.followsSeries {
                    // The series' form is published as it is now, closing by its rule after this
                    // session's end (the session's time may have moved since the draft was written).
                    if let series = try await SeriesFormStore.current(series: meeting.seriesID, on: connection) {
                        form.definition = try await HelpQuestions.definition(series, for: meeting.id, endingAt: meeting.endsAt, on: connection)
                    }
                    try await connection.execute(
                        "UPDATE forms SET definition = \(SQLJSON(form.definition))::jsonb, follows_series = false WHERE id = \(form.id)")
                }
                // A close time before the session starts (one typed for another week) is refused
                // as a past one is: participants would meet a form closed before it began.
                if let problem = form.definition.closeTimeProblem(sessionStart: meeting.startsAt, now: Date()) {
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
        try await self.withLockedMeeting(meetingID, viewer) { connection, _, latest in
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
        try await self.withLockedMeeting(meetingID, viewer) { connection, _, latest in
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

    /// Runs `body` in a transaction holding the meeting's row lock (the meeting as read under it),
    /// so form changes of one meeting happen one at a time.
    private func withLockedMeeting(
        _ meetingID: UUID, _ viewer: Viewer, _ body: (Connection, Meeting, StoredForm?) async throws -> StoredForm
    ) async throws -> StoredForm {
        try await self.database.withTransaction { connection in
            guard let meeting = try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true) else {
                throw DebriefError.notFound("meeting")
            }
            return try await body(connection, meeting, try await Self.latest(meetingID, on: connection))
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
}
