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

    /// The published form behind a typed code, from the cache when possible. Throws not-found.
    public func published(code raw: String) async throws -> PublishedForm {
        guard let code = FormCode.normalize(raw) else { throw DebriefError.notFound("form") }
        if let form = self.cache.get(code) { return form }
        let rows = try await self.database.query(
            "SELECT f.id, f.meeting_id, f.definition FROM forms f WHERE f.code = \(code) AND f.published_at IS NOT NULL AND f.trashed_at IS NULL")
        guard let row = rows.first else { throw DebriefError.notFound("form") }
        let form = PublishedForm(
            id: try row.decode("id"), meetingID: try row.decode("meeting_id"), code: code,
            definition: try row.decode("definition", as: SQLJSON<FormDefinition>.self).value)
        self.cache.put(form)
        return form
    }

    /// The participant's view of an open form. Throws not-found, or gone (with `closedAt`) when closed.
    public func view(code raw: String) async throws -> ParticipantFormView {
        let form = try await self.published(code: raw)
        let rows = try await self.database.query(
            """
            SELECT \(FormGate.columns), f.closes_at, m.title, m.starts_at, m.ends_at, m.place
            FROM forms f JOIN meetings m ON m.id = f.meeting_id
            WHERE f.id = \(form.id) AND f.trashed_at IS NULL
            """)
        guard let row = rows.first else {
            self.cache.remove(form.code)
            throw DebriefError.notFound("form")
        }
        try FormGate(row: row).requireNotClosed()
        return ParticipantFormView(
            form: form, meetingTitle: try row.decode("title"), meetingStartsAt: try row.decode("starts_at"),
            meetingEndsAt: try row.decode("ends_at"), meetingPlace: try row.decode("place"),
            closesAt: try row.decode("closes_at"))
    }

    /// Forgets a cached form that turned out to be gone.
    func forget(_ form: PublishedForm) {
        self.cache.remove(form.code)
    }
}
