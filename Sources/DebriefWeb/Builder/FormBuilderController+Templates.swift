import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import Hummingbird

/// The builder's templates block (docs/decisions/0076-form-templates.md): "Use this template"
/// saves the template as the draft through ``FormActions/startFromTemplate(_:meeting:by:scope:)``
/// (on a series, the series' form: translations kept, no date); "Save as a template" saves the
/// current form through ``FormActions/saveTemplate(_:by:)``. Problems stand next to their field.
extension FormBuilderController {
    @Sendable func startFromTemplate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request)
        let viewer = try context.requireViewer()
        let t = Localizer(Language(request.headers))
        let stored = try await self.stored(meeting, context)
        do {
            let template = try await self.forms.template(fields["template"] ?? "", for: viewer)
            let started = try await self.forms.startFromTemplate(
                template.id.description, meeting: meeting.id, by: viewer, scope: Self.scope(fields))
            return try await self.render(
                request, context, meeting, BuilderDraft(started.definition), stored: started,
                notice: t(TemplatePhrase.templateStarted, ["name": template.name]))
        } catch let error as DebriefError where error.code == .conflict {
            let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
            return try await self.render(
                request, context, meeting, draft, stored: stored, formError: t(.formIsOpen) + " (" + error.message + ")",
                status: .conflict)
        }
    }

    @Sendable func saveAsTemplate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .read)
        let fields = try await context.postedFields(request)
        let viewer = try context.requireViewer()
        let t = Localizer(Language(request.headers))
        let stored = try await self.stored(meeting, context)
        let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
        let input = FormTemplateInput(
            meetingId: meeting.id.uuidString, name: fields["templateName"], scope: fields["templateScope"] ?? "account")
        do {
            let saved = try await self.forms.saveTemplate(try input.validate().get(), by: viewer)
            return try await self.render(
                request, context, meeting, draft, stored: stored, notice: t(TemplatePhrase.templateSaved, ["name": saved.name]))
        } catch let failure as ValidationFailure {
            return try await self.render(
                request, context, meeting, draft, stored: stored, failure: Self.templateFieldNames(failure),
                status: .unprocessableContent)
        }
    }

    /// The template form's fields are `templateName` and `templateScope` on the page.
    private static func templateFieldNames(_ failure: ValidationFailure) -> ValidationFailure {
        ValidationFailure(problems: failure.problems.map { problem in
            var renamed = problem
            if problem.path == "name" { renamed.path = "templateName" }
            if problem.path == "scope" { renamed.path = "templateScope" }
            return renamed
        })
    }
}
