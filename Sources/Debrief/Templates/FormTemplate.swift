import Foundation

/// A form to start from: one of the built-in library (``BuiltInTemplates``), or a form a host
/// saved for themselves or an admin saved for the whole installation.
///
/// A template holds the form's questions, settings and translations, never a date: its close time
/// is dropped when it is saved, so a session started from it is not handed a past deadline
/// (the series' own close rule, relative to each session, applies; docs/decisions/0076).
public struct FormTemplate: Sendable, Equatable {
    public var id: FormTemplateID
    public var name: String
    public var scope: FormTemplateScope
    public var form: FormDefinition
    /// When it was saved; nil for a built-in template.
    public var createdAt: Date?

    public init(id: FormTemplateID, name: String, scope: FormTemplateScope, form: FormDefinition, createdAt: Date? = nil) {
        self.id = id
        self.name = name
        self.scope = scope
        self.form = form
        self.createdAt = createdAt
    }
}

/// Who a template is for, which is also who may see it: everyone (built in, or saved by an admin
/// for the installation) or the host who saved it.
public enum FormTemplateScope: String, Sendable, Equatable, CaseIterable {
    case builtIn
    case installation
    case account
}

/// A template's id as the API writes it: a built-in template's slug (`team-health-check`) or a
/// saved template's UUID. The two cannot be confused: no slug parses as a UUID.
public enum FormTemplateID: Sendable, Hashable, CustomStringConvertible {
    case builtIn(String)
    case saved(UUID)

    /// The id `text` names, or nil when it is neither a UUID nor a built-in template's slug.
    public init?(_ text: String) {
        if let uuid = UUID(uuidString: text) {
            self = .saved(uuid)
        } else if BuiltInTemplates.template(slug: text) != nil {
            self = .builtIn(text)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .builtIn(let slug): slug
        case .saved(let id): id.lowercasedText
        }
    }
}
