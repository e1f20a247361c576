import Foundation

/// Reads a submission body straight into ``SubmissionInput`` in one pass over its bytes, with no
/// `Decoder`, no syntax pre-pass and no member log in between: the shape every participant's
/// browser sends, thousands of times a second in a full room (issue 37: the general path parses
/// each body twice, the second time through a recording `Decoder` over `JSONDecoder`: 18 % of the
/// service's CPU in issue 17's profile).
///
/// It accepts only what the general path (`Request.decodeJSON`: structure check, `JSONDecoder`,
/// unknown-member refusal) would decode to the very same value: a well-formed object whose members
/// are the known ones, each once, of the expected type (or `null`), integers as plain digits that
/// fit an `Int`, decimals without an exponent, strings of valid UTF-8. Anything else — a syntax
/// error, an unknown or repeated member, a wrong type, `4.0`, `1e2`, a lone surrogate — returns
/// nil, and the caller takes the general path, which names the member and says what is wrong. So
/// the refusals stay exactly as they were.
///
/// An answer's members are the shared shape's and those the registered kinds declare
/// (``QuestionKindDescriptor/answerMembers``: a number's `number`, a date's `date`), each read by
/// its declared type, as ``AnswerInput``'s decoding reads them: a new kind's members need no
/// line here (decision 89). Tokens are ``JSONScanner``'s, the general path's lexer too.
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
        var scanner: JSONScanner

        init(bytes: UnsafeRawBufferPointer) {
            self.scanner = JSONScanner(bytes)
        }

        mutating func document() -> SubmissionInput? {
            guard let input = self.submission() else { return nil }
            self.scanner.skipWhitespace()
            return self.scanner.isAtEnd ? input : nil
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
                case "personalLink":
                    bit = 16
                    guard reader.optionalString(into: &input.personalLink) else { return false }
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
            var seen: UInt64 = 0
            let complete = self.object { reader, name in
                let bit: UInt64
                switch name {
                case "questionKey":
                    bit = 1
                    guard reader.optionalString(into: &answer.questionKey) else { return false }
                default:
                    // A member a kind declares, read as its declared type; anything else is unknown.
                    guard let declared = Self.declaredAnswerMembers[name] else { return false }
                    bit = declared.bit
                    guard reader.optionalMember(name, declared.type, into: &answer.kindMembers) else { return false }
                }
                guard seen & bit == 0 else { return false }
                seen |= bit
                return true
            }
            return complete ? answer : nil
        }

        /// The answer members the registered kinds declare, by name: each one's type and its bit
        /// in `answer()`'s `seen` (after `questionKey`'s). Past 63 members a member has no bit and
        /// is left to the general path.
        private static let declaredAnswerMembers: [String: (type: KindMembers.ValueType, bit: UInt64)] = Dictionary(
            QuestionKinds.answerMembers.enumerated().compactMap { position, member in
                position < 63 ? (member.name, (member.type, UInt64(2) << position)) : nil
            },
            uniquingKeysWith: { first, _ in first })

        // MARK: - Values

        /// A declared member's value, or `null`, into `members`.
        private mutating func optionalMember(_ name: String, _ type: KindMembers.ValueType, into members: inout KindMembers) -> Bool {
            if self.null() { return true }
            switch type {
            case .text:
                guard let text = self.string() else { return false }
                members[text: name] = text
            case .decimal:
                guard let decimal = self.decimal() else { return false }
                members[decimal: name] = decimal
            case .integer:
                guard let integer = self.integer() else { return false }
                members[integer: name] = integer
            case .texts:
                guard let texts = self.strings() else { return false }
                members[texts: name] = texts
            case .integersByName:
                guard let integers = self.integersByName() else { return false }
                members[integersByName: name] = integers
            case .bool, .objects:
                // A question's member types; no answer declares one (QuestionKindRegistryTests).
                return false
            }
            return true
        }

        private mutating func optionalString(into value: inout String?) -> Bool {
            if self.null() { return true }
            guard let text = self.string() else { return false }
            value = text
            return true
        }

        private mutating func strings() -> [String]? {
            var list: [String] = []
            guard self.array({ reader in
                guard let text = reader.string() else { return false }
                list.append(text)
                return true
            }) else { return nil }
            return list
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

        private mutating func integersByName() -> [String: Int]? {
            var integers: [String: Int] = [:]
            guard self.object({ reader, name in
                // A repeated name: which value a decoder keeps is its business, not ours.
                guard integers[name] == nil, let integer = reader.integer() else { return false }
                integers[name] = integer
                return true
            }) else { return nil }
            return integers
        }

        /// `{ "name": value, … }`, each value read by `member` (false: give up).
        private mutating func object(_ member: (inout Reader, String) -> Bool) -> Bool {
            self.scanner.skipWhitespace()
            guard self.scanner.take(UInt8(ascii: "{")) else { return false }
            self.scanner.skipWhitespace()
            if self.scanner.take(UInt8(ascii: "}")) { return true }
            while true {
                self.scanner.skipWhitespace()
                guard let name = self.string() else { return false }
                self.scanner.skipWhitespace()
                guard self.scanner.take(UInt8(ascii: ":")) else { return false }
                self.scanner.skipWhitespace()
                guard member(&self, name) else { return false }
                self.scanner.skipWhitespace()
                if self.scanner.take(UInt8(ascii: ",")) { continue }
                return self.scanner.take(UInt8(ascii: "}"))
            }
        }

        /// `[ value, … ]`, each value read by `element` (false: give up).
        private mutating func array(_ element: (inout Reader) -> Bool) -> Bool {
            self.scanner.skipWhitespace()
            guard self.scanner.take(UInt8(ascii: "[")) else { return false }
            self.scanner.skipWhitespace()
            if self.scanner.take(UInt8(ascii: "]")) { return true }
            while true {
                self.scanner.skipWhitespace()
                guard element(&self) else { return false }
                self.scanner.skipWhitespace()
                if self.scanner.take(UInt8(ascii: ",")) { continue }
                return self.scanner.take(UInt8(ascii: "]"))
            }
        }

        /// `null`, consumed; false (nothing consumed) for anything else.
        private mutating func null() -> Bool {
            self.scanner.skipWhitespace()
            return self.scanner.take("null")
        }

        /// An integer within `Int`'s range; nil for anything else (a fraction, an exponent or an
        /// overflow is the general path's to name).
        private mutating func integer() -> Int? {
            self.scanner.skipWhitespace()
            return self.scanner.number().flatMap { self.scanner.integer($0) }
        }

        /// A decimal written without an exponent in at most 24 bytes (well within a `Decimal`'s 38
        /// digits), parsed as `JSONDecoder` parses it; nil for anything else (an exponent, or a
        /// number too long or too small to hold, is the general path's to name).
        private mutating func decimal() -> Decimal? {
            self.scanner.skipWhitespace()
            guard let token = self.scanner.number(), token.range.count <= 24,
                !self.scanner.bytes[token.range].contains(where: { $0 | 0x20 == UInt8(ascii: "e") })
            else { return nil }
            return Decimal(string: self.scanner.text(token))
        }

        /// A JSON string, unescaped; nil when it is malformed or not Unicode.
        private mutating func string() -> String? {
            guard let token = self.scanner.string(), token.isUnicode else { return nil }
            return self.scanner.text(token)
        }
    }
}
