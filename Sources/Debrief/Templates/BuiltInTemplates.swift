import Foundation

/// The library every host starts from: five forms in English with their Korean translation,
/// written in the API's form shape (what the builder exports and imports) so that a host can read
/// one and a test can hold each to the rules of any form (`BuiltInTemplateTests`: valid, and
/// nothing left untranslated).
///
/// They live in the code rather than in the database: they change with a release, as the pages'
/// words do, and no migration has to rewrite a host's saved templates when one is improved.
public enum BuiltInTemplates {
    /// The library, in the order hosts see it.
    public static let all: [FormTemplate] = BuiltInTemplateTexts.all.compactMap { slug, name, json in
        guard let input = try? JSONCoding.decoder.decode(FormInput.self, from: Data(json.utf8)),
              case .success(let form) = input.validate()
        else { return nil }
        return FormTemplate(id: .builtIn(slug), name: name, scope: .builtIn, form: form)
    }

    /// The built-in template with `slug`, if any.
    public static func template(slug: String) -> FormTemplate? {
        all.first { $0.id == .builtIn(slug) }
    }
}
