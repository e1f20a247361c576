import Foundation
import Yams

/// Joins an OpenAPI document kept in parts into one document.
///
/// The document is written as a root file whose path items and components are `$ref`s into part
/// files (`paths/<area>.yaml#/~1v1~1meetings`, `components/<area>.yaml#/schemas/Meeting`), and the
/// parts refer to each other with relative references, so any multi-file OpenAPI tool reads them.
/// Clients expect one self-contained document, so this inlines every external reference and turns
/// each reference to a component the root names back into `#/components/<kind>/<Name>`: the result
/// is the document as if it had been written in one file, keys in the order the files give them.
public struct OpenAPIBundler {
    /// Why the parts could not be joined, with the file and the reference at fault.
    public struct Failure: Error, CustomStringConvertible {
        public var file: String
        public var problem: String
        public var description: String { "\(self.file): \(self.problem)" }
    }

    /// Where a reference points: a file (an absolute, standardized path) and a JSON pointer in it.
    struct Target: Hashable, CustomStringConvertible {
        var file: String
        var pointer: String
        var description: String { "\(self.file)#\(self.pointer)" }
    }

    /// The root file, absolute and standardized: references into it stay internal.
    private let root: String
    /// The question kinds' names in the registry's order, each with its part in ``kindsFolder``
    /// (`OpenAPIBundler+Kinds.swift`).
    let kinds: [String]
    /// `components/kinds` beside the root.
    let kindsFolder: String
    /// Every file read so far, so a part that many references point into is parsed once.
    private var files: [String: Node] = [:]
    /// Each component the root names, by where its definition lives, mapped to its internal reference.
    private var components: [Target: String] = [:]

    private init(root: URL, kinds: [String]) {
        self.root = root.standardizedFileURL.path
        self.kinds = kinds
        self.kindsFolder = root.deletingLastPathComponent().appendingPathComponent("components/kinds").standardizedFileURL.path
    }

    /// The document whose root file is `root`, joined and written as YAML: lines are not
    /// rewrapped and non-ASCII text (`…`, Korean examples) is written as it is, not escaped.
    /// `kinds` are the registered question kinds' names in order, each of which has its part
    /// `components/kinds/<kind>.yaml` (a missing one is a failure).
    public static func bundle(root: URL, kinds: [String]) throws -> String {
        var bundler = OpenAPIBundler(root: root, kinds: kinds)
        return try Yams.serialize(node: try bundler.bundled(), width: -1, allowUnicode: true)
    }

    // MARK: - Joining

    private mutating func bundled() throws -> Node {
        guard let document = try self.load(self.root).mapping else {
            throw Failure(file: self.root, problem: "the root is not a mapping")
        }
        try self.collectComponents(of: document)
        var pairs: [(Node, Node)] = []
        for (key, value) in document {
            if key.string == "components", let components = value.mapping {
                pairs.append((key, try self.inlineComponents(components)))
            } else {
                pairs.append((key, try self.resolve(value, in: self.root, visiting: [])))
            }
        }
        return .mapping(Node.Mapping(pairs, document.tag, document.style))
    }

    /// Records where each component the root names is defined, so references to it can point
    /// to `#/components/<kind>/<Name>` instead of being copied at every use.
    private mutating func collectComponents(of document: Node.Mapping) throws {
        guard let components = Self.value(for: "components", in: document)?.mapping else { return }
        for (kindKey, kindValue) in components {
            guard let kind = kindKey.string, let entries = kindValue.mapping else { continue }
            for (nameKey, entry) in entries {
                guard let name = nameKey.string, let reference = Self.externalReference(entry) else { continue }
                let target = try self.target(of: reference, in: self.root)
                let replacement = "#/components/\(Self.escape(kind))/\(Self.escape(name))"
                if let other = self.components[target] {
                    throw Failure(file: self.root, problem: "\(replacement) and \(other) both name \(target)")
                }
                self.components[target] = replacement
            }
        }
    }

    /// The root's `components`, each entry that refers into a part replaced by its definition.
    private mutating func inlineComponents(_ components: Node.Mapping) throws -> Node {
        var kinds: [(Node, Node)] = []
        for (kindKey, kindValue) in components {
            guard let entries = kindValue.mapping else {
                kinds.append((kindKey, try self.resolve(kindValue, in: self.root, visiting: [])))
                continue
            }
            var definitions: [(Node, Node)] = []
            for (nameKey, entry) in entries {
                if let reference = Self.externalReference(entry) {
                    let target = try self.target(of: reference, in: self.root)
                    let definition = try self.node(at: target)
                    definitions.append((nameKey, try self.resolve(definition, in: target.file, visiting: [target])))
                } else {
                    definitions.append((nameKey, try self.resolve(entry, in: self.root, visiting: [])))
                }
            }
            kinds.append((kindKey, .mapping(Node.Mapping(definitions, entries.tag, entries.style))))
        }
        return .mapping(Node.Mapping(kinds, components.tag, components.style))
    }

    /// `node` (read from `file`) with every external reference inlined or made internal.
    /// `visiting` holds the references being inlined around it, to refuse a cycle.
    private mutating func resolve(_ node: Node, in file: String, visiting: [Target]) throws -> Node {
        switch node {
        case .scalar, .alias:
            return node
        case .sequence(let sequence):
            let elements = try sequence.map { try self.resolve($0, in: file, visiting: visiting) }
            return .sequence(Node.Sequence(elements, sequence.tag, sequence.style))
        case .mapping(let mapping):
            return try self.resolve(mapping, in: file, visiting: visiting)
        }
    }

    private mutating func resolve(_ mapping: Node.Mapping, in file: String, visiting: [Target]) throws -> Node {
        var replacement: String? = nil
        if let reference = Self.value(for: "$ref", in: mapping)?.string {
            replacement = try self.internalReference(reference, in: file)
            if replacement == nil {
                let target = try self.target(of: reference, in: file)
                guard mapping.count == 1 else {
                    throw Failure(file: file, problem: "$ref \(reference) has sibling keys, which inlining would drop")
                }
                guard !visiting.contains(target) else {
                    throw Failure(file: file, problem: "$ref \(reference) refers to itself through \(visiting)")
                }
                return try self.resolve(try self.node(at: target), in: target.file, visiting: visiting + [target])
            }
        }
        var pairs: [(Node, Node)] = []
        for (key, value) in mapping {
            switch key.string {
            case "$ref":
                pairs.append((key, replacement.map { Self.replacing(value, with: $0) } ?? value))
            case "discriminator":
                pairs.append((key, try self.discriminator(value, in: file, visiting: visiting)))
            default:
                pairs.append((key, try self.resolve(value, in: file, visiting: visiting)))
            }
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style))
    }

    /// A discriminator whose `mapping` values (references to schemas) point into the joined
    /// document; a schema name (no `#`) stays as it is.
    private mutating func discriminator(_ node: Node, in file: String, visiting: [Target]) throws -> Node {
        guard let discriminator = node.mapping else { return try self.resolve(node, in: file, visiting: visiting) }
        var pairs: [(Node, Node)] = []
        for (key, value) in discriminator {
            guard key.string == "mapping", let targets = value.mapping else {
                pairs.append((key, try self.resolve(value, in: file, visiting: visiting)))
                continue
            }
            var mapped: [(Node, Node)] = []
            for (tag, reference) in targets {
                guard let text = reference.string, text.contains("#") else {
                    mapped.append((tag, try self.resolve(reference, in: file, visiting: visiting)))
                    continue
                }
                guard let replacement = try self.internalReference(text, in: file) else {
                    throw Failure(file: file, problem: "discriminator mapping \(text) names no component")
                }
                mapped.append((tag, Self.replacing(reference, with: replacement)))
            }
            pairs.append((key, .mapping(Node.Mapping(mapped, targets.tag, targets.style))))
        }
        return .mapping(Node.Mapping(pairs, discriminator.tag, discriminator.style))
    }

    /// The reference to use in the joined document for `reference` (written in `file`), when it
    /// stays a reference: a component the root names, or a place in the root itself.
    private func internalReference(_ reference: String, in file: String) throws -> String? {
        if file == self.root, reference.hasPrefix("#") { return reference }
        let target = try self.target(of: reference, in: file)
        if let replacement = self.components[target] { return replacement }
        return target.file == self.root ? "#\(target.pointer)" : nil
    }

    // MARK: - Files and pointers

    /// Where `reference`, written in `file`, points. Only relative file references (and
    /// fragments) are followed; the parts never fetch anything.
    func target(of reference: String, in file: String) throws -> Target {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let location = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        guard !location.contains(":") else {
            throw Failure(file: file, problem: "$ref \(reference) is not a relative file reference")
        }
        guard let pointer = fragment.removingPercentEncoding else {
            throw Failure(file: file, problem: "$ref \(reference) has a malformed fragment")
        }
        guard pointer.isEmpty || pointer.hasPrefix("/") else {
            throw Failure(file: file, problem: "$ref \(reference) is not a JSON pointer")
        }
        guard !location.isEmpty else { return Target(file: file, pointer: pointer) }
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        let path = URL(fileURLWithPath: location, relativeTo: directory).standardizedFileURL.path
        return Target(file: path, pointer: pointer)
    }

    /// The node a target points to (RFC 6901: `~1` is `/`, `~0` is `~`).
    private mutating func node(at target: Target) throws -> Node {
        var current = try self.load(target.file)
        guard !target.pointer.isEmpty else { return current }
        for token in target.pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let mapping = current.mapping, let next = Self.value(for: key, in: mapping) {
                current = next
            } else if let sequence = current.sequence, let index = Int(key), sequence.indices.contains(index) {
                current = sequence[index]
            } else {
                throw Failure(file: target.file, problem: "#\(target.pointer) does not exist (no \(key))")
            }
        }
        return current
    }

    /// The parsed file at `path`, read once, its `x-each-kind` markers replaced (a kind's own
    /// part holds none).
    mutating func load(_ path: String) throws -> Node {
        if let node = self.files[path] { return node }
        let parsed: Node?
        do {
            parsed = try Yams.compose(yaml: try String(contentsOfFile: path, encoding: .utf8))
        } catch {
            throw Failure(file: path, problem: "cannot be read as YAML: \(error)")
        }
        guard var node = parsed else { throw Failure(file: path, problem: "the file is empty") }
        if URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path != self.kindsFolder {
            node = try self.expandingKinds(node, in: path)
        }
        self.files[path] = node
        return node
    }

    // MARK: - Helpers

    /// The value of `key` in `mapping`, comparing key text only (`'200'` and `200` alike).
    private static func value(for key: String, in mapping: Node.Mapping) -> Node? {
        mapping.first { $0.key.string == key }?.value
    }

    /// The `$ref` of a mapping that is nothing but a reference into another file.
    private static func externalReference(_ node: Node) -> String? {
        guard let mapping = node.mapping, mapping.count == 1,
            let reference = Self.value(for: "$ref", in: mapping)?.string, !reference.hasPrefix("#")
        else { return nil }
        return reference
    }

    /// A scalar with new text, in the style (quoting) of the one it replaces.
    static func replacing(_ node: Node, with text: String) -> Node {
        guard let scalar = node.scalar else { return Node(text) }
        return .scalar(Node.Scalar(text, scalar.tag, scalar.style))
    }

    /// A JSON pointer token for `name` (RFC 6901).
    static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
