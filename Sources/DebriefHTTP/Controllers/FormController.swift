import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// A meeting's feedback form, as its host writes, publishes and closes it.
struct FormController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/form") { _, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            guard let form = try await self.services.forms.current(meeting: id, visibleTo: try context.requireViewer()) else {
                throw APIError.notFound("the meeting's form")
            }
            return self.response(form)
        }
        group.put("meetings/:id/form") { request, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            let viewer = try context.requireViewer()
            // Who may touch the meeting is settled before what the body says.
            guard try await self.services.meetings.find(id, visibleTo: viewer) != nil else {
                throw APIError.notFound("meeting")
            }
            let definition = try await request.decodeJSON(as: FormInput.self, context: context).validate(now: Date()).get()
            return self.response(try await self.services.forms.saveDraft(meeting: id, by: viewer, definition))
        }
        group.post("meetings/:id/form/publish") { _, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            return self.response(try await self.services.forms.publish(meeting: id, by: try context.requireViewer()))
        }
        group.post("meetings/:id/form/close") { _, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            return self.response(try await self.services.forms.close(meeting: id, by: try context.requireViewer()))
        }
        group.post("meetings/:id/form/reopen") { _, context -> FormResponse in
            let id = try context.requireID("id", "meeting")
            return self.response(try await self.services.forms.reopen(meeting: id, by: try context.requireViewer()))
        }
    }

    private func response(_ form: StoredForm) -> FormResponse {
        FormResponse(form: form, publicBaseURL: self.services.configuration.publicBaseURL)
    }
}
