import Foundation
import Yams

/// The question kinds' parts of the document (docs/decisions/0065): each registered kind keeps
/// what the API says about it in one file, `components/kinds/<kind>.yaml`, and the shared parts
/// name no kind. Where a shared schema lists every kind (the `kind` enums, the `Question` union)
/// or holds members of one kind only (a flat input's fields, a result's extras), it holds a marker
/// instead, `x-each-kind: SLOT`, which the bundler replaces by what each kind's file holds under
/// SLOT, in the registry's order:
///
/// - in a mapping, the marker's entries join the mapping where the marker stands (a member the
///   mapping or an earlier kind already has is refused: one owner per member);
/// - in a sequence, an item `{x-each-kind: SLOT}` becomes the slot's items (or its one value).
///
/// Three slots are built rather than written: `name` is the kind's name (the `kind` enums),
/// `components` names each schema of the file's `schemas` (the root's `components`), and
/// `mapping:SLOT` maps the kind's name to the reference its SLOT holds (a discriminator's mapping).
/// References in a kind's file are relative to that file, wherever its entries land.
extension OpenAPIBundler {
    /// The marker's key.
    static let eachKind = "x-each-kind"

    /// The slot a sequence item `{x-each-kind: SLOT}` stands for.
    private static func kindSlot(_ node: Node) -> String? {
        guard let mapping = node.mapping, mapping.count == 1, mapping.first?.key.string == Self.eachKind else { return nil }
        return mapping.first?.value.string
    }

    /// The file of `kind`'s part.
    func kindFile(_ kind: String) -> String {
        URL(fileURLWithPath: self.kindsFolder).appendingPathComponent("\(kind).yaml").standardizedFileURL.path
    }

    /// `node` (read from `file`) with every marker replaced by the kinds' entries.
    mutating func expandingKinds(_ node: Node, in file: String) throws -> Node {
        switch node {
        case .scalar, .alias:
            return node
        case .sequence(let sequence):
            var elements: [Node] = []
            for element in sequence {
                guard let slot = Self.kindSlot(element) else {
                    elements.append(try self.expandingKinds(element, in: file))
                    continue
                }
                for kind in self.kinds {
                    guard let value = try self.kindSlot(slot, of: kind) else { continue }
                    elements.append(contentsOf: value.sequence.map(Array.init) ?? [value])
                }
            }
            return .sequence(Node.Sequence(elements, sequence.tag, sequence.style))
        case .mapping(let mapping):
            var pairs: [(Node, Node)] = []
            for (key, value) in mapping {
                guard key.string == Self.eachKind else {
                    pairs.append((key, try self.expandingKinds(value, in: file)))
                    continue
                }
                guard let slot = value.string else { throw Failure(file: file, problem: "\(Self.eachKind) names no slot") }
                for kind in self.kinds {
                    guard let part = try self.kindSlot(slot, of: kind) else { continue }
                    guard let entries = part.mapping else {
                        throw Failure(file: self.kindFile(kind), problem: "\(slot) is not a mapping")
                    }
                    for (name, entry) in entries {
                        let text = name.string ?? ""
                        if pairs.contains(where: { $0.0.string == text }) || mapping.contains(where: { $0.key.string == text }) {
                            throw Failure(file: self.kindFile(kind), problem: "\(slot) names \(text), which \(file) or an earlier kind has")
                        }
                        pairs.append((name, entry))
                    }
                }
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style))
        }
    }

    /// What `kind`'s file holds under `slot` (nil when it has nothing there), its references made
    /// absolute so they keep pointing where they did in the kind's file.
    private mutating func kindSlot(_ slot: String, of kind: String) throws -> Node? {
        let file = self.kindFile(kind)
        if slot == "name" { return Node(kind) }
        guard let part = try self.load(file).mapping else { throw Failure(file: file, problem: "not a mapping") }
        if slot == "components" {
            guard let schemas = part.first(where: { $0.key.string == "schemas" })?.value.mapping else { return nil }
            let named: [(Node, Node)] = schemas.compactMap { name, _ in
                name.string.map { (name, .mapping(Node.Mapping([(Node("$ref"), Node("\(file)#/schemas/\(Self.escape($0))"))]))) }
            }
            return .mapping(Node.Mapping(named))
        }
        if slot.hasPrefix("mapping:") {
            let inner = String(slot.dropFirst("mapping:".count))
            guard let value = try self.kindSlot(inner, of: kind) else { return nil }
            guard let reference = value.mapping?.first(where: { $0.key.string == "$ref" })?.value.string else {
                throw Failure(file: file, problem: "\(inner) is not a $ref, which \(slot) maps to")
            }
            return .mapping(Node.Mapping([(Node(kind), Node(reference))]))
        }
        guard let value = part.first(where: { $0.key.string == slot })?.value else { return nil }
        return try self.absolute(value, in: file)
    }

    /// `node` from `file` with each `$ref` written as an absolute path and pointer.
    private func absolute(_ node: Node, in file: String) throws -> Node {
        switch node {
        case .scalar, .alias:
            return node
        case .sequence(let sequence):
            return .sequence(Node.Sequence(try sequence.map { try self.absolute($0, in: file) }, sequence.tag, sequence.style))
        case .mapping(let mapping):
            var pairs: [(Node, Node)] = []
            for (key, value) in mapping {
                if key.string == "$ref", let reference = value.string {
                    let target = try self.target(of: reference, in: file)
                    let text = target.pointer.isEmpty ? target.file : "\(target.file)#\(target.pointer)"
                    pairs.append((key, Self.replacing(value, with: text)))
                } else {
                    pairs.append((key, try self.absolute(value, in: file)))
                }
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style))
        }
    }
}
