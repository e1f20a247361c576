import Debrief
import DebriefStore
import Foundation

/// Templates (docs/decisions/0076-form-templates.md): the built-in library and saved forms, and
/// starting a meeting's form from one. Starting goes through ``FormActions/saveDraft(meeting:by:scope:_:)``'s
/// owner, ``FormStore/saveDraft(meeting:by:_:scope:)``: on a session of a series the template
/// becomes the series' form (translations included), which every session not yet published takes.
extension FormActions {
    /// Every template the viewer may start from, the built-in library first.
    public func templates(for viewer: Viewer) async throws -> [FormTemplate] {
        try await self.forms.templates.list(for: viewer)
    }

    /// Template `id`, or `notFound` (a malformed id, another host's template, a missing one).
    public func template(_ id: String, for viewer: Viewer) async throws -> FormTemplate {
        guard let parsed = FormTemplateID(id), let template = try await self.forms.templates.find(parsed, for: viewer) else {
            throw DebriefError.notFound("template")
        }
        return template
    }

    /// Saves the current form of the request's meeting (any role that may read the meeting) as a
    /// template. Who may see the meeting is decided before anything is saved: another host's
    /// meeting is `notFound`, as a missing one is.
    public func saveTemplate(_ request: FormTemplateRequest, by viewer: Viewer) async throws -> FormTemplate {
        let form = try await self.current(meeting: request.meetingID, visibleTo: viewer)
        return try await self.forms.templates.save(form.definition, name: request.name, scope: request.scope, by: viewer)
    }

    /// Deletes a saved template (one's own; an admin also the installation's).
    public func deleteTemplate(_ id: String, by viewer: Viewer) async throws {
        guard let parsed = FormTemplateID(id) else { throw DebriefError.notFound("template") }
        try await self.forms.templates.delete(parsed, by: viewer)
    }

    /// Starts meeting `id`'s form from template `templateID`: saved as the draft is (`scope`
    /// `.series` writes the series' form), so an open form refuses it as it refuses any change of
    /// meaning (`conflict`).
    public func startFromTemplate(
        _ templateID: String, meeting id: UUID, by viewer: Viewer, scope: DraftScope = .series
    ) async throws -> StoredForm {
        guard try await self.meetings.find(id, visibleTo: viewer, toDo: .edit) != nil else { throw DebriefError.notFound("meeting") }
        let template = try await self.template(templateID, for: viewer)
        return try await self.saveDraft(meeting: id, by: viewer, scope: scope) { FormInput(template.form) }
    }
}
