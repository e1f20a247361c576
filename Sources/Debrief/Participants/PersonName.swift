import Foundation

/// A participant's or roster member's name: 1–100 characters, one line, normalized by
/// ``TextRules`` (NFC, trimmed, no control characters).
public struct PersonName: Sendable, Equatable {
    public static let maxLength = 100

    /// The name as shown.
    public let text: String
    /// The name as matching sees it: trimmed, NFC, lower case. A check-in whose key equals a
    /// roster member's key is that member.
    public let matchKey: String

    /// Validates `raw`, recording problems at `path`; nil when it is not acceptable.
    public static func validate(_ raw: String?, at path: String, into problems: inout ProblemCollector) -> PersonName? {
        guard let text = problems.requiredText(raw, at: path, lines: .single, maxLength: Self.maxLength) else { return nil }
        return PersonName(text: text)
    }

    /// Validates `raw` on its own, throwing every problem as a ``ValidationFailure``.
    public static func validated(_ raw: String?, at path: String = "name") throws -> PersonName {
        var problems = ProblemCollector()
        let name = Self.validate(raw, at: path, into: &problems)
        return try problems.result { name }.get()
    }

    public init(text: String) {
        self.text = text
        // Lower-casing can (rarely) produce a non-NFC sequence, so normalize once more afterwards.
        self.matchKey = text.lowercased().precomposedStringWithCanonicalMapping
    }
}
