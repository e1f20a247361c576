import Debrief

/// Personal links and reminders to those who have not answered (docs/decisions/0077), in
/// English and Korean: the participant form's word about a link that is not this session's, and
/// the roster send page's reminder block.
enum RemindPhrase: String, CaseIterable, Sendable {
    case personalLinkUnknown
    case rosterAnsweredHeading, rosterAnsweredNamed, rosterAnsweredAnonymous, remindButton, remindWho, remindNobody, remindDone
    case remindButtonAnonymous, remindDoneAnonymous, remindPressed, remindRepeated
    case reminderAfterEndHours, reminderAfterEndOn
    case remindOtherSessions

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .personalLinkUnknown:
            return (
                "This personal link is not for this session. Your answers can still be sent without it.",
                "이 개인 링크는 이번 회차의 링크가 아니에요. 링크 없이도 답변을 보낼 수 있어요."
            )
        case .rosterAnsweredHeading: return ("Who has answered", "답한 사람")
        case .rosterAnsweredNamed: return ("{n} of {total} roster members have answered.", "명단 {total}명 중 {n}명이 답했어요.")
        case .rosterAnsweredAnonymous:
            return (
                "{n} of the {total} people sent this session's link have answered through it. The form is anonymous: you see how many, never who, and never who a reminder goes to.",
                "이번 회차 링크를 받은 {total}명 중 {n}명이 링크로 답했어요. 익명 설문이라 몇 명인지만 보이고, 누가 답했는지와 누구에게 알림이 가는지는 보이지 않아요."
            )
        case .remindButtonAnonymous:
            return (
                "Remind those of the {total} sent the link who have not answered (counts {total} against today's mail)",
                "링크를 받은 {total}명 중 아직 답하지 않은 사람에게 알림 보내기 (오늘 메일 {total}통으로 셈)"
            )
        case .remindDoneAnonymous:
            return (
                "Reminded those of the {total} sent the link who had not answered, each with their own link. It counted {total} against today's mail, whoever answered.",
                "링크를 받은 {total}명 중 아직 답하지 않은 사람에게 각자의 링크로 알림을 보냈어요. 누가 답했든 오늘 메일 {total}통으로 셌어요."
            )
        case .remindPressed:
            return (
                "This session's reminder was sent already: each member gets it once, however often it is pressed.",
                "이번 회차 알림은 이미 보냈어요. 여러 번 눌러도 한 사람에게 한 번만 가요."
            )
        case .remindRepeated:
            return ("Nothing was sent: this session's reminder went already.", "보낸 것이 없어요. 이번 회차 알림은 이미 보냈어요.")
        case .remindButton: return ("Remind the {n} who have not answered", "아직 답하지 않은 {n}명에게 알림 보내기")
        case .remindWho: return ("They are: {names}.", "받는 사람: {names}.")
        case .remindNobody:
            return (
                "Nobody to remind: everyone whose link was sent has answered, or has no address that may be mailed.",
                "알림을 보낼 사람이 없어요. 링크를 받은 사람이 모두 답했거나 보낼 수 있는 주소가 없어요."
            )
        case .remindDone: return ("Reminded {n} people who had not answered, each with their own link.", "아직 답하지 않은 {n}명에게 각자의 링크로 알림을 보냈어요.")
        case .reminderAfterEndHours: return ("Hours after the session ends", "회차가 끝나고 몇 시간 뒤")
        case .reminderAfterEndOn: return ("On: {n} h after the session ends.", "켜짐: 회차가 끝나고 {n}시간 뒤.")
        case .remindOtherSessions:
            return (
                "Reminders go only to the session happening now and to the previous one while its form is open ({sessions}), not to this session.",
                "알림은 지금 진행 중인 회차와 설문이 아직 열린 지난 회차({sessions})에만 가요. 이 회차에는 보내지 않아요."
            )
        }
    }
}

extension RemindPhrase: PhraseTable {}
