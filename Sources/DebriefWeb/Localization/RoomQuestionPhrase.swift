import Debrief

/// Questions from the room (docs/decisions/0075): the participant's section, the dashboard's
/// moderation list and the presenter's top three, in English and Korean.
enum RoomQuestionPhrase: String, CaseIterable, Sendable {
    // The participant's section.
    case roomQHeading, roomQTextLabel, roomQTextHint, roomQNameLabel, roomQPostButton, roomQEmpty, roomQApproveFirstNote
    case roomQPosted, roomQWaiting, roomQUpvote, roomQUnvote, roomQOneVote, roomQVotes, roomQPinned, roomQAnswered
    case roomQCapParticipant, roomQCapMeeting, roomQClosed, roomQGone, roomQNoIdentity
    // The dashboard's moderation list.
    case roomQSettingsLegend, roomQEnabledLabel, roomQModerationLabel, roomQPostThenHide, roomQApproveFirst
    case roomQNamesLabel, roomQAnonymous, roomQNamed, roomQSaveSettings, roomQSettingsSaved, roomQChanged, roomQHostEmpty
    case roomQOffNote, roomQStatusPending, roomQStatusVisible, roomQStatusHidden
    case roomQApprove, roomQHide, roomQShowAgain, roomQMarkAnswered, roomQMarkUnanswered, roomQPin, roomQUnpin, roomQActionsLabel
    case roomQDelete, roomQDeleted, roomQAnonymousErases
    // The presenter view.
    case roomQTopHeading, roomQTopEmpty

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .roomQHeading: return ("Questions from the room", "현장 질문")
        case .roomQTextLabel: return ("Your question or topic", "질문이나 주제")
        case .roomQTextHint: return ("Up to 280 characters. Everyone in the room can upvote it.", "280자까지 쓸 수 있어요. 참가자 모두가 추천할 수 있어요.")
        case .roomQNameLabel: return ("Your name (shown with your question)", "이름 (질문과 함께 보여요)")
        case .roomQPostButton: return ("Post question", "질문 올리기")
        case .roomQEmpty: return ("No questions yet. Be the first to ask.", "아직 질문이 없어요. 처음으로 질문해 보세요.")
        case .roomQApproveFirstNote: return ("Questions appear once the host has approved them.", "진행자가 승인한 질문만 보여요.")
        case .roomQPosted: return ("Your question is posted.", "질문을 올렸어요.")
        case .roomQWaiting: return ("Thank you: your question appears once the host approves it.", "고마워요. 진행자가 승인하면 질문이 보여요.")
        case .roomQUpvote: return ("Upvote", "추천")
        case .roomQUnvote: return ("Remove my vote", "추천 취소")
        case .roomQOneVote: return ("1 vote", "추천 1")
        case .roomQVotes: return ("{n} votes", "추천 {n}")
        case .roomQPinned: return ("Pinned", "고정됨")
        case .roomQAnswered: return ("Answered", "답변함")
        case .roomQCapParticipant:
            return ("You have posted the most questions one person may post to this session ({n}).", "한 사람이 이 세션에 올릴 수 있는 질문({n}개)을 모두 올렸어요.")
        case .roomQCapMeeting: return ("This session has all the questions it can take ({n}).", "이 세션은 더 이상 질문을 받을 수 없어요({n}개).")
        case .roomQClosed: return ("The host has turned questions off.", "진행자가 질문 받기를 껐어요.")
        case .roomQGone: return ("That question is no longer shown.", "그 질문은 이제 보이지 않아요.")
        case .roomQNoIdentity:
            return (
                "Many people on your network joined at once: reload this page in a minute to post or vote.",
                "같은 네트워크에서 한꺼번에 많은 사람이 들어왔어요. 1분 뒤에 이 페이지를 새로 고치면 질문하거나 추천할 수 있어요."
            )
        case .roomQSettingsLegend: return ("Settings", "설정")
        case .roomQEnabledLabel: return ("Let the room post questions", "참가자가 질문을 올릴 수 있게 하기")
        case .roomQModerationLabel: return ("Moderation", "검토 방식")
        case .roomQPostThenHide: return ("Show each question at once; I hide what does not belong", "바로 보여 주고, 맞지 않는 질문은 제가 숨겨요")
        case .roomQApproveFirst: return ("Show a question only after I approve it", "제가 승인한 질문만 보여 줘요")
        case .roomQNamesLabel: return ("Names", "이름")
        case .roomQAnonymous: return ("Anonymous", "익명")
        case .roomQNamed: return ("Ask for a name with each question", "질문마다 이름 받기")
        case .roomQSaveSettings: return ("Save settings", "설정 저장")
        case .roomQSettingsSaved: return ("Settings saved.", "설정을 저장했어요.")
        case .roomQChanged: return ("Question updated.", "질문을 바꿨어요.")
        case .roomQHostEmpty: return ("No questions yet.", "아직 질문이 없어요.")
        case .roomQOffNote:
            return ("Off: the participant page shows no questions section.", "꺼져 있어요. 참가자 페이지에 질문 영역이 보이지 않아요.")
        case .roomQStatusPending: return ("Waiting for approval", "승인 대기")
        case .roomQStatusVisible: return ("Shown", "보임")
        case .roomQStatusHidden: return ("Hidden", "숨김")
        case .roomQApprove: return ("Approve", "승인")
        case .roomQHide: return ("Hide", "숨기기")
        case .roomQShowAgain: return ("Show again", "다시 보이기")
        case .roomQMarkAnswered: return ("Mark answered", "답변함으로 표시")
        case .roomQMarkUnanswered: return ("Mark not answered", "답변 안 함으로 표시")
        case .roomQPin: return ("Pin", "고정")
        case .roomQUnpin: return ("Unpin", "고정 해제")
        case .roomQActionsLabel: return ("Moderate this question", "이 질문 검토")
        case .roomQDelete: return ("Delete", "삭제")
        case .roomQDeleted: return ("Question deleted.", "질문을 삭제했어요.")
        case .roomQAnonymousErases:
            return ("Making questions anonymous erases the names already given.", "익명으로 바꾸면 이미 받은 이름이 지워져요.")
        case .roomQTopHeading: return ("Top questions from the room", "추천 많은 현장 질문")
        case .roomQTopEmpty: return ("No questions yet.", "아직 질문이 없어요.")
        }
    }
}

extension RoomQuestionPhrase: PhraseTable {}
