import Debrief
import Foundation

/// The meeting's reaction counts as the presenter and the dashboard show them
/// (`reaction-counts.mustache`, docs/decisions/0100): every reaction of the one list with its
/// count, rendered by the server, so they show without script. Counts only: nothing names who.
///
/// Members are prefixed `reaction`: the partial sits inside the presenter's and the dashboard's views.
struct ReactionCountsBlock {
    struct Item {
        var reactionName: String
        var reactionEmoji: String
        var reactionLabel: String
        var reactionCount: String
    }

    var reactionItems: [Item]
    var reactionTotal: String
    /// The hosts' stream of the meeting's reaction counts, which the page's script listens to.
    var reactionLiveURL: String

    init(_ counts: ReactionCounts, meeting: UUID, _ t: Localizer) {
        self.reactionLiveURL = "/v1/meetings/\(meeting.lowercasedText)/results/live?view=reactions"
        self.reactionItems = counts.items.map { item in
            Item(
                reactionName: item.reaction.rawValue, reactionEmoji: item.emoji, reactionLabel: t(ReactionPhrase.label(item.reaction)),
                reactionCount: String(item.count))
        }
        self.reactionTotal = t(ReactionPhrase.reactionsTotal, ["n": String(counts.total)])
    }
}

/// The participant's buttons (`participant-reactions.mustache`), one per reaction of the one
/// list, in the room's section: a plain form that posts to `/f/{code}/reactions` with the room's
/// proof (`csrf`), so it works without script.
struct ReactionButtons {
    struct Button {
        var reactionName: String
        var reactionEmoji: String
        var reactionLabel: String
    }

    var reactionAction: String
    var reactionButtons: [Button]

    init(code: String, _ t: Localizer) {
        self.reactionAction = "/f/\(code)/reactions"
        self.reactionButtons = Reaction.allCases.map { reaction in
            Button(reactionName: reaction.rawValue, reactionEmoji: reaction.emoji, reactionLabel: t(ReactionPhrase.label(reaction)))
        }
    }
}
