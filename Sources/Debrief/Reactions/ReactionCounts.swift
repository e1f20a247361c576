import Foundation

/// How many of each reaction a meeting received (docs/decisions/0100): every reaction of
/// ``Reaction/allCases`` in its order, zeros included, and nothing else — no identity, no time
/// of a single reaction — so a host who reads it learns only the room's totals.
public struct ReactionCounts: Sendable, Equatable, Codable {
    public struct Item: Sendable, Equatable, Codable {
        public var reaction: Reaction
        public var emoji: String
        public var count: Int

        public init(reaction: Reaction, count: Int) {
            self.reaction = reaction
            self.emoji = reaction.emoji
            self.count = count
        }
    }

    public var items: [Item]
    public var total: Int

    /// The counts of `counted` (reactions missing from it count zero).
    public init(_ counted: [Reaction: Int]) {
        self.items = Reaction.allCases.map { Item(reaction: $0, count: counted[$0] ?? 0) }
        self.total = self.items.reduce(0) { $0 + $1.count }
    }

    public static let none = ReactionCounts([:])
}
