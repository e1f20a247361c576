import Debrief

/// How the outputs that are not the actions' own pages speak of actions (decision 74): the
/// trends page's column and the digest's line about the previous session, in English and Korean.
enum ActionOutputPhrase: String, CaseIterable, Sendable {
    case actionsDoneColumn, actionsDoneOf, actionsNone, digestPreviousActions

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .actionsDoneColumn: return ("Actions done", "완료한 실행 항목")
        case .actionsDoneOf: return ("{done} of {total} ({rate}%)", "{total}개 중 {done}개 ({rate}%)")
        case .actionsNone: return ("none recorded", "기록 없음")
        case .digestPreviousActions: return ("Last session's actions: {done} of {total} done", "지난 회차 실행 항목: {total}개 중 {done}개 완료")
        }
    }
}

extension ActionOutputPhrase: PhraseTable {}
