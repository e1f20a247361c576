import Debrief
import Foundation
import PQ

/// What a participant sees when opening a form link: the meeting, the questions and the state.
public struct ParticipantFormView: Sendable {
    public var form: PublishedForm
    public var meetingTitle: String
    public var meetingStartsAt: Date
    public var meetingEndsAt: Date
    public var meetingPlace: String?
    /// When the form closes by itself, if ever.
    public var closesAt: Date?
    /// The series' zone: the page shows the times above in it, named (decision 59).
    public var timeZone: String? = nil
    /// The series' picture (decision 92), shown above the form.
    public var picture: PictureReference? = nil
    /// The look of the team that owns the series (decision 95): its logo and accent; nil for a person's series.
    public var teamLook: TeamLook? = nil
    /// The signed "opened" ticket of this view and its text (docs/decisions/0036), set by the
    /// actions that hand the view out.
    public var opened: (ticket: OpenedTicket, text: String)? = nil

    /// The form as this view shows it: shuffled options in the order of the view's seed.
    public var shownDefinition: FormDefinition {
        OptionOrder.apply(to: self.form.definition, seed: self.opened?.ticket.seed)
    }

    public init(
        form: PublishedForm, meetingTitle: String, meetingStartsAt: Date, meetingEndsAt: Date, meetingPlace: String?, closesAt: Date?
    ) {
        self.form = form
        self.meetingTitle = meetingTitle
        self.meetingStartsAt = meetingStartsAt
        self.meetingEndsAt = meetingEndsAt
        self.meetingPlace = meetingPlace
        self.closesAt = closesAt
    }
}

/// Finds published forms by their public code, for participants (no account involved).
///
/// Drafts have no code, so they cannot be found; a code that cannot be normalized names nothing.
public struct ParticipantFormStore: Sendable {
    let database: Database
    let cache: PublishedFormCache

    public init(database: Database, cache: PublishedFormCache) {
        self.database = database
        self.cache = cache
    }

    /// The current published version behind a typed code (any code the meeting's form was ever
    /// published under), from the cache when possible. Throws not-found.
    public func published(code raw: String) async throws -> PublishedForm {
        guard let code = FormCode.normalize(raw) else { throw DebriefError.notFound("form") }
        if let form = self.cache.get(code) { return form }
        return try await self.load(code)
    }

    /// The current version behind `code`, read from the database (and cached).
    private func load(_ code: String) async throws -> PublishedForm {
        let rows = try await self.database.query(
            "SELECT f.id, f.meeting_id, f.code, f.definition, f.updated_at FROM \(Self.current(code))")
        guard let row = rows.first else { throw DebriefError.notFound("form") }
        let form = PublishedForm(
            id: try row.decode("id"), meetingID: try row.decode("meeting_id"), code: try row.decode("code"),
            definition: try row.decode("definition", as: SQLJSON<FormDefinition>.self).value, revision: try row.decode("updated_at"))
        self.cache.put(form, for: code)
        return form
    }

    /// `forms f` restricted to the latest published version of the meeting whose form was ever
    /// published under `code` (the end of a `FROM` clause).
    static func current(_ code: String) -> SQLQuery {
        """
        forms f
        WHERE f.meeting_id = (SELECT c.meeting_id FROM forms c WHERE c.code = \(code) LIMIT 1)
          AND f.published_at IS NOT NULL AND f.trashed_at IS NULL
        ORDER BY f.version DESC LIMIT 1
        """
    }

    /// The participant's view of an open form, in its current wording. Throws not-found, or gone
    /// (with `closedAt`) when closed.
    public func view(code raw: String) async throws -> ParticipantFormView {
        guard let code = FormCode.normalize(raw) else { throw DebriefError.notFound("form") }
        let rows = try await self.database.query(
            """
            SELECT f.id, f.updated_at, \(FormGate.columns), f.closes_at,
                (SELECT m.title FROM meetings m WHERE m.id = f.meeting_id) AS title,
                (SELECT m.starts_at FROM meetings m WHERE m.id = f.meeting_id) AS starts_at,
                (SELECT m.ends_at FROM meetings m WHERE m.id = f.meeting_id) AS ends_at,
                (SELECT m.place FROM meetings m WHERE m.id = f.meeting_id) AS place,
                (SELECT to_jsonb(s) ->> 'time_zone' FROM meetings m JOIN meeting_series s ON s.id = m.series_id
                    WHERE m.id = f.meeting_id) AS time_zone,
                \(SeriesPictureStore.referenceColumn(series: "(SELECT m.series_id FROM meetings m WHERE m.id = f.meeting_id)")),
                \(TeamLookStore.lookColumn(series: "(SELECT m.series_id FROM meetings m WHERE m.id = f.meeting_id)"))
            FROM \(Self.current(code))
            """)
        guard let row = rows.first else {
            if let cached = self.cache.get(code) { self.cache.remove(meeting: cached.meetingID) }
            throw DebriefError.notFound("form")
        }
        try FormGate(row: row).requireNotClosed()
        var form = try await self.published(code: code)
        let id: UUID = try row.decode("id"), revision: Date = try row.decode("updated_at")
        if form.id != id || form.revision != revision {
            // Edited or republished since it was cached (here or on another instance).
            self.cache.remove(meeting: form.meetingID)
            form = try await self.load(code)
        }
        var view = ParticipantFormView(
            form: form, meetingTitle: try row.decode("title"), meetingStartsAt: try row.decode("starts_at"),
            meetingEndsAt: try row.decode("ends_at"), meetingPlace: try row.decode("place"),
            closesAt: try row.decode("closes_at"))
        view.timeZone = try row.decode("time_zone")
        view.picture = try SeriesPictureStore.reference(row)
        view.teamLook = try TeamLookStore.look(row)
        return view
    }

    /// When the session behind a published form's code starts, and its series' zone: what the
    /// thanks page states (nil for an unknown code).
    public func sessionTime(code raw: String) async throws -> (startsAt: Date, timeZone: String?)? {
        guard let code = FormCode.normalize(raw) else { return nil }
        guard let row = try await self.database.query(
            """
            SELECT m.starts_at, s.time_zone FROM meetings m JOIN meeting_series s ON s.id = m.series_id
            WHERE m.id = (SELECT c.meeting_id FROM forms c WHERE c.code = \(code) LIMIT 1)
            """
        ).first else { return nil }
        return (try row.decode("starts_at"), try row.decode("time_zone"))
    }

    /// The current version behind the code of `form` when it is another version than `form`
    /// (published since `form` was cached), else nil.
    public func newerVersion(than form: PublishedForm) async throws -> PublishedForm? {
        guard let current = try? await self.load(form.code), current.id != form.id else { return nil }
        // Every code of the meeting may hold the older version: they load the current one next.
        self.cache.remove(meeting: form.meetingID)
        self.cache.put(current, for: form.code)
        return current
    }

    /// Forgets a cached form that turned out to be gone.
    func forget(_ form: PublishedForm) {
        self.cache.remove(meeting: form.meetingID)
    }
}
