import Debrief
import Foundation
import PQ

/// The form a series owns (docs/decisions/0063): the one owner of "which form does a session
/// get". A new session starts with the series' form (``startForm(of:on:)``, called by
/// ``SessionInsert`` for every path that makes a session); when the series' form changes
/// (``adopt(_:series:on:)``), every session that follows it — a draft the series wrote and its
/// host did not make its own, or a session that has not ended and has no form — takes the new
/// one; published versions keep theirs. `scripts/check-layers` rule 16 keeps the series' form
/// columns and `follows_series` in this file (and `FormStore`, which reads the flag).
public struct SeriesFormStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The form of `seriesID`, or nil when it has none yet; `notFound` when the viewer may not see the series.
    public func form(series seriesID: UUID, visibleTo viewer: Viewer) async throws -> SeriesForm? {
        try await self.database.withConnection { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .read, on: connection)
            return try await Self.current(series: seriesID, on: connection)
        }
    }

    /// Makes the current form of session `meetingID` (draft or published, its own or not) the
    /// series' form: its close time, if any, read relative to that session's end. Sessions that
    /// follow the series take it; a draft of this session follows the series again. `conflict`
    /// when the session has no form; a problem at `closesAt` when its close time is more than a
    /// year from its end.
    public func push(meeting meetingID: UUID, by viewer: Viewer) async throws -> (seriesID: UUID, form: SeriesForm) {
        try await self.database.withTransaction { connection in
            guard let meeting = try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true) else {
                throw DebriefError.notFound("meeting")
            }
            guard let form = try await FormStore.latest(meetingID, on: connection) else {
                throw DebriefError(.conflict, "the meeting has no form to make the series' form")
            }
            let seriesForm: SeriesForm
            switch SeriesForm.of(session: form.definition, sessionEnd: meeting.endsAt) {
            case .success(let made): seriesForm = made
            case .failure(let problem): throw ValidationFailure(problem)
            }
            if form.publishedAt == nil {
                try await connection.execute("UPDATE forms SET follows_series = true WHERE id = \(form.id)")
            }
            try await Self.adopt(seriesForm, series: meeting.seriesID, on: connection)
            return (meeting.seriesID, seriesForm)
        }
    }

    // MARK: - On a connection (the store's other writers call these inside their transactions)

    /// The series' form, or nil when it has none.
    static func current(series seriesID: UUID, on connection: Connection) async throws -> SeriesForm? {
        let row = try await connection.query(
            "SELECT s.form, s.form_closes_after_seconds FROM meeting_series s WHERE s.id = \(seriesID) AND s.form IS NOT NULL"
        ).first
        guard let row else { return nil }
        let seconds: Int? = try row.decode("form_closes_after_seconds")
        return SeriesForm(
            definition: try row.decode("form", as: SQLJSON<FormDefinition>.self).value,
            closeRule: seconds.flatMap(SessionCloseRule.init(secondsAfterEnd:)))
    }

    /// Starts a new session's form: a draft of the series' form that follows it, closing by the
    /// rule after the session's own end, with the questions the previous session's actions ask. Nothing when the series has no form yet.
    static func startForm(of meeting: Meeting, on connection: Connection) async throws {
        guard let form = try await Self.current(series: meeting.seriesID, on: connection) else { return }
        let definition = try await HelpQuestions.definition(form, for: meeting.id, endingAt: meeting.endsAt, on: connection)
        try await connection.execute(
            """
            INSERT INTO forms (meeting_id, version, definition, follows_series)
            VALUES (\(meeting.id), 1, \(SQLJSON(definition))::jsonb, true)
            """)
    }

    /// Makes `form` the series' form, and gives it to every session that follows the series: the
    /// latest version of its form is a following draft, or it has no form and has not ended
    /// (sessions in the trash are left as they are). Its first statement takes the series' row
    /// lock, so two changes of one series' form happen one after the other.
    static func adopt(_ form: SeriesForm, series seriesID: UUID, on connection: Connection) async throws {
        try await connection.execute(
            """
            UPDATE meeting_series SET form = \(SQLJSON(form.definition))::jsonb,
                form_closes_after_seconds = \(form.closeRule?.secondsAfterEnd)::integer
            WHERE id = \(seriesID)
            """)
        let following = try await connection.query(
            """
            SELECT m.id, m.ends_at, f.id AS form_id FROM meetings m
            LEFT JOIN LATERAL (
                SELECT g.id, g.follows_series FROM forms g WHERE g.meeting_id = m.id ORDER BY g.version DESC LIMIT 1
            ) f ON true
            WHERE m.series_id = \(seriesID) AND m.trashed_at IS NULL
              AND (f.follows_series OR (f.id IS NULL AND m.ends_at > now()))
            ORDER BY m.session_number
            """)
        for row in following {
            let meetingID: UUID = try row.decode("id")
            // The series' form and the "did this help?" questions of the session it reviews (decision 78).
            let definition = SQLJSON(
                try await HelpQuestions.definition(form, for: meetingID, endingAt: try row.decode("ends_at"), on: connection))
            if let formID: UUID = try row.decode("form_id") {
                // Re-checked under the row's lock: a draft published meanwhile keeps its version.
                try await connection.execute(
                    """
                    UPDATE forms SET definition = \(definition)::jsonb, updated_at = now()
                    WHERE id = \(formID) AND follows_series AND published_at IS NULL
                    """)
            } else {
                try await connection.execute(
                    """
                    INSERT INTO forms (meeting_id, version, definition, follows_series)
                    VALUES (\(meetingID), 1, \(definition)::jsonb, true) ON CONFLICT (meeting_id, version) DO NOTHING
                    """)
            }
        }
    }
}
