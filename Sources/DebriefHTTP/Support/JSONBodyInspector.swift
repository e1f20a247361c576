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

    private let bytes: [UInt8]
    private var index = 0
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

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Throws when the body is not well-formed JSON or nests deeper than ``maxDepth``; else
    /// returns every object member of the body, or nil when a member's name has an escape (whose
    /// decoded text only a full decoder gives).
    @discardableResult
    static func checkStructure(_ bytes: [UInt8]) throws(Refusal) -> [Member]? {
        var inspector = JSONBodyInspector(bytes)
        try inspector.document()
        return inspector.hasEscapedName ? nil : inspector.members
    }

    /// The first member whose value `JSONDecoder` cannot represent: a string that is not valid
    /// Unicode, or a number that is not an integer in Int64's range (a body that is one number;
    /// members' numbers are named as they are read, by ``JSONNumberReading``). Nil when the body is
    /// malformed or has no such value.
    static func locateUnrepresentableValue(in bytes: [UInt8]) -> FieldProblem? {
        var inspector = JSONBodyInspector(bytes)
        guard (try? inspector.document()) != nil else { return nil }
        return inspector.unrepresentable
    }

    // MARK: - Grammar (RFC 8259)

    private mutating func document() throws(Refusal) {
        // A UTF-8 byte order mark is tolerated, as JSONDecoder tolerates it (RFC 8259 §8.1).
        if self.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { self.index = 3 }
        try self.value(depth: 0)
        self.skipWhitespace()
        guard self.index == self.bytes.count else { throw .malformed }
    }

    private mutating func value(depth: Int) throws(Refusal) {
        self.skipWhitespace()
        guard let byte = self.peek() else { throw .malformed }
        switch byte {
        case UInt8(ascii: "{"): try self.object(depth: depth + 1)
        case UInt8(ascii: "["): try self.array(depth: depth + 1)
        case UInt8(ascii: "\""): try self.string(recordingProblems: true)
        case UInt8(ascii: "t"): try self.literal("true")
        case UInt8(ascii: "f"): try self.literal("false")
        case UInt8(ascii: "n"): try self.literal("null")
        default: try self.number()
        }
    }

    private mutating func object(depth: Int) throws(Refusal) {
        guard depth <= Self.maxDepth else { throw .tooDeep }
        self.index += 1
        self.skipWhitespace()
        if self.peek() == UInt8(ascii: "}") {
            self.index += 1
            return
        }
        while true {
            self.skipWhitespace()
            guard self.peek() == UInt8(ascii: "\"") else { throw .malformed }
            let nameStart = self.index
            let key = try self.string(recordingProblems: false)
            if self.bytes[nameStart..<self.index].contains(UInt8(ascii: "\\")) { self.hasEscapedName = true }
            self.members.append(Member(object: self.path, name: key))
            self.skipWhitespace()
            guard self.next() == UInt8(ascii: ":") else { throw .malformed }
            self.path.append(.key(key))
            try self.value(depth: depth)
            self.path.removeLast()
            self.skipWhitespace()
            switch self.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: throw .malformed
            }
        }
    }

    private mutating func array(depth: Int) throws(Refusal) {
        guard depth <= Self.maxDepth else { throw .tooDeep }
        self.index += 1
        self.skipWhitespace()
        if self.peek() == UInt8(ascii: "]") {
            self.index += 1
            return
        }
        var position = 0
        while true {
            self.path.append(.index(position))
            try self.value(depth: depth)
            self.path.removeLast()
            position += 1
            self.skipWhitespace()
            switch self.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            default: throw .malformed
            }
        }
    }

    /// Reads a string and returns its text (escapes of keys decoded well enough to name them).
    @discardableResult
    private mutating func string(recordingProblems: Bool) throws(Refusal) -> String {
        self.index += 1
        let start = self.index
        var valid = true
        while true {
            guard let byte = self.next() else { throw .malformed }
            switch byte {
            case UInt8(ascii: "\""):
                let text = String(decoding: self.bytes[start..<(self.index - 1)], as: UTF8.self)
                if !valid, recordingProblems { self.record("must be valid Unicode text") }
                return text
            case UInt8(ascii: "\\"):
                valid = try self.escape() && valid
            case 0x00..<0x20:
                throw .malformed
            case 0x80...0xFF:
                valid = self.utf8Sequence(lead: byte) && valid
            default:
                continue
            }
        }
    }

    /// After a backslash; false for a `\u` escape that leaves a surrogate unpaired.
    private mutating func escape() throws(Refusal) -> Bool {
        guard let byte = self.next() else { throw .malformed }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        case UInt8(ascii: "u"):
            let unit = try self.hex4()
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed by `\u` and a low one.
                guard self.peek() == UInt8(ascii: "\\"), self.peek(1) == UInt8(ascii: "u") else { return false }
                self.index += 2
                return (0xDC00...0xDFFF).contains(try self.hex4())
            case 0xDC00...0xDFFF:
                return false
            default:
                return true
            }
        default:
            throw .malformed
        }
    }

    private mutating func hex4() throws(Refusal) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = self.next() else { throw .malformed }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .malformed
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// A multi-byte UTF-8 sequence starting with `lead` (already read); false when invalid
    /// (overlong, surrogate, beyond U+10FFFF, or truncated).
    private mutating func utf8Sequence(lead: UInt8) -> Bool {
        let count: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (count, scalar) = (1, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (count, scalar) = (2, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (count, scalar) = (3, UInt32(lead & 0x07))
        default: return false
        }
        for _ in 0..<count {
            guard let byte = self.peek(), byte & 0xC0 == 0x80 else { return false }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
            self.index += 1
        }
        let smallest: UInt32 = count == 2 ? 0x800 : count == 3 ? 0x10000 : 0x80
        return scalar >= smallest && scalar <= 0x10FFFF && !(0xD800...0xDFFF).contains(scalar)
    }

    private mutating func number() throws(Refusal) {
        let start = self.index
        if self.peek() == UInt8(ascii: "-") { self.index += 1 }
        guard let first = self.next(), Self.isDigit(first) else { throw .malformed }
        if first != UInt8(ascii: "0") { self.skipDigits() }
        var integral = true
        if self.peek() == UInt8(ascii: ".") {
            integral = false
            self.index += 1
            guard let digit = self.next(), Self.isDigit(digit) else { throw .malformed }
            self.skipDigits()
        }
        if self.peek() == UInt8(ascii: "e") || self.peek() == UInt8(ascii: "E") {
            integral = false
            self.index += 1
            if self.peek() == UInt8(ascii: "+") || self.peek() == UInt8(ascii: "-") { self.index += 1 }
            guard let digit = self.next(), Self.isDigit(digit) else { throw .malformed }
            self.skipDigits()
        }
        let text = String(decoding: self.bytes[start..<self.index], as: UTF8.self)
        if integral {
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

    private mutating func literal(_ word: StaticString) throws(Refusal) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard self.next() == byte else { throw .malformed }
        }
    }

    // MARK: - Bytes

    private func peek(_ offset: Int = 0) -> UInt8? {
        self.index + offset < self.bytes.count ? self.bytes[self.index + offset] : nil
    }

    private mutating func next() -> UInt8? {
        guard self.index < self.bytes.count else { return nil }
        defer { self.index += 1 }
        return self.bytes[self.index]
    }

    private mutating func skipWhitespace() {
        while let byte = self.peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { self.index += 1 }
    }

    private mutating func skipDigits() {
        while let byte = self.peek(), Self.isDigit(byte) { self.index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
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
