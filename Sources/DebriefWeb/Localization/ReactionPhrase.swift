import Debrief

/// Reactions during the meeting (docs/decisions/0100): the participant's buttons and notes, the
/// presenter's and the dashboard's counts, in English and Korean; read by templates as `{{t.name}}`.
enum ReactionPhrase: String, CaseIterable, Sendable, PairedPhraseTable {
    case reactionsHeading, reactionsHint, reactionsCountsHeading, reactionsTotal, reactionSent, reactionLimited, reactionOff
    case reactionThumbsUp, reactionHeart, reactionLaugh, reactionSurprised, reactionClap

    var texts: (en: String, ko: String) {
        switch self {
        case .reactionsHeading: return ("React", "반응 보내기")
        case .reactionsHint: return ("Tap to show the room how you feel. Nobody sees who reacted.", "눌러서 지금 느낌을 알려 주세요. 누가 보냈는지는 아무도 몰라요.")
        case .reactionsCountsHeading: return ("Reactions from the room", "현장 반응")
        case .reactionsTotal: return ("{n} in all", "모두 {n}")
        case .reactionSent: return ("Reaction sent.", "반응을 보냈어요.")
        case .reactionLimited: return ("That is a lot of reactions: wait a minute before the next one.", "반응을 많이 보냈어요. 1분쯤 기다린 뒤 다시 보내 주세요.")
        case .reactionOff: return ("Reactions are closed for this meeting.", "이 모임은 지금 반응을 받지 않아요.")
        case .reactionThumbsUp: return ("Thumbs up", "좋아요")
        case .reactionHeart: return ("Love it", "하트")
        case .reactionLaugh: return ("Funny", "웃겨요")
        case .reactionSurprised: return ("Surprised", "놀라워요")
        case .reactionClap: return ("Applause", "박수")
        }
    }

    /// The name of `reaction` a screen reader reads beside its emoji.
    static func label(_ reaction: Reaction) -> ReactionPhrase {
        switch reaction {
        case .thumbsUp: .reactionThumbsUp
        case .heart: .reactionHeart
        case .laugh: .reactionLaugh
        case .surprised: .reactionSurprised
        case .clap: .reactionClap
        }
    }
}
