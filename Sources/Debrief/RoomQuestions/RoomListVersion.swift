import Foundation

/// A fingerprint of the list the room sees (docs/decisions/0075): what the room's live stream
/// sends instead of the list, so a phone refetches its list only when this changed.
///
/// Why a hash of the list and not a counter of changes: it is computed from the very list a
/// page shows (``RoomQuestionStore``'s `visibleToRoom`), so a change the room cannot see (a post
/// waiting for approval, a vote on a hidden question, a hidden question's answered flag) changes
/// nothing and tells no phone that something happened behind the host's moderation; it needs no
/// column kept in step by every writer; every instance computes the same value, so a phone that
/// reconnects to another one refetches nothing; and the page can print it as of its own load.
///
/// It covers, per question in the room's order: its id, status, votes, pinned and answered (the
/// text never changes). Not whether the asking browser voted: that is one browser's, and its own
/// vote changes the count anyway. FNV-1a (64 bits) keeps it dependency-free; a collision would
/// cost one missed refetch, until the next change or a reload.
public struct RoomListVersion: Sendable, Equatable, Codable {
    public let version: String

    public init(_ questions: [RoomQuestion]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for question in questions {
            let part = "\(question.id.lowercasedText):\(question.status.rawValue):\(question.votes):\(question.pinned):\(question.answered);"
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        self.version = String(hash, radix: 16)
    }
}
