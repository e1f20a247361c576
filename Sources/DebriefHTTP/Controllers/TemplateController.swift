import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// Form templates over the JSON API (`/v1/templates…`, `POST /v1/meetings/{id}/form/from-template`;
/// docs/decisions/0076-form-templates.md). Behind ``AuthMiddleware``. Every decision stays with
/// ``FormActions`` and its store: who sees a template, who may save for the installation or
/// delete, the cap per owner, and how a started form becomes the series' form.
struct TemplateController {
    let forms: FormActions
    let meetings: MeetingActions
    let publicBaseURL: String

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("templates") { _, context -> TemplateList in
            let templates = try await self.forms.templates(for: try context.requireViewer())
            return TemplateList(items: templates.map(TemplateSummaryResponse.init))
        }
        group.post("templates") { request, context -> EditedResponse<TemplateResponse> in
            let viewer = try context.requireViewer()
            let input = try await request.decodeJSON(as: FormTemplateInput.self, context: context)
            let saved = try await self.forms.saveTemplate(try input.validate().get(), by: viewer)
            return EditedResponse(status: .created, response: TemplateResponse(saved))
        }
        group.get("templates/:templateId") { _, context -> TemplateResponse in
            TemplateResponse(try await self.forms.template(try Self.templateID(context), for: try context.requireViewer()))
        }
        group.delete("templates/:templateId") { _, context -> Response in
            try await self.forms.deleteTemplate(try Self.templateID(context), by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("meetings/:id/form/from-template") { request, context -> FormResponse in
            let viewer = try context.requireViewer()
            let meeting = try context.requireID("id", "meeting")
            // Who may edit the meeting is settled before what the body says.
            _ = try await self.meetings.find(meeting, visibleTo: viewer, toDo: .edit)
            let input = try await request.decodeJSON(as: StartFromTemplateInput.self, context: context)
            let (templateID, scope) = try input.validate().get()
            let form = try await self.forms.startFromTemplate(templateID, meeting: meeting, by: viewer, scope: scope)
            return FormResponse(form: form, publicBaseURL: self.publicBaseURL)
        }
    }

    private static func templateID(_ context: AppRequestContext) throws -> String {
        guard let text = context.parameters.get("templateId") else { throw APIError.notFound("template") }
        return text
    }
}
