import Foundation

/// The one place that decides what user-supplied text is acceptable.
///
/// Every free-text field goes through the same steps, so "how long is this title?" has
/// one answer everywhere:
/// 1. normalize to Unicode NFC, so a decomposed "é" (e + U+0301) and a precomposed "é"
///    are stored and compare the same;
/// 2. in multi-line text, turn "\r\n" and lone "\r" into "\n" (browsers and Windows
///    clients send CRLF; refusing it as a control character would only annoy people);
/// 3. trim leading and trailing whitespace and newlines; text with nothing visible left
///    (``isBlank(_:)``: whitespace, a byte-order mark, zero-width characters) is blank;
/// 4. refuse C0/C1 control characters and DEL (except "\n" and "\t" in multi-line text),
///    because they break CSV exports, terminals and logs and are never typed on purpose;
/// 5. count length in Unicode code points of the text as sent, as JSON Schema's `maxLength`
///    does: openapi.yaml states every limit, and a client that checks a value against it
///    gets the server's answer ("한" is one, "👍🏽" two, a decomposed "é" two).
public enum TextRules: Sendable {
    /// Whether a field may span several lines.
    public enum Lines: Sendable, Equatable {
        /// Titles, prompts, labels, names, emails: no line breaks, no tabs.
        case single
        /// Free-text answers: "\n" and "\t" allowed.
        case multiple
    }

    /// Steps 1–3: NFC, newline unification (multi-line only), trimming.
    ///
    /// Each step is skipped when it would change nothing (ASCII is NFC already; no "\r"; no space
    /// at either end): Foundation's string operations cost about 4 % of the service's CPU on the
    /// answers of a full room when run on every text (issue 37), and most texts need none of them.
    public static func normalized(_ raw: String, lines: Lines) -> String {
        var text = raw.utf8.allSatisfy { $0 < 0x80 } ? raw : raw.precomposedStringWithCanonicalMapping
        if lines == .multiple, text.utf8.contains(UInt8(ascii: "\r")) {
            // "\r\n" is a single Character in Swift, so replace it before lone "\r".
            text = text.replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\r", with: "\n")
        }
        return Self.trimmed(text)
    }

    /// `text.trimmingCharacters(in: .whitespacesAndNewlines)`, and `text` itself at no cost when
    /// neither end is such a character.
    static func trimmed(_ text: String) -> String {
        let spaces = CharacterSet.whitespacesAndNewlines
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            spaces.contains(first) || spaces.contains(last)
        else { return text }
        return text.trimmingCharacters(in: spaces)
    }

    /// True when `text` shows nothing: every scalar is whitespace, or a character no one sees —
    /// a format character (Unicode category Cf: the byte-order mark U+FEFF, zero-width space,
    /// non-joiner and joiner U+200B–U+200D, the word joiner U+2060, the soft hyphen U+00AD,
    /// direction marks) or another default-ignorable one (the Hangul filler U+3164, variation
    /// selectors). Such text is "blank" wherever blank is checked (issue 67: a question of only
    /// a BOM was stored, and shown as nothing). Stops at the first visible scalar, usually the
    /// first one.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            return properties.isWhitespace || properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
        }
    }

    /// True when `text` contains a C0/C1 control character or DEL other than "\n"/"\t".
    public static func containsForbiddenControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            // "\n" and "\t" are ordinary text; single-line fields refuse them
            // separately (see `containsLineBreak`) with a clearer message.
            case 0x0A, 0x09: return false
            case 0x00...0x1F, 0x7F...0x9F: return true
            default: return false
            }
        }
    }

    /// True when `text` contains a line break or tab (including U+2028/U+2029, which
    /// render as line breaks although they are not control characters).
    public static func containsLineBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains { [0x0A, 0x09, 0x2028, 0x2029].contains($0.value) }
    }

    /// Steps 4–5: the first message that applies to `text` (normalized, non-empty), measured
    /// as `sent`; nil when it is acceptable.
    public static func problem(in text: String, as sent: String, lines: Lines, maxLength: Int) -> String? {
        if containsForbiddenControl(text) {
            return "must not contain control characters"
        }
        if lines == .single, containsLineBreak(text) {
            return "must not contain line breaks or tabs"
        }
        if sent.unicodeScalars.count > maxLength {
            return "must be at most \(maxLength) characters"
        }
        return nil
    }
}

extension ProblemCollector {
    /// Validates a text field that must be present and non-blank.
    ///
    /// Records "is required" when absent, "must not be empty" when blank (``TextRules/isBlank(_:)``),
    /// or the first ``TextRules`` problem; returns the normalized text when acceptable.
    public mutating func requiredText(
        _ raw: String?, at path: String, lines: TextRules.Lines = .single, maxLength: Int
    ) -> String? {
        guard let raw else {
            add(path, "is required")
            return nil
        }
        let text = TextRules.normalized(raw, lines: lines)
        if TextRules.isBlank(text) {
            add(path, "must not be empty")
            return nil
        }
        if let message = TextRules.problem(in: text, as: raw, lines: lines, maxLength: maxLength) {
            add(path, message)
            return nil
        }
        return text
    }

    /// Validates an optional text field: absent or blank (``TextRules/isBlank(_:)``) means "no value" (nil) rather
    /// than an error, because clients commonly send "" for an untouched input.
    public mutating func optionalText(
        _ raw: String?, at path: String, lines: TextRules.Lines = .single, maxLength: Int
    ) -> String? {
        guard let raw else { return nil }
        let text = TextRules.normalized(raw, lines: lines)
        if TextRules.isBlank(text) { return nil }
        if let message = TextRules.problem(in: text, as: raw, lines: lines, maxLength: maxLength) {
            add(path, message)
            return nil
        }
        return text
    }

    /// Records "must be between low and high" when `value` is outside `range`.
    /// Returns whether the value was acceptable.
    @discardableResult
    public mutating func checkRange(_ value: Int, _ range: ClosedRange<Int>, at path: String) -> Bool {
        if range.contains(value) { return true }
        add(path, "must be between \(range.lowerBound) and \(range.upperBound)")
        return false
    }
}
