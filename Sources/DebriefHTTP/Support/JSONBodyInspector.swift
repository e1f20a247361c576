import Debrief

/// Reads the structure of a JSON request body without building it, for what Foundation's
/// `JSONDecoder` does not do safely or does not say precisely:
///
/// - Depth. `JSONDecoder` allows 512 levels and, on some inputs at exactly that limit, traps
///   instead of throwing (a 513th `[` as the last byte of a body crashed the server). No request
///   of this API nests more than a few levels, so bodies deeper than ``maxDepth`` are refused
///   before the decoder sees them.
/// - Where a value is wrong. The decoder reports a number it cannot represent (`1e400`, `2^64`,
///   `4.5` for an integer, `1e-400` for a decimal) or a string that is not Unicode as "not valid
///   JSON" for the whole body. A number inside an object or array is named by the recording
///   decoder at the member it was read for (``JSONNumberReading``); ``locateUnrepresentableValue(in:)``
///   names what that cannot: a string that is not Unicode, a number that is the whole body.
/// - Which members the body has. ``KnownMembers`` compares them with what the types asked for;
///   listing them in this pass spares a second parse of every body.
struct JSONBodyInspector {
    static let maxDepth = 64

    /// Why a body cannot be decoded at all.
    enum Refusal: Error, Equatable {
        case tooDeep
        case malformed
    }

    /// The body's tokens (Debrief's ``JSONScanner``: the one-pass reader's lexer too).
    private var scanner: JSONScanner
    private var path: [PathComponent] = []
    /// Every object member, in document order.
    private var members: [Member] = []
    /// Whether a member name has an escape (``Member/name`` is then not the decoded name).
    private var hasEscapedName = false
    /// The first value the decoder cannot represent, with its path (recorded, not thrown, so the
    /// rest of the body is still checked for syntax).
    private var unrepresentable: FieldProblem?

    enum PathComponent: Comparable {
        case key(String)
        case index(Int)
    }

    /// An object member: the path of its object and its name.
    struct Member {
        let object: [PathComponent]
        let name: String
    }

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.scanner = JSONScanner(bytes)
    }

    /// What inspecting `bytes` finds: every member (nil when a name has an escape) and the first
    /// value the decoder cannot represent; or why the body is no JSON.
    private static func inspect(_ bytes: [UInt8]) -> Result<(members: [Member]?, unrepresentable: FieldProblem?), Refusal> {
        bytes.withUnsafeBytes { raw in
            var inspector = JSONBodyInspector(raw)
            do throws(Refusal) {
                try inspector.document()
                return .success((inspector.hasEscapedName ? nil : inspector.members, inspector.unrepresentable))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Throws when the body is not well-formed JSON or nests deeper than ``maxDepth``; else
    /// returns every object member of the body, or nil when a member's name has an escape (whose
    /// decoded text only a full decoder gives).
    @discardableResult
    static func checkStructure(_ bytes: [UInt8]) throws(Refusal) -> [Member]? {
        try Self.inspect(bytes).get().members
    }

    /// The first member whose value `JSONDecoder` cannot represent: a string that is not valid
    /// Unicode, or a number that is not an integer in Int64's range (a body that is one number;
    /// members' numbers are named as they are read, by ``JSONNumberReading``). Nil when the body is
    /// malformed or has no such value.
    static func locateUnrepresentableValue(in bytes: [UInt8]) -> FieldProblem? {
        (try? Self.inspect(bytes).get())?.unrepresentable
    }

    // MARK: - Grammar (RFC 8259)

    private mutating func document() throws(Refusal) {
        try self.value(depth: 0)
        self.scanner.skipWhitespace()
        guard self.scanner.isAtEnd else { throw .malformed }
    }

    private mutating func value(depth: Int) throws(Refusal) {
        self.scanner.skipWhitespace()
        switch self.scanner.peek() {
        case UInt8(ascii: "{"): try self.object(depth: depth + 1)
        case UInt8(ascii: "["): try self.array(depth: depth + 1)
        case UInt8(ascii: "\""):
            guard let token = self.scanner.string() else { throw .malformed }
            if !token.isUnicode { self.record("must be valid Unicode text") }
        case UInt8(ascii: "t"): guard self.scanner.take("true") else { throw .malformed }
        case UInt8(ascii: "f"): guard self.scanner.take("false") else { throw .malformed }
        case UInt8(ascii: "n"): guard self.scanner.take("null") else { throw .malformed }
        default: try self.number()
        }
    }

    private mutating func object(depth: Int) throws(Refusal) {
        guard depth <= Self.maxDepth else { throw .tooDeep }
        self.scanner.index += 1
        self.scanner.skipWhitespace()
        if self.scanner.take(UInt8(ascii: "}")) { return }
        while true {
            self.scanner.skipWhitespace()
            guard let name = self.scanner.string() else { throw .malformed }
            // As written: a name with an escape is named by a full decoder (see checkStructure).
            let key = String(decoding: UnsafeRawBufferPointer(rebasing: self.scanner.bytes[name.content]), as: UTF8.self)
            if name.isEscaped { self.hasEscapedName = true }
            self.members.append(Member(object: self.path, name: key))
            self.scanner.skipWhitespace()
            guard self.scanner.take(UInt8(ascii: ":")) else { throw .malformed }
            self.path.append(.key(key))
            try self.value(depth: depth)
            self.path.removeLast()
            self.scanner.skipWhitespace()
            if self.scanner.take(UInt8(ascii: ",")) { continue }
            guard self.scanner.take(UInt8(ascii: "}")) else { throw .malformed }
            return
        }
    }

    private mutating func array(depth: Int) throws(Refusal) {
        guard depth <= Self.maxDepth else { throw .tooDeep }
        self.scanner.index += 1
        self.scanner.skipWhitespace()
        if self.scanner.take(UInt8(ascii: "]")) { return }
        var position = 0
        while true {
            self.path.append(.index(position))
            try self.value(depth: depth)
            self.path.removeLast()
            position += 1
            self.scanner.skipWhitespace()
            if self.scanner.take(UInt8(ascii: ",")) { continue }
            guard self.scanner.take(UInt8(ascii: "]")) else { throw .malformed }
            return
        }
    }

    /// A number, and whether `JSONDecoder` can represent it: an integer in Int64's range, or a
    /// whole number within it written with a fraction or an exponent.
    private mutating func number() throws(Refusal) {
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
    }

    private mutating func record(_ message: String) {
        guard self.unrepresentable == nil else { return }
        var text = ""
        for component in self.path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let position): text += "[\(position)]"
            }
        }
        self.unrepresentable = FieldProblem(path: text.isEmpty ? "body" : text, message: message)
    }
}
