import Debrief
import Foundation

/// The fixed text of the form builder's lists and summaries (issue 32, items 3, 5 and 6): the
/// follow-up picked from lists, a question's summary line, the preview beside the editor and
/// the privacy threshold's explanation, in each ``Language``; read by templates as `{{t.name}}`
/// like ``Phrase`` and ``HostPhrase``.
enum BuilderPhrase: String, CaseIterable, Sendable {
    // The follow-up, picked from lists
    case followUpHint, followUpQuestionLabel, followUpRuleLabel, followUpOptionsLegend, followUpRangeLegend
    case followUpPickFirst, updateChoicesButton, followUpUnknownSource, followUpUntitled
    // A question's summary line
    case summaryNoText, shownWhenRange, shownWhenChosen, shownWhenNotChosen, editQuestionHint
    // The preview
    case previewPlaceholder, previewUpdated, previewFailed
    // The privacy threshold, chosen
    case privacyChoiceLabel, privacyExplanation, privacyExplanationOne, privacyAnonymousOnly, privacyDefaultOption

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .followUpHint:
            return ("A follow-up: shown only to participants whose answer to an earlier rating or choice question matches.",
                    "후속 질문: 앞선 평점·선택형 질문의 답이 맞는 참여자에게만 보여요.")
        case .followUpQuestionLabel: return ("Earlier question", "앞선 질문")
        case .followUpRuleLabel: return ("When its answer", "그 답이")
        case .followUpOptionsLegend: return ("Options", "선택지")
        case .followUpRangeLegend: return ("Ratings", "점수 범위")
        case .followUpPickFirst:
            return ("Choose the earlier question, then “Update choices” to list its options or its scale.",
                    "앞선 질문을 고른 뒤 “선택지 새로 고치기”를 누르면 그 선택지나 점수가 나와요.")
        case .updateChoicesButton: return ("Update choices", "선택지 새로 고치기")
        case .followUpUnknownSource: return ("{key} (not an earlier rating or choice question)", "{key} (앞선 평점·선택형 질문이 아님)")
        case .followUpUntitled: return ("(no text yet)", "(아직 내용 없음)")
        case .summaryNoText: return ("(no text yet)", "(아직 내용 없음)")
        case .shownWhenRange: return ("shown when {question} is {from}–{to}", "{question}의 답이 {from}–{to}일 때 보임")
        case .shownWhenChosen: return ("shown when {question} is {options}", "{question}에서 {options} 선택 시 보임")
        case .shownWhenNotChosen: return ("shown when {question} is not {options}", "{question}에서 {options} 미선택 시 보임")
        case .editQuestionHint: return ("Open a question to edit it.", "질문을 열어 고칠 수 있어요.")
        case .previewPlaceholder:
            return ("The preview appears here once the form has no problems; “Preview” refreshes it.",
                    "설문에 문제가 없으면 여기에 미리 보기가 나와요. “미리 보기”를 누르면 새로 고쳐요.")
        case .previewUpdated: return ("Preview updated.", "미리 보기를 새로 고쳤어요.")
        case .previewFailed: return ("The preview could not be updated; the page reloads with the problems.", "미리 보기를 새로 고치지 못했어요. 문제를 보여 주도록 페이지를 다시 불러와요.")
        case .privacyChoiceLabel: return ("Hide results until this many people answered", "이 인원이 답할 때까지 결과 숨기기")
        case .privacyExplanation:
            return ("A question with fewer than {k} answers stays hidden, so nobody can be recognised.",
                    "답이 {k}개보다 적은 질문은 숨겨 두어서 누구도 알아볼 수 없어요.")
        case .privacyExplanationOne:
            return ("With 1, every answer shows at once, even a single one: in a small group a person may be recognised.",
                    "1이면 답이 하나뿐이어도 바로 보여서, 작은 모임에서는 누가 답했는지 알 수 있어요.")
        case .privacyAnonymousOnly: return ("Applies while the form is anonymous; with names kept, answers show as they come.", "익명 설문일 때 적용돼요. 이름을 남기는 설문은 답이 바로 보여요.")
        case .privacyDefaultOption: return ("{k} (default)", "{k} (기본값)")
        }
    }
}
