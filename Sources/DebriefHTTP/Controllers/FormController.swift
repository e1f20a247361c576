import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// A meeting's feedback form, as its host writes, publishes and closes it.
struct FormController {
    let forms: FormActions
    let publicBaseURL: String

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/form") { _, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            return self.response(try await self.forms.current(meeting: id, visibleTo: try context.requireViewer()))
        }
        group.put("meetings/:id/form") { request, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            let form = try await self.forms.saveDraft(meeting: id, by: try context.requireViewer()) {
                try await request.decodeJSON(as: FormReplacement.self, context: context).form
            }
            return self.response(form)
        }
        group.get("meetings/:id/form/definition") { _, context -> FormDefinitionResponse in
            let id = try context.requireID("id", "meeting")
            let form = try await self.forms.current(meeting: id, visibleTo: try context.requireViewer())
            return FormDefinitionResponse(definition: form.definition, meetingID: id)
        }
        group.post("meetings/:id/form/publish") { _, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            return self.response(try await self.forms.publish(meeting: id, by: try context.requireViewer()))
        }
        group.post("meetings/:id/form/close") { _, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            return self.response(try await self.forms.close(meeting: id, by: try context.requireViewer()))
        }
        group.post("meetings/:id/form/reopen") { _, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            return self.response(try await self.forms.reopen(meeting: id, by: try context.requireViewer()))
        }
    }

    private func response(_ form: StoredForm) -> FormResponse {
        FormResponse(form: form, publicBaseURL: self.publicBaseURL)
    }
}
