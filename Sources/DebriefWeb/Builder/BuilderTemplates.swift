import Debrief
import Foundation

/// The builder's templates block (docs/decisions/0076-form-templates.md): start the draft from a
/// template (the built-in library, the installation's, the host's own), or save the current form
/// as one. The choices come from ``FormActions/templates(for:)``; what a host may pick or save is
/// decided there, never here.
struct BuilderTemplates {
    struct Option {
        var value: String
        var label: String
    }

    var startAction: String
    var saveAction: String
    var options: [Option]
    /// Only a form that exists can be saved as a template.
    var canSave: Bool
    /// An admin may save for every host of the installation.
    var canSaveForInstallation: Bool
    /// The problem with the name (or scope) last posted, shown beside it.
    var nameError: String?

    init(
        meeting: Meeting, templates: [FormTemplate], hasForm: Bool, viewer: Viewer, failure: ValidationFailure?, language: Language
    ) {
        let t = Localizer(language)
        let id = meeting.id.lowercasedText
        self.startAction = "/m/\(id)/form/template"
        self.saveAction = "/m/\(id)/form/save-template"
        self.options = templates.map { Option(value: $0.id.description, label: Self.label($0, t)) }
        self.canSave = hasForm
        self.canSaveForInstallation = viewer.isAdmin
        self.nameError = failure?.problems.first { $0.path == "templateName" || $0.path == "templateScope" }?.message
    }

    /// "Retrospective · built in": a built-in template named in the page's language, a saved one
    /// as its host named it, and whose it is.
    static func label(_ template: FormTemplate, _ t: Localizer) -> String {
        let whose: TemplatePhrase =
            switch template.scope {
            case .builtIn: .templateBuiltIn
            case .installation: .templateInstallation
            case .account: .templateOwn
            }
        let localized = template.scope == .builtIn
            ? LanguageTag(rawValue: t.language.rawValue).flatMap { template.form.translations[$0]?.title } : nil
        return (localized ?? template.name) + " · " + t(whose)
    }
}
