import Debrief
import DebriefStore
import Foundation

/// A meeting's feedback form as its host writes, publishes, closes and reopens it.
public struct FormActions: Sendable {
    let meetings: MeetingStore
    let forms: FormStore
    /// Told when a published form changes state, so shared results and live viewers follow.
    let notifier: ResultsNotifier?

    public init(meetings: MeetingStore, forms: FormStore, notifier: ResultsNotifier? = nil) {
        self.meetings = meetings
        self.forms = forms
        self.notifier = notifier
    }

    /// The meeting's newest form version (draft or published), or `notFound`.
    public func current(meeting id: UUID, visibleTo viewer: Viewer) async throws -> StoredForm {
        guard let form = try await self.forms.current(meeting: id, visibleTo: viewer) else {
            throw DebriefError.notFound("the meeting's form")
        }
        return form
    }

    /// The meeting's newest form version, or nil when it has none yet (the host pages start one).
    public func currentIfAny(meeting id: UUID, visibleTo viewer: Viewer) async throws -> StoredForm? {
        do {
            return try await self.current(meeting: id, visibleTo: viewer)
        } catch let error as DebriefError where error.code == .notFound {
            return nil
        }
    }

    /// The meeting's latest published form version, or `notFound`.
    public func published(meeting id: UUID, visibleTo viewer: Viewer) async throws -> StoredForm {
        guard let form = try await self.forms.published(meeting: id, visibleTo: viewer) else {
            throw DebriefError.notFound("a published form of this meeting")
        }
        return form
    }

    /// Saves the draft, or fixes the wording of the open form (same version, same code; see
    /// ``FormStore/saveDraft(meeting:by:_:)``). Who may touch the meeting is settled before what the body says: another
    /// host's meeting is `notFound` even with an invalid body.
    ///
    /// On a session that follows its series' form, `scope` `.series` (the default) saves the
    /// series' form, which every following session takes; `.session` saves this session's own
    /// copy (docs/decisions/0063).
    ///
    /// Each translated text keeps the original it was made from
    /// (``FormDefinition/recordingTranslationSources(over:confirming:)``); `confirmingTranslations`
    /// (the translations page's save) marks every translated text as made from today's original.
    public func saveDraft(
        meeting id: UUID, by viewer: Viewer, scope: DraftScope = .series, confirmingTranslations: Bool = false,
        _ input: () async throws -> FormInput
    ) async throws -> StoredForm {
        guard try await self.meetings.find(id, visibleTo: viewer, toDo: .edit) != nil else { throw DebriefError.notFound("meeting") }
        let previous = try await self.forms.current(meeting: id, visibleTo: viewer)?.definition
        let definition = try await input().validate(now: Date()).get()
            .recordingTranslationSources(over: previous, confirming: confirmingTranslations)
        let form = try await self.forms.saveDraft(meeting: id, by: viewer, definition, scope: scope)
        // A wording edit of the published form: shared results and live viewers show the new words.
        if form.publishedAt != nil { self.notifier?.changed(meeting: id) }
        return form
    }

    /// Starts the draft of `meetingID` from the current form of `sourceID` (the builder's "Copy
    /// the form of another meeting"), carried to this session (``FormDefinition/carried(from:to:)``):
    /// translations kept, a close time shifted by the difference between the two starts. Saved
    /// as any draft is (an open form takes a wording change only: `conflict` otherwise).
    public func copyForm(from sourceID: UUID, to meetingID: UUID, by viewer: Viewer) async throws -> StoredForm {
        guard let target = try await self.meetings.find(meetingID, visibleTo: viewer, toDo: .edit) else {
            throw DebriefError.notFound("meeting")
        }
        guard let source = try await self.meetings.find(sourceID, visibleTo: viewer) else { throw DebriefError.notFound("meeting") }
        let form = try await self.current(meeting: sourceID, visibleTo: viewer)
        let saved = try await self.forms.saveDraft(
            meeting: meetingID, by: viewer, form.definition.carried(from: source.startsAt, to: target.startsAt))
        if saved.publishedAt != nil { self.notifier?.changed(meeting: meetingID) }
        return saved
    }

    /// The meetings whose form the viewer may copy into another (their own and shared ones that
    /// have a form), latest start first: the builder's list, whose first entry is its default.
    public func copySources(for viewer: Viewer, limit: Int = 100) async throws -> [Meeting] {
        let recent = try await self.meetings.list(for: viewer, scope: .all, after: nil, limit: limit).items
        let statuses = try await self.meetings.sessionStatuses(recent.map(\.id))
        return recent.filter { statuses[$0.id]?.formState != nil }
    }

    /// Makes session `id`'s current form the series' form (the builder's "Make this the series'
    /// form", `POST /v1/meetings/{id}/form/to-series`): sessions that follow the series take it,
    /// and a draft of this session follows again (``SeriesFormStore/push(meeting:by:)``).
    public func pushToSeries(meeting id: UUID, by viewer: Viewer) async throws -> (seriesID: UUID, form: SeriesForm) {
        try await self.forms.seriesForms.push(meeting: id, by: viewer)
    }

    /// The series' form, or `notFound` when it has none yet (or the viewer may not see the series).
    public func seriesForm(series id: UUID, visibleTo viewer: Viewer) async throws -> SeriesForm {
        guard let form = try await self.forms.seriesForms.form(series: id, visibleTo: viewer) else {
            throw DebriefError.notFound("the series' form")
        }
        return form
    }

    public func publish(meeting id: UUID, by viewer: Viewer) async throws -> StoredForm {
        let form = try await self.forms.publish(meeting: id, by: viewer)
        self.notifier?.changed(meeting: id)
        return form
    }

    public func close(meeting id: UUID, by viewer: Viewer) async throws -> StoredForm {
        let form = try await self.forms.close(meeting: id, by: viewer)
        self.notifier?.changed(meeting: id)
        return form
    }

    public func reopen(meeting id: UUID, by viewer: Viewer) async throws -> StoredForm {
        let form = try await self.forms.reopen(meeting: id, by: viewer)
        self.notifier?.changed(meeting: id)
        return form
    }
}
