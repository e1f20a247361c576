/// Reads a submission body straight into ``SubmissionInput`` in one pass over its bytes, with no
/// `Decoder`, no syntax pre-pass and no member log in between: the shape every participant's
/// browser sends, thousands of times a second in a full room (issue 37: the general path parses
/// each body twice, the second time through a recording `Decoder` over `JSONDecoder`: 18 % of the
/// service's CPU in issue 17's profile).
///
/// It accepts only what the general path (`Request.decodeJSON`: structure check, `JSONDecoder`,
/// unknown-member refusal) would decode to the very same value: a well-formed object whose members
/// are the known ones, each once, of the expected type (or `null`), integers as plain digits that
/// fit an `Int`, strings of valid UTF-8. Anything else — a syntax error, an unknown or repeated
/// member, a wrong type, `4.0`, a lone surrogate — returns nil, and the caller takes the general
/// path, which names the member and says what is wrong. So the refusals stay exactly as they were.
public enum SubmissionJSON {
    /// The input `bytes` spell, or nil when only the general path may answer (see above).
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> SubmissionInput? {
        var reader = Reader(bytes: bytes)
        return reader.document()
    }

    /// As above, for bytes in an array (tests, callers without contiguous storage at hand).
    public static func decode(_ bytes: [UInt8]) -> SubmissionInput? {
        bytes.withUnsafeBytes { Self.decode($0) }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func document() -> SubmissionInput? {
            // A UTF-8 byte order mark is tolerated, as the general path tolerates it.
            if self.bytes.count >= 3, self.bytes[0] == 0xEF, self.bytes[1] == 0xBB, self.bytes[2] == 0xBF { self.index = 3 }
            guard let input = self.submission() else { return nil }
            self.skipWhitespace()
            return self.index == self.bytes.count ? input : nil
        }

        // MARK: - The two object shapes

        private mutating func submission() -> SubmissionInput? {
            var input = SubmissionInput()
            var seen: UInt8 = 0
            let complete = self.object { reader, name in
                let bit: UInt8
                switch name {
                case "participantToken":
                    bit = 1
                    guard reader.optionalString(into: &input.participantToken) else { return false }
                case "answers":
                    bit = 2
                    guard reader.optionalAnswers(into: &input.answers) else { return false }
                case "language":
                    bit = 4
                    guard reader.optionalString(into: &input.language) else { return false }
                case "openedToken":
                    bit = 8
                    guard reader.optionalString(into: &input.openedToken) else { return false }
                default:
                    return false
                }
                guard seen & bit == 0 else { return false }
                seen |= bit
                return true
            }
            return complete ? input : nil
        }

        private mutating func answer() -> AnswerInput? {
            var answer = AnswerInput()
            var seen: UInt8 = 0
            let complete = self.object { reader, name in
                let bit: UInt8
                switch name {
                case "questionKey":
                    bit = 1
                    guard reader.optionalString(into: &answer.questionKey) else { return false }
                case "optionIds":
                    bit = 2
                    guard reader.optionalStrings(into: &answer.optionIds) else { return false }
                case "otherText":
                    bit = 4
                    guard reader.optionalString(into: &answer.otherText) else { return false }
                case "rating":
                    bit = 8
                    if reader.null() { break }
                    guard let value = reader.integer() else { return false }
                    answer.rating = value
                case "text":
                    bit = 16
                    guard reader.optionalString(into: &answer.text) else { return false }
                case "ratings":
                    bit = 32
                    guard reader.optionalRatings(into: &answer.ratings) else { return false }
                default:
                    return false
                }
                guard seen & bit == 0 else { return false }
                seen |= bit
                return true
            }
            return complete ? answer : nil
        }

        // MARK: - Values

        private mutating func optionalString(into value: inout String?) -> Bool {
            if self.null() { return true }
            guard let text = self.string() else { return false }
            value = text
            return true
        }

        private mutating func optionalStrings(into value: inout [String]?) -> Bool {
            if self.null() { return true }
            var list: [String] = []
            guard self.array({ reader in
                guard let text = reader.string() else { return false }
                list.append(text)
                return true
            }) else { return false }
            value = list
            return true
        }

        private mutating func optionalAnswers(into value: inout [AnswerInput]?) -> Bool {
            if self.null() { return true }
            var list: [AnswerInput] = []
            guard self.array({ reader in
                guard let answer = reader.answer() else { return false }
                list.append(answer)
                return true
            }) else { return false }
            value = list
            return true
        }

        private mutating func optionalRatings(into value: inout [String: Int]?) -> Bool {
            if self.null() { return true }
            var ratings: [String: Int] = [:]
            guard self.object({ reader, name in
                // A repeated statement: which value a decoder keeps is its business, not ours.
                guard ratings[name] == nil, let rating = reader.integer() else { return false }
                ratings[name] = rating
                return true
            }) else { return false }
            value = ratings
            return true
        }

        /// `{ "name": value, … }`, each value read by `member` (false: give up).
        private mutating func object(_ member: (inout Reader, String) -> Bool) -> Bool {
            self.skipWhitespace()
            guard self.take(UInt8(ascii: "{")) else { return false }
            self.skipWhitespace()
            if self.take(UInt8(ascii: "}")) { return true }
            while true {
                self.skipWhitespace()
                guard let name = self.string() else { return false }
                self.skipWhitespace()
                guard self.take(UInt8(ascii: ":")) else { return false }
                self.skipWhitespace()
                guard member(&self, name) else { return false }
                self.skipWhitespace()
                if self.take(UInt8(ascii: ",")) { continue }
                return self.take(UInt8(ascii: "}"))
            }
        }

        /// `[ value, … ]`, each value read by `element` (false: give up).
        private mutating func array(_ element: (inout Reader) -> Bool) -> Bool {
            self.skipWhitespace()
            guard self.take(UInt8(ascii: "[")) else { return false }
            self.skipWhitespace()
            if self.take(UInt8(ascii: "]")) { return true }
            while true {
                self.skipWhitespace()
                guard element(&self) else { return false }
                self.skipWhitespace()
                if self.take(UInt8(ascii: ",")) { continue }
                return self.take(UInt8(ascii: "]"))
            }
        }

        /// `null`, consumed; false (nothing consumed) for anything else.
        private mutating func null() -> Bool {
            self.skipWhitespace()
            guard self.index + 4 <= self.bytes.count, self.bytes[self.index] == UInt8(ascii: "n"),
                self.bytes[self.index + 1] == UInt8(ascii: "u"), self.bytes[self.index + 2] == UInt8(ascii: "l"),
                self.bytes[self.index + 3] == UInt8(ascii: "l")
            else { return false }
            self.index += 4
            return true
        }

        /// `-?(0|[1-9][0-9]*)` within `Int`'s range; nil for anything else (a fraction, an
        /// exponent or an overflow is the general path's to name).
        private mutating func integer() -> Int? {
            self.skipWhitespace()
            let negative = self.take(UInt8(ascii: "-"))
            let start = self.index
            var value = 0
            while self.index < self.bytes.count, case let byte = self.bytes[self.index], byte >= 0x30, byte <= 0x39 {
                let digit = Int(byte - 0x30)
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                guard !overflowTimes, !overflowSum else { return nil }
                value = sum
                self.index += 1
            }
            let digits = self.index - start
            guard digits > 0, digits == 1 || self.bytes[start] != UInt8(ascii: "0") else { return nil }
            if self.index < self.bytes.count {
                switch self.bytes[self.index] {
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
                default: break
                }
            }
            return value
        }

        /// A JSON string, unescaped; nil when it is malformed, holds a surrogate escape, or is not
        /// valid UTF-8.
        private mutating func string() -> String? {
            guard self.take(UInt8(ascii: "\"")) else { return nil }
            let start = self.index
            // The common case: no escape, one validating copy.
            while self.index < self.bytes.count {
                let byte = self.bytes[self.index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(validating: UnsafeRawBufferPointer(rebasing: self.bytes[start..<self.index]), as: UTF8.self)
                    self.index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { return nil }
                self.index += 1
            }
            var utf8 = Array(self.bytes[start..<self.index])
            while self.index < self.bytes.count {
                let byte = self.bytes[self.index]
                self.index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard self.index < self.bytes.count else { return nil }
                    let escape = self.bytes[self.index]
                    self.index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"):
                        // A surrogate (paired or not) is left to the general path.
                        guard let code = self.hex4(), !(0xD800...0xDFFF).contains(code), let scalar = Unicode.Scalar(code) else { return nil }
                        utf8.append(contentsOf: String(Character(scalar)).utf8)
                    default:
                        return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    utf8.append(byte)
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard self.index + 4 <= self.bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = self.bytes[self.index]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                self.index += 1
            }
            return value
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard self.index < self.bytes.count, self.bytes[self.index] == byte else { return false }
            self.index += 1
            return true
        }

        private mutating func skipWhitespace() {
            while self.index < self.bytes.count {
                switch self.bytes[self.index] {
                case 0x20, 0x09, 0x0A, 0x0D: self.index += 1
                default: return
                }
            }
        }
    }
}
