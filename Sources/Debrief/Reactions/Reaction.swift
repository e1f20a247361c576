import Foundation

/// A reaction a participant sends during the meeting (issue 71, docs/decisions/0100): the one
/// list of emoji every layer asks — the store's `CHECK`, the API's enum, the participant's
/// buttons, the presenter's and the dashboard's counts — in the order they are shown.
public enum Reaction: String, CaseIterable, Sendable, Codable, Hashable {
    case thumbsUp
    case heart
    case laugh
    case surprised
    case clap

    /// What a reader sees.
    public var emoji: String {
        switch self {
        case .thumbsUp: "👍"
        case .heart: "❤️"
        case .laugh: "😂"
        case .surprised: "😮"
        case .clap: "👏"
        }
    }

    /// The longest text ``init(parsing:)`` reads: the request's work stays bounded.
    static let maxInputLength = 32

    /// The reaction `text` names, by its name (`thumbsUp`) or its emoji (`👍`; the heart with or
    /// without its variation selector). A 422 naming `reaction` otherwise.
    public init(parsing text: String?) throws {
        guard let text, !text.isEmpty else {
            throw ValidationFailure(FieldProblem(path: "reaction", message: "is required"))
        }
        guard text.utf8.count <= Self.maxInputLength,
            let reaction = Self.allCases.first(where: { $0.rawValue == text || Self.bare($0.emoji) == Self.bare(text) })
        else {
            throw ValidationFailure(
                FieldProblem(path: "reaction", message: "must be one of " + Self.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        self = reaction
    }

    /// `text` without emoji variation selectors (U+FE0F, U+FE0E), which keyboards add or omit.
    private static func bare(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E }))
    }
}
