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
            let scope = try Self.scope(request)
            let form = try await self.forms.saveDraft(meeting: id, by: try context.requireViewer(), scope: scope) {
                try await request.decodeJSON(as: FormReplacement.self, context: context).form
            }
            return self.response(form)
        }
        group.post("meetings/:id/form/to-series") { _, context -> SeriesFormResponse in
            let id = try context.requireID("id", "meeting")
            let pushed = try await self.forms.pushToSeries(meeting: id, by: try context.requireViewer())
            return SeriesFormResponse(seriesID: pushed.seriesID, form: pushed.form)
        }
        group.get("series/:id/form") { _, context -> SeriesFormResponse in
            let id = try context.requireID("id", "series")
            return SeriesFormResponse(seriesID: id, form: try await self.forms.seriesForm(series: id, visibleTo: try context.requireViewer()))
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

    /// `?scope=session` saves only this session's copy; `series` (the default) saves the series'
    /// form when the session follows it. Anything else is a 422 naming the parameter.
    static func scope(_ request: Request) throws -> DraftScope {
        guard let text = request.uri.queryParameters.get("scope") else { return .series }
        guard let scope = DraftScope(rawValue: text) else {
            throw ValidationFailure(FieldProblem("scope", "must be series or session"))
        }
        return scope
    }

    private func response(_ form: StoredForm) -> FormResponse {
        FormResponse(form: form, publicBaseURL: self.publicBaseURL)
    }
}
