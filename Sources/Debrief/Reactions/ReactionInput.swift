import Foundation

/// A participant's reaction as the JSON API and the page's form send it: `reaction`, a name of
/// ``Reaction`` (`thumbsUp`) or its emoji; parsed by ``Reaction/init(parsing:)``.
public struct ReactionInput: Sendable, Codable, Equatable {
    public var reaction: String?

    public init(reaction: String?) {
        self.reaction = reaction
    }
}
