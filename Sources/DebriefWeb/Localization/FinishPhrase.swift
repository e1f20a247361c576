import Debrief
import Foundation

/// The fixed text of the finishing touches (issue 32): the participant's "you already answered"
/// page, the grouped navigation of the host's pages and the meetings list's state column, in each
/// ``Language``; read by templates as `{{t.name}}` like ``Phrase``.
enum FinishPhrase: String, CaseIterable, Sendable {
    // A participant who answered already
    case answeredHeading, answeredBody, answeredFromBrowserBody, answeredEditableBody, changeAnswersButton
    // Grouped navigation
    case navPrimary, navMore, navSignedInAs
    // The meetings list
    case listStateColumn, listResponsesColumn

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .answeredHeading: return ("You already answered", "이미 답했어요")
        case .answeredBody:
            return ("Your answers to this form were received earlier, and each person answers it once. Thank you!", "이 설문에 대한 답변은 이미 전달되었어요. 한 사람이 한 번만 답할 수 있어요. 감사합니다!")
        case .answeredFromBrowserBody:
            return ("Answers to this form were already sent from this browser, and it takes one response per browser. Thank you!", "이 브라우저에서 이미 이 설문에 답했어요. 브라우저마다 한 번만 답할 수 있어요. 감사합니다!")
        case .answeredEditableBody:
            return ("Your answers to this form were received earlier. You can change them until the form closes.", "이 설문에 대한 답변은 이미 전달되었어요. 설문이 닫히기 전까지 답변을 바꿀 수 있어요.")
        case .changeAnswersButton: return ("Change my answers", "답변 바꾸기")
        case .navPrimary: return ("Main", "주요 메뉴")
        case .navMore: return ("More", "더 보기")
        case .navSignedInAs: return ("Account", "계정")
        case .listStateColumn: return ("Form", "설문")
        case .listResponsesColumn: return ("Responses", "응답")
        }
    }
}
