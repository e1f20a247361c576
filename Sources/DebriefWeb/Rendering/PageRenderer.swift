import Foundation
import Hummingbird
import Mustache

/// The page templates (`Web/Templates/*.mustache`, shipped in the binary), parsed once.
///
/// `{{name}}` escapes `& < > " '` for HTML, so participant text is safe in text and attribute
/// values alike; `{{{name}}}` is used only for markup this module built (the charts' SVG).
struct PageRenderer: Sendable {
    struct TemplateError: Error, CustomStringConvertible {
        var description: String
    }

    let library: MustacheLibrary
    /// The names of the templates found (file names without `.mustache`).
    let names: Set<String>

    /// The bundled templates, read and parsed on first use (at start-up: ``AppServices`` asks).
    static let bundled: Result<PageRenderer, TemplateError> = Result { try PageRenderer(directory: Self.templateDirectory()) }
        .mapError { TemplateError(description: "page templates: \($0)") }

    static func templateDirectory() throws -> URL {
        guard let url = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw TemplateError(description: "the Templates folder is missing from the bundle")
        }
        return url
    }

    init(directory: URL) throws {
        var library = MustacheLibrary()
        var names: Set<String> = []
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "mustache" {
            let name = file.deletingPathExtension().lastPathComponent
            do {
                try library.register(String(contentsOf: file, encoding: .utf8), named: name)
            } catch {
                throw TemplateError(description: "\(file.lastPathComponent): \(error)")
            }
            names.insert(name)
        }
        self.library = library
        self.names = names
    }

    /// `template` rendered with `context`; throws when there is no such template.
    func render(_ template: String, _ context: Any) throws -> String {
        guard self.names.contains(template), let html = self.library.render(context, withTemplate: template) else {
            throw TemplateError(description: "no template named \(template)")
        }
        return html
    }
}
