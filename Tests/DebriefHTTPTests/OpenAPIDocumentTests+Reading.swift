@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PQ
import Testing
import Yams

/// Reading the OpenAPI document for ``OpenAPIDocumentTests``: loading the joined document and its
/// parts, following `$ref`s, listing operations and examples, and matching a value to its schema.
extension OpenAPIDocumentTests {
    /// The joined document and every part, read once per process. Each test used to read them
    /// again, and the reference check read a part again for each reference to it: 19 s of one
    /// thread of Swift's cooperative pool (two threads on CI) without a suspension. With another
    /// such test on the other thread, the in-process servers of every other suite answered nothing
    /// and their clients gave up (`readTimeout` in the whole command, issue 69 goal 6).
    struct Reading: @unchecked Sendable {  // plain dictionaries, never changed once read
        /// The joined document as the server serves it.
        let text: String
        let document: [String: Any]
        /// Each `.yaml` file of the parts folder by its path relative to it.
        let parts: [String: [String: Any]]

        static let once = Result(catching: { try Reading() })

        init() throws {
            self.text = try OpenAPIBundler.bundle(root: OpenAPIDocumentTests.rootURL, kinds: OpenAPIController.kinds)
            self.document = try Self.mapping(self.text, "openapi.yaml")
            self.parts = try Dictionary(uniqueKeysWithValues: OpenAPIDocumentTests.partFiles().map { file in
                let url = OpenAPIDocumentTests.partsFolder.appendingPathComponent(file)
                return (file, try Self.mapping(try String(contentsOf: url, encoding: .utf8), file))
            })
        }

        static func mapping(_ yaml: String, _ name: String) throws -> [String: Any] {
            try #require(OpenAPIDocumentTests.plain(try Yams.load(yaml: yaml)) as? [String: Any], "\(name) is not a mapping")
        }
    }

    /// The joined document as plain dictionaries (string keys) and arrays.
    static func loadDocument() throws -> [String: Any] { try Reading.once.get().document }

    /// The joined document's text, as served.
    static func joinedText() throws -> String { try Reading.once.get().text }

    /// One part file (`paths/meetings.yaml`) as plain dictionaries and arrays; nil when there is none.
    static func loadPart(_ file: String) throws -> [String: Any]? { try Reading.once.get().parts[file] }

    /// Every `.yaml` file of the parts folder, relative to it, the root `openapi.yaml` included.
    static func partFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: Self.partsFolder.path).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    /// The part (relative to the parts folder) and the local reference (`#/schemas/Problem`, nil
    /// for the whole file) that `reference`, written in the part `file`, points to.
    static func split(_ reference: String, in file: String) -> (file: String, pointer: String?) {
        let pieces = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pointer = pieces.count > 1 ? "#" + (String(pieces[1]).removingPercentEncoding ?? "") : nil
        guard !pieces[0].isEmpty else { return (file, pointer) }
        let directory = Self.partsFolder.appendingPathComponent(file).deletingLastPathComponent()
        let target = URL(fileURLWithPath: String(pieces[0]), relativeTo: directory).standardizedFileURL.path
        let folder = Self.partsFolder.standardizedFileURL.path + "/"
        return (target.hasPrefix(folder) ? String(target.dropFirst(folder.count)) : target, pointer)
    }

    /// YAML mappings may have non-string keys (`200:`); make every key a string.
    static func plain(_ value: Any?) -> Any {
        switch value {
        case nil: return NSNull()
        case let mapping as [AnyHashable: Any]:
            return Dictionary(uniqueKeysWithValues: mapping.map { ("\($0.key.base)", Self.plain($0.value)) })
        case let sequence as [Any]:
            return sequence.map { Self.plain($0) }
        case let value?:
            return value
        }
    }

    /// `v1/meetings/{id}` for `/v1/meetings/:id/`, `v1/meetings/{id}` or `/v1/meetings/{id}`.
    static func normalize(_ path: String) -> String {
        path.split(separator: "/").map { component in
            component.hasPrefix(":") ? "{\(component.dropFirst())}" : String(component)
        }.joined(separator: "/")
    }

    static func templateNames(_ path: String) -> [String] {
        path.split(separator: "/").compactMap { component in
            component.hasPrefix("{") && component.hasSuffix("}") ? String(component.dropFirst().dropLast()) : nil
        }
    }

    static func parameterNames(_ parameters: Any?, in document: [String: Any]) -> Set<String> {
        let list = parameters as? [Any] ?? []
        return Set(list.compactMap { raw -> String? in
            guard let parameter = Self.resolved(raw, in: document) as? [String: Any], parameter["in"] as? String == "path"
            else { return nil }
            return parameter["name"] as? String
        })
    }

    /// Every operation with its endpoint and a label such as `POST /v1/accounts`.
    static func operations(in document: [String: Any]) -> [(label: String, endpoint: Endpoint, operation: [String: Any])] {
        let paths = document["paths"] as? [String: Any] ?? [:]
        return paths.sorted { $0.key < $1.key }.flatMap { path, item -> [(String, Endpoint, [String: Any])] in
            let item = item as? [String: Any] ?? [:]
            return Self.methods.compactMap { method in
                guard let operation = item[method] as? [String: Any] else { return nil }
                return ("\(method.uppercased()) \(path)", Endpoint(method: method.uppercased(), path: Self.normalize(path)), operation)
            }
        }
    }

    /// Operations of the `Pages` tag: HTML for people, not JSON for programs.
    static func isPage(_ operation: [String: Any]) -> Bool {
        (operation["tags"] as? [Any] ?? []).contains { $0 as? String == "Pages" }
    }

    static func content(of body: [String: Any]) -> [String: [String: Any]] {
        (body["content"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }
    }

    /// The media type's `example`, and the `value` of each of its `examples` (refs followed).
    static func examples(of media: [String: Any], in document: [String: Any]) -> [(name: String, value: Any)] {
        var result: [(String, Any)] = []
        if let example = media["example"] { result.append(("example", example)) }
        for (name, raw) in (media["examples"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let value = (Self.resolved(raw, in: document) as? [String: Any])?["value"] { result.append((name, value)) }
        }
        return result
    }

    /// Every `$ref` (and discriminator mapping target) below `value`, with where it is.
    static func references(in value: Any, at location: String) -> [(location: String, reference: String)] {
        if let list = value as? [Any] {
            return list.enumerated().flatMap { Self.references(in: $0.element, at: "\(location)/\($0.offset)") }
        }
        guard let mapping = value as? [String: Any] else { return [] }
        var result: [(String, String)] = []
        if let reference = mapping["$ref"] as? String { result.append((location, reference)) }
        if let discriminator = mapping["discriminator"] as? [String: Any],
            let targets = discriminator["mapping"] as? [String: Any]
        {
            for (key, target) in targets {
                result.append(("\(location)/discriminator/mapping/\(key)", target as? String ?? "\(target)"))
            }
        }
        for (key, child) in mapping.sorted(by: { $0.key < $1.key }) {
            result += Self.references(in: child, at: "\(location)/\(key)")
        }
        return result
    }

    /// The value a local reference (`#/components/schemas/Problem`) points to, or nil.
    static func resolve(_ reference: String, in document: [String: Any]) -> Any? {
        guard reference.hasPrefix("#/") else { return nil }
        var current: Any = document
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let mapping = current as? [String: Any], let next = mapping[key] {
                current = next
            } else if let list = current as? [Any], let index = Int(key), list.indices.contains(index) {
                current = list[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// `value` itself, or what it points to when it is a `{$ref: …}` (followed repeatedly).
    static func resolved(_ value: Any?, in document: [String: Any]) -> Any? {
        var current = value
        for _ in 0..<16 {
            guard let reference = (current as? [String: Any])?["$ref"] as? String else { return current }
            current = Self.resolve(reference, in: document)
        }
        return nil
    }

    // MARK: - A light schema check

    /// Where `value` breaks `schema`: missing required keys, wrong JSON types, values outside
    /// `enum`/`const`, following `$ref`, `allOf`, `oneOf`/`anyOf` (by discriminator when there is
    /// one), `properties` and `items`.
    static func mismatches(_ value: Any, _ schema: Any, at location: String, in document: [String: Any], depth: Int = 0)
        -> [String]
    {
        guard depth < 64, let schema = schema as? [String: Any] else { return [] }
        var problems: [String] = []
        if let reference = schema["$ref"] as? String {
            guard let target = Self.resolve(reference, in: document) else { return ["\(location): $ref \(reference) does not resolve"] }
            problems += Self.mismatches(value, target, at: location, in: document, depth: depth + 1)
        }
        for part in schema["allOf"] as? [Any] ?? [] {
            problems += Self.mismatches(value, part, at: location, in: document, depth: depth + 1)
        }
        if let choices = (schema["oneOf"] ?? schema["anyOf"]) as? [Any] {
            problems += Self.choiceMismatches(value, choices, schema["discriminator"], at: location, in: document, depth: depth)
        }
        if let types = Self.typeNames(schema["type"]), !types.contains(where: { Self.has(value, type: $0) }) {
            problems.append("\(location): expected \(types.joined(separator: " or ")), found \(Self.jsonType(of: value))")
            return problems
        }
        if let constant = schema["const"], !Self.same(value, constant) {
            problems.append("\(location): expected \(constant), found \(value)")
        }
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { Self.same(value, $0) }) {
            problems.append("\(location): \(value) is not one of \(allowed)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [Any] ?? [] {
                if let key = key as? String, object[key] == nil { problems.append("\(location): missing required key \(key)") }
            }
            for (key, propertySchema) in schema["properties"] as? [String: Any] ?? [:] {
                if let member = object[key] {
                    problems += Self.mismatches(member, propertySchema, at: "\(location).\(key)", in: document, depth: depth + 1)
                }
            }
        }
        if let list = value as? [Any], let items = schema["items"] {
            for (index, element) in list.enumerated() {
                problems += Self.mismatches(element, items, at: "\(location)[\(index)]", in: document, depth: depth + 1)
            }
        }
        return problems
    }

    private static func choiceMismatches(
        _ value: Any, _ choices: [Any], _ discriminator: Any?, at location: String, in document: [String: Any], depth: Int
    ) -> [String] {
        if let discriminator = discriminator as? [String: Any], let property = discriminator["propertyName"] as? String {
            guard let tag = (value as? [String: Any])?[property] as? String else {
                return ["\(location): missing discriminator \(property)"]
            }
            let mapping = discriminator["mapping"] as? [String: Any] ?? [:]
            var target: Any? = nil
            if let reference = mapping[tag] {
                target = ["$ref": reference] as [String: Any]
            } else {
                target = choices.first { choice in
                    let properties = (Self.resolved(choice, in: document) as? [String: Any])?["properties"] as? [String: Any]
                    let tagSchema = properties?[property] as? [String: Any] ?? [:]
                    let allowed = tagSchema["enum"] as? [Any] ?? []
                    return tagSchema["const"] as? String == tag || allowed.contains { Self.same(tag, $0) }
                }
            }
            guard let target else { return ["\(location): \(property) \(tag) matches no alternative"] }
            return Self.mismatches(value, target, at: location, in: document, depth: depth + 1)
        }
        var firstProblems: [String] = []
        for choice in choices {
            let problems = Self.mismatches(value, choice, at: location, in: document, depth: depth + 1)
            if problems.isEmpty { return [] }
            if firstProblems.isEmpty { firstProblems = problems }
        }
        return ["\(location): matches none of the alternatives, e.g."] + firstProblems
    }

    private static func typeNames(_ type: Any?) -> [String]? {
        if let name = type as? String { return [name] }
        return (type as? [Any])?.compactMap { $0 as? String }
    }

    private static func has(_ value: Any, type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "boolean": return value is Bool
        case "integer": return value is Int
        case "number": return value is Int || value is Double
        case "string": return value is String
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return true
        }
    }

    private static func jsonType(of value: Any) -> String {
        for type in ["null", "boolean", "integer", "number", "string", "array", "object"] where Self.has(value, type: type) {
            return type
        }
        return "\(Swift.type(of: value))"
    }

    private static func same(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case let (lhs as Bool, rhs as Bool): return lhs == rhs
        case let (lhs as Int, rhs as Int): return lhs == rhs
        case let (lhs as String, rhs as String): return lhs == rhs
        case (is NSNull, is NSNull): return true
        default: return false
        }
    }
}
