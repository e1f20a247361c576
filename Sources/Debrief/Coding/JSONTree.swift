import Foundation

/// A JSON document read by ``JSONScanner`` into values, for a reader that must see all of a body
/// before it can say what is wrong with it: the submission's general path (decision 89), which
/// names a problem by the member a type reads first, not by where it stands in the text.
///
/// Every JSON request body is read by it first (`Request.decodeJSON`, which lists the members from
/// it), so that no decoder meets a body this reader refuses. Reading checks, in this order: RFC 8259
/// syntax and at most ``maxDepth`` levels of nesting (the first fault in the text decides). It
/// also notes the first value `JSONDecoder` cannot represent (a string
/// that is not Unicode, a number that is not a whole `Int64`), with its path as written: the
/// member named when a read of such a string fails.
public indirect enum JSONTree {
    case object([Member])
    case array([JSONTree])
    /// Nil when the string is well-formed JSON but not Unicode (no decoder can hold it).
    case string(String?)
    case number(Number)
    case bool(Bool)
    case null

    /// An object member, in text order; `name` is nil when it is not Unicode.
    public struct Member {
        public let name: String?
        public let value: JSONTree
    }

    /// A number as written.
    public struct Number {
        public let text: String
        /// No fraction and no exponent.
        public let isIntegral: Bool
    }

    public static let maxDepth = 64

    /// Why a body is no JSON document at all.
    public enum Refusal: Error, Equatable {
        case malformed
        case tooDeep
    }

    /// The document `bytes` spell and the first value `JSONDecoder` cannot represent (its path as
    /// `questions[2].label` and what is wrong), or why there is none.
    public static func read(_ bytes: UnsafeRawBufferPointer) throws(Refusal) -> (tree: JSONTree, unrepresentable: FieldProblem?) {
        var reader = Reader(scanner: JSONScanner(bytes))
        let tree = try reader.value(depth: 0)
        reader.scanner.skipWhitespace()
        guard reader.scanner.isAtEnd else { throw .malformed }
        return (tree, reader.unrepresentable)
    }

    /// As above, for bytes in an array.
    public static func read(_ bytes: [UInt8]) throws(Refusal) -> (tree: JSONTree, unrepresentable: FieldProblem?) {
        try bytes.withUnsafeBytes { raw in Result { () throws(Refusal) in try Self.read(raw) } }.get()
    }

    private struct Reader {
        var scanner: JSONScanner
        /// Where the reader is, with names as written (as the structure check names them).
        var path: [PathPart] = []
        var unrepresentable: FieldProblem?

        mutating func value(depth: Int) throws(Refusal) -> JSONTree {
            self.scanner.skipWhitespace()
            switch self.scanner.peek() {
            case UInt8(ascii: "{"): return try self.object(depth: depth + 1)
            case UInt8(ascii: "["): return try self.array(depth: depth + 1)
            case UInt8(ascii: "\""):
                guard let token = self.scanner.string() else { throw .malformed }
                guard token.isUnicode else {
                    self.record("must be valid Unicode text")
                    return .string(nil)
                }
                return .string(self.scanner.text(token))
            case UInt8(ascii: "t"):
                guard self.scanner.take("true") else { throw .malformed }
                return .bool(true)
            case UInt8(ascii: "f"):
                guard self.scanner.take("false") else { throw .malformed }
                return .bool(false)
            case UInt8(ascii: "n"):
                guard self.scanner.take("null") else { throw .malformed }
                return .null
            default:
                return .number(try self.number())
            }
        }

        mutating func object(depth: Int) throws(Refusal) -> JSONTree {
            guard depth <= JSONTree.maxDepth else { throw .tooDeep }
            self.scanner.index += 1
            self.scanner.skipWhitespace()
            var members: [Member] = []
            if self.scanner.take(UInt8(ascii: "}")) { return .object(members) }
            while true {
                self.scanner.skipWhitespace()
                guard let name = self.scanner.string() else { throw .malformed }
                self.scanner.skipWhitespace()
                guard self.scanner.take(UInt8(ascii: ":")) else { throw .malformed }
                self.path.append(.key(String(decoding: UnsafeRawBufferPointer(rebasing: self.scanner.bytes[name.content]), as: UTF8.self)))
                let value = try self.value(depth: depth)
                self.path.removeLast()
                members.append(Member(name: name.isUnicode ? self.scanner.text(name) : nil, value: value))
                self.scanner.skipWhitespace()
                if self.scanner.take(UInt8(ascii: ",")) { continue }
                guard self.scanner.take(UInt8(ascii: "}")) else { throw .malformed }
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(Refusal) -> JSONTree {
            guard depth <= JSONTree.maxDepth else { throw .tooDeep }
            self.scanner.index += 1
            self.scanner.skipWhitespace()
            var elements: [JSONTree] = []
            if self.scanner.take(UInt8(ascii: "]")) { return .array(elements) }
            while true {
                self.path.append(.index(elements.count))
                elements.append(try self.value(depth: depth))
                self.path.removeLast()
                self.scanner.skipWhitespace()
                if self.scanner.take(UInt8(ascii: ",")) { continue }
                guard self.scanner.take(UInt8(ascii: "]")) else { throw .malformed }
                return .array(elements)
            }
        }

        /// A number, noting one `JSONDecoder` cannot represent as the structure check notes it:
        /// not an integer in Int64's range, nor a whole number within it written otherwise.
        mutating func number() throws(Refusal) -> Number {
            guard let token = self.scanner.number() else { throw .malformed }
            let text = self.scanner.text(token)
            if token.isIntegral {
                if Int64(text) == nil { self.record("is out of range") }
            } else if let value = Double(text), value.isFinite {
                if value.rounded() != value {
                    self.record("expected an integer")
                } else if !(-9.2e18...9.2e18).contains(value) {
                    self.record("is out of range")
                }
            } else {
                self.record("is out of range")
            }
            return Number(text: text, isIntegral: token.isIntegral)
        }

        mutating func record(_ message: String) {
            guard self.unrepresentable == nil else { return }
            let text = JSONTree.path(self.path)
            self.unrepresentable = FieldProblem(path: text.isEmpty ? "body" : text, message: message)
        }
    }

    /// One step of a path: a member's name or an element's position (ordered as the general
    /// path's unknown members are listed: names before positions, names alphabetically).
    public enum PathPart: Sendable, Comparable {
        case key(String)
        case index(Int)
    }

    /// `answers[2].optionIds[0]`, as `Request.path` writes a coding path.
    public static func path(_ parts: [PathPart]) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .key(let name): text += text.isEmpty ? name : "." + name
            case .index(let position): text += "[\(position)]"
            }
        }
        return text
    }
}
