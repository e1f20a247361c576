import Debrief
import Foundation
import Hummingbird

/// One template in the list: what a host picks by, without the form itself (a list of 200 saved
/// forms would be large): `{"id","name","scope","title","questionCount","languages","createdAt"?}`.
struct TemplateSummaryResponse: ResponseEncodable {
    var id: String
    var name: String
    var scope: String
    var title: String
    var questionCount: Int
    /// The form's own language first, then its translations', as tags.
    var languages: [String]
    var createdAt: Date?

    init(_ template: FormTemplate) {
        self.id = template.id.description
        self.name = template.name
        self.scope = template.scope.rawValue
        self.title = template.form.title
        self.questionCount = template.form.questions.count
        self.languages = [template.form.language.rawValue] + template.form.translations.keys.map(\.rawValue).sorted()
        self.createdAt = template.createdAt
    }
}

/// `GET /v1/templates`: `{"items":[summary]}`, the built-in library first.
struct TemplateList: ResponseEncodable {
    var items: [TemplateSummaryResponse]
}

/// One template with its form (the API's form shape, translations included).
struct TemplateResponse: ResponseEncodable {
    var summary: TemplateSummaryResponse
    var form: FormDefinition

    init(_ template: FormTemplate) {
        self.summary = TemplateSummaryResponse(template)
        self.form = template.form
    }

    private enum CodingKeys: String, CodingKey { case form }

    func encode(to encoder: any Encoder) throws {
        try self.summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.form, forKey: .form)
    }
}

/// The body of `POST /v1/meetings/{id}/form/from-template`: `{"templateId", "scope"?}`.
struct StartFromTemplateInput: Decodable {
    var templateId: String?
    /// `series` (default) or `session`, as `PUT …/form?scope=` says.
    var scope: String?

    /// The template's id as sent (an unknown one is a 404 later) and the scope, or the problems.
    func validate() -> Result<(String, DraftScope), ValidationFailure> {
        var problems = ProblemCollector()
        let id = problems.requiredText(self.templateId, at: "templateId", maxLength: 64)
        var scope = DraftScope.series
        if let text = self.scope {
            if let parsed = DraftScope(rawValue: text) { scope = parsed } else { problems.add("scope", "must be series or session") }
        }
        return problems.result { id.map { ($0, scope) } }
    }
}
