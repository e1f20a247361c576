import Foundation

/// One question or topic from the room, as a list shows it.
public struct RoomQuestion: Sendable, Equatable {
    /// Where a post stands with the host.
    public enum Status: String, Sendable, Equatable, Codable, CaseIterable {
        /// Waiting for the host's approval (moderation `approveFirst`): only the host sees it.
        case pending
        /// Shown to the room.
        case visible
        /// Hidden by the host: only the host sees it.
        case hidden
    }

    public var id: UUID
    public var text: String
    /// The author's display name; nil in an anonymous room.
    public var name: String?
    public var status: Status
    public var answered: Bool
    public var pinned: Bool
    public var votes: Int
    /// Whether the voter asking has upvoted it (false for the host's list).
    public var votedByMe: Bool
    public var postedAt: Date

    public init(
        id: UUID, text: String, name: String?, status: Status, answered: Bool, pinned: Bool, votes: Int, votedByMe: Bool,
        postedAt: Date
    ) {
        self.id = id
        self.text = text
        self.name = name
        self.status = status
        self.answered = answered
        self.pinned = pinned
        self.votes = votes
        self.votedByMe = votedByMe
        self.postedAt = postedAt
    }

    /// The room's order, the one every list uses: the pinned question first, then by votes,
    /// then the older first (it has waited longer), then by id so equal items keep their place.
    public static func roomOrder(_ a: RoomQuestion, _ b: RoomQuestion) -> Bool {
        if a.pinned != b.pinned { return a.pinned }
        if a.votes != b.votes { return a.votes > b.votes }
        if a.postedAt != b.postedAt { return a.postedAt < b.postedAt }
        return a.id.uuidString < b.id.uuidString
    }
}
