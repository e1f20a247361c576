/// JSON text (RFC 8259) read token by token, over bytes it does not copy: the one lexer of both
/// readers of a request body (decision 89). The submission's one-pass reader (``SubmissionJSON``)
/// builds typed values from its tokens; ``JSONTree`` reads every other body (and a submission the
/// one-pass reader declines) into values, checking structure and depth.
/// So what counts as a string, an escape, valid UTF-8 or a number is decided here, once.
///
/// A token that is not well-formed is nil (the position is then meaningless). A string that is
/// well-formed but not Unicode (bytes that are not UTF-8, an unpaired surrogate escape) is a
/// token whose ``StringToken/isUnicode`` is false: valid JSON syntax that no decoder can hold.
public struct JSONScanner {
    public let bytes: UnsafeRawBufferPointer
    public var index: Int

    /// Starts at the first byte, past a UTF-8 byte order mark (tolerated, as `JSONDecoder`
    /// tolerates it: RFC 8259 §8.1).
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        let mark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.index = mark ? 3 : 0
    }

    /// Whether every byte has been read (call ``skipWhitespace()`` first).
    public var isAtEnd: Bool { self.index == self.bytes.count }

    public func peek(_ offset: Int = 0) -> UInt8? {
        self.index + offset < self.bytes.count ? self.bytes[self.index + offset] : nil
    }

    public mutating func skipWhitespace() {
        while self.index < self.bytes.count {
            switch self.bytes[self.index] {
            case 0x20, 0x09, 0x0A, 0x0D: self.index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` when it is next; false (nothing consumed) otherwise.
    public mutating func take(_ byte: UInt8) -> Bool {
        guard self.index < self.bytes.count, self.bytes[self.index] == byte else { return false }
        self.index += 1
        return true
    }

    /// Consumes `word` (`true`, `false`, `null`) when it is next; false (nothing consumed) otherwise.
    public mutating func take(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard self.index + count <= self.bytes.count else { return false }
        for offset in 0..<count where self.bytes[self.index + offset] != word.utf8Start[offset] { return false }
        self.index += count
        return true
    }

    // MARK: - Strings

    /// A string's content between its quotes, as written.
    public struct StringToken {
        public let content: Range<Int>
        /// Whether it has a backslash (its text is then not its bytes).
        public let isEscaped: Bool
        /// False for bytes that are not UTF-8 or an escape that leaves a surrogate unpaired.
        public let isUnicode: Bool
    }

    /// The string that starts at the next byte (a quote); nil when there is none or it is
    /// malformed (unterminated, a control character, a bad escape).
    public mutating func string() -> StringToken? {
        guard self.take(UInt8(ascii: "\"")) else { return nil }
        let start = self.index
        var escaped = false
        var unicode = true
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            self.index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return StringToken(content: start..<(self.index - 1), isEscaped: escaped, isUnicode: unicode)
            case UInt8(ascii: "\\"):
                escaped = true
                guard let valid = self.escape() else { return nil }
                unicode = unicode && valid
            case 0x00..<0x20:
                return nil
            case 0x80...0xFF:
                unicode = self.utf8Sequence(lead: byte) && unicode
            default:
                continue
            }
        }
        return nil
    }

    /// The text of a Unicode string token, its escapes resolved.
    public func text(_ token: StringToken) -> String {
        let raw = UnsafeRawBufferPointer(rebasing: self.bytes[token.content])
        guard token.isEscaped else { return String(decoding: raw, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            let escape = raw[index]
            index += 1
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = Self.hex4(raw, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(code), index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"),
                    case let low = Self.hex4(raw, at: index + 2), (0xDC00...0xDFFF).contains(low)
                {
                    code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    index += 6
                }
                utf8.append(contentsOf: String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
            default: utf8.append(escape)  // " \ /
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// After a backslash: true for a whole escape, false for one that leaves a surrogate
    /// unpaired, nil for a malformed one.
    private mutating func escape() -> Bool? {
        guard let byte = self.peek() else { return nil }
        self.index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        case UInt8(ascii: "u"):
            guard let unit = self.hexDigits() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed by `\u` and a low one.
                guard self.peek() == UInt8(ascii: "\\"), self.peek(1) == UInt8(ascii: "u") else { return false }
                self.index += 2
                guard let low = self.hexDigits() else { return nil }
                return (0xDC00...0xDFFF).contains(low)
            case 0xDC00...0xDFFF:
                return false
            default:
                return true
            }
        default:
            return nil
        }
    }

    private mutating func hexDigits() -> UInt32? {
        guard self.index + 4 <= self.bytes.count else { return nil }
        for offset in 0..<4 where Self.hexDigit(self.bytes[self.index + offset]) == nil { return nil }
        defer { self.index += 4 }
        return Self.hex4(self.bytes, at: self.index)
    }

    /// Four hex digits at `index`, already checked by ``hexDigits()``.
    private static func hex4(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { value, offset in value << 4 | UInt32(Self.hexDigit(bytes[index + offset]) ?? 0) }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
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

    // MARK: - Numbers

    /// A number as written: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    public struct NumberToken {
        public let range: Range<Int>
        /// No fraction and no exponent.
        public let isIntegral: Bool
    }

    /// The number that starts at the next byte; nil when there is none or it is malformed.
    public mutating func number() -> NumberToken? {
        let start = self.index
        _ = self.take(UInt8(ascii: "-"))
        guard let first = self.peek(), Self.isDigit(first) else { return nil }
        self.index += 1
        if first != UInt8(ascii: "0") { self.skipDigits() }
        var integral = true
        if self.take(UInt8(ascii: ".")) {
            integral = false
            guard self.skipDigits() > 0 else { return nil }
        }
        if self.take(UInt8(ascii: "e")) || self.take(UInt8(ascii: "E")) {
            integral = false
            if !self.take(UInt8(ascii: "+")) { _ = self.take(UInt8(ascii: "-")) }
            guard self.skipDigits() > 0 else { return nil }
        }
        return NumberToken(range: start..<self.index, isIntegral: integral)
    }

    /// The number as text.
    public func text(_ token: NumberToken) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: self.bytes[token.range]), as: UTF8.self)
    }

    /// An integral token's value; nil for a fraction, an exponent, or beyond `Int`'s range.
    public func integer(_ token: NumberToken) -> Int? {
        guard token.isIntegral else { return nil }
        let negative = self.bytes[token.range.lowerBound] == UInt8(ascii: "-")
        var value = 0
        for index in (negative ? token.range.lowerBound + 1 : token.range.lowerBound)..<token.range.upperBound {
            let digit = Int(self.bytes[index] - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return value
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = self.index
        while let byte = self.peek(), Self.isDigit(byte) { self.index += 1 }
        return self.index - start
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
