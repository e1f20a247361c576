@testable import DebriefHTTP
import Foundation
import Testing

/// The JSON request bodies the document describes are the ones the server decodes: the server
/// refuses every member it does not read (`KnownMembers`: 422 `is not a known field`), so every
/// object a JSON body may hold says `additionalProperties: false` — or, for a map (translations
/// by language, labels by option id), describes its values. Found by schemathesis: a schema that
/// allowed unknown members made generated clients and fuzzers send bodies the server refused
/// (`CalendarSeriesInput`).
@Suite("OpenAPI request bodies")
struct OpenAPIRequestBodyTests {
    @Test func everyObjectOfAJSONBodyRefusesUnknownMembers() throws {
        let document = try OpenAPIDocumentTests.loadDocument()
        var open: Set<String> = []
        var checked = 0
        for (label, _, operation) in OpenAPIDocumentTests.operations(in: document) {
            guard let body = OpenAPIDocumentTests.resolved(operation["requestBody"], in: document) as? [String: Any],
                let schema = OpenAPIDocumentTests.content(of: body)["application/json"]?["schema"]
            else { continue }
            checked += 1
            var seen: Set<String> = []
            Self.openObjects(schema, at: label, in: document, seen: &seen, into: &open)
        }
        #expect(checked > 20, "only \(checked) operations take JSON")
        #expect(open.isEmpty, "objects that allow members the server refuses:\n\(open.sorted().joined(separator: "\n"))")
    }

    /// Each object schema below `schema` that neither sets `additionalProperties: false` nor
    /// describes a map, named by its reference (or its place when inline).
    static func openObjects(_ schema: Any, at place: String, in document: [String: Any], seen: inout Set<String>, into open: inout Set<String>) {
        var place = place
        if let reference = (schema as? [String: Any])?["$ref"] as? String {
            guard seen.insert(reference).inserted else { return }
            place = reference
        }
        guard let schema = OpenAPIDocumentTests.resolved(schema, in: document) as? [String: Any] else { return }
        let types = schema["type"] as? [String] ?? (schema["type"] as? String).map { [$0] } ?? []
        let properties = schema["properties"] as? [String: Any] ?? [:]
        let extra = schema["additionalProperties"]
        // A branch of a combinator is checked on its own; `allOf` would need `unevaluatedProperties`.
        if types.contains("object") || !properties.isEmpty, schema["allOf"] == nil {
            let closed = (extra as? Bool) == false
            let map = extra is [String: Any] && properties.isEmpty
            if !closed && !map { open.insert(place) }
        }
        for (name, member) in properties { Self.openObjects(member, at: "\(place).\(name)", in: document, seen: &seen, into: &open) }
        for key in ["items", "additionalProperties"] {
            if let child = schema[key] as? [String: Any] { Self.openObjects(child, at: "\(place).\(key)", in: document, seen: &seen, into: &open) }
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            for (index, branch) in (schema[key] as? [Any] ?? []).enumerated() {
                Self.openObjects(branch, at: "\(place).\(key)[\(index)]", in: document, seen: &seen, into: &open)
            }
        }
    }
}
