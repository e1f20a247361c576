import Debrief

/// The words of "did this help?" and of the actions' questions before and after (decision 78): the
/// Actions block's checkbox and the trends page's table, in English and Korean.
enum HelpPhrase: String, CaseIterable, Sendable {
    case asksIfHelpedLabel, asksIfHelpedHint, asksIfHelpedShown, asksIfHelpedOn, asksIfHelpedOff, asksIfHelpedError
    case actionTrendsHeading, actionTrendsIntro, actionTrendsRecorded, actionTrendsQuestion, actionTrendsStatus
    case actionTrendsBefore, actionTrendsAfter, actionTrendsComparable, actionTrendsSame, actionTrendsChanged, actionTrendsNotAsked
    case actionTrendsChange, actionTrendsShift, actionTrendsPoints, actionTrendsNoChange
    case whatWorkedHeading, whatWorkedIntro, whatWorkedMoved, whatWorkedWithinNoise

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .asksIfHelpedLabel: return ("Ask “did this help?” next session", "다음 세션에서 “도움이 되었나요?” 묻기")
        case .asksIfHelpedHint:
            return ("A 1–5 rating question quoting the action, in the next session's form.",
                    "실행 항목을 인용한 1–5점 질문이 다음 세션 설문에 들어가요.")
        case .asksIfHelpedShown: return ("Asked next session: “did this help?”", "다음 세션에서 “도움이 되었나요?”를 물어요")
        case .asksIfHelpedOn: return ("Ask if it helped", "도움이 되었는지 묻기")
        case .asksIfHelpedOff: return ("Stop asking", "묻지 않기")
        case .asksIfHelpedError: return ("Did this help?", "도움이 되었나요?")
        case .actionTrendsHeading: return ("What actions were meant to move", "실행 항목이 바꾸려던 질문")
        case .actionTrendsIntro:
            return ("The question each action named, in the session that recorded it and in the next.",
                    "각 실행 항목이 가리킨 질문을 기록한 세션과 다음 세션에서 비교해요.")
        case .actionTrendsRecorded: return ("Recorded at", "기록한 세션")
        case .actionTrendsQuestion: return ("Question", "질문")
        case .actionTrendsStatus: return ("Status", "상태")
        case .actionTrendsBefore: return ("Before", "전")
        case .actionTrendsAfter: return ("After", "후")
        case .actionTrendsComparable: return ("Comparable", "비교 가능")
        case .actionTrendsSame: return ("yes", "예")
        case .actionTrendsChanged: return ("no: {changes} changed", "아니요: {changes} 변경")
        case .actionTrendsNotAsked: return ("not asked", "묻지 않음")
        case .actionTrendsChange: return ("Change (95 % interval)", "변화 (95 % 구간)")
        case .actionTrendsShift: return ("{difference} ({lower} to {upper})", "{difference} ({lower} ~ {upper})")
        case .actionTrendsPoints: return ("{value} pts", "{value}%p")
        case .actionTrendsNoChange: return ("–", "–")
        case .whatWorkedHeading: return ("What worked", "효과가 있었던 것")
        case .whatWorkedIntro:
            return ("An action's question moved when the change's 95 % interval lies wholly above or below zero; within the noise, it includes zero. With several options, one may move by chance.",
                    "변화의 95 % 구간이 0을 포함하지 않으면 질문이 움직인 것이고, 0을 포함하면 잡음 범위 안이에요. 선택지가 여럿이면 하나쯤은 우연히 움직일 수 있어요.")
        case .whatWorkedMoved: return ("Moved", "움직임")
        case .whatWorkedWithinNoise: return ("Within the noise", "잡음 범위 안")
        }
    }
}

extension HelpPhrase: PhraseTable {}
