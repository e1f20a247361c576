/// Rules for machine identifiers chosen by clients: question keys and option ids.
///
/// They are restricted to `[a-z0-9_-]` (1–40 characters) because they end up in CSV
/// column headers, URLs and JSON keys, and must compare byte-for-byte across sessions
/// without any normalization surprises.
public enum IdentifierRules: Sendable {
    /// Longest accepted identifier.
    public static let maxLength = 40

    /// The message recorded for an unacceptable identifier.
    public static let message = "must be 1 to 40 characters of a-z, 0-9, _ or -"

    /// True when `text` is 1–40 characters of `[a-z0-9_-]`.
    public static func isValid(_ text: String) -> Bool {
        // Counting UTF-8 bytes is exact here: every accepted character is ASCII.
        let bytes = text.utf8
        guard (1...maxLength).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }
}

/// Hands out identifiers like `q1`, `q2`, … (or `o1`, `o2`, …) for entries that did not
/// bring their own.
///
/// The entry at 1-based position `p` gets `prefix + p`; if that is already taken (by an
/// explicit identifier anywhere in the list or by an earlier assignment) the next free
/// number is used. Tying the number to the position keeps keys predictable: the third
/// question is `q3` unless the client said otherwise, and giving one question an explicit
/// key does not renumber the others.
public struct IdentifierAssigner: Sendable {
    private let prefix: String
    private var taken: Set<String>

    /// `explicit` are the identifiers the client supplied; they are never handed out.
    public init(prefix: String, explicit: some Sequence<String>) {
        self.prefix = prefix
        self.taken = Set(explicit)
    }

    /// The identifier for the entry at zero-based `index`.
    public mutating func next(forIndex index: Int) -> String {
        var number = index + 1
        while taken.contains("\(prefix)\(number)") {
            number += 1
        }
        let identifier = "\(prefix)\(number)"
        taken.insert(identifier)
        return identifier
    }
}
