import Debrief
import Foundation

/// The fixed text of the question bank's pages (`/question-bank`, `/m/{id}/form/bank`;
/// docs/decisions/0102-question-bank.md) and the builder's links to them, in each ``Language``:
/// read by templates as `{{t.name}}`.
enum QuestionBankPhrase: String, CaseIterable, Sendable, PairedPhraseTable {
    case bankLink, bankHeading, bankIntro, bankEmpty, bankNameLabel, bankRenameButton, bankDeleteButton, bankRenamed
    case bankDeleted, bankLanguages, formBankHeading, formBankLink, saveToBankLink, saveToBankHeading, saveToBankHint
    case saveToBankButton, bankNameOptionalLabel, bankSaved, insertFromBankHeading, insertFromBankHint, insertButton
    case bankNoQuestions, bankFormIsOpen, bankBackToBuilder, bankManageLink

    var texts: (en: String, ko: String) {
        switch self {
        case .bankLink: return ("Question bank", "질문 보관함")
        case .bankHeading: return ("Your question bank", "내 질문 보관함")
        case .bankIntro:
            return (
                "Single questions you saved from your forms, with their translations. Insert them from a form's builder.",
                "설문에서 저장한 질문이 번역과 함께 있어요. 설문 편집기에서 넣을 수 있어요.")
        case .bankEmpty:
            return ("Your bank is empty. Save a question from a form's builder with “Save to bank”.", "보관함이 비어 있어요. 설문 편집기에서 ‘보관함에 저장’으로 질문을 저장하세요.")
        case .bankNameLabel: return ("Name", "이름")
        case .bankRenameButton: return ("Rename", "이름 바꾸기")
        case .bankDeleteButton: return ("Delete", "삭제")
        case .bankRenamed: return ("Renamed to “{name}”.", "‘{name}’(으)로 이름을 바꿨어요.")
        case .bankDeleted: return ("Deleted from your bank.", "보관함에서 삭제했어요.")
        case .bankLanguages: return ("Languages: {languages}", "언어: {languages}")
        case .formBankHeading: return ("Question bank: {title}", "질문 보관함: {title}")
        case .formBankLink: return ("Insert a question from your bank", "보관함에서 질문 넣기")
        case .saveToBankLink: return ("Save to bank", "보관함에 저장")
        case .saveToBankHeading: return ("Save a question of this form", "이 설문의 질문 저장")
        case .saveToBankHint:
            return (
                "Questions as last saved, with their translations; a follow-up's condition is not kept. Save the draft first to include your latest edits.",
                "마지막으로 저장한 질문이 번역과 함께 저장돼요. 후속 질문의 조건은 저장하지 않아요. 최근 수정을 넣으려면 먼저 초안을 저장하세요.")
        case .saveToBankButton: return ("Save to bank", "보관함에 저장")
        case .bankNameOptionalLabel: return ("Name in your bank (optional: the question's text)", "보관함에서의 이름 (선택: 비우면 질문 내용)")
        case .bankSaved: return ("Saved “{name}” to your bank.", "‘{name}’을(를) 보관함에 저장했어요.")
        case .insertFromBankHeading: return ("Insert from your bank", "보관함에서 넣기")
        case .insertFromBankHint:
            return (
                "The question is added last to the draft with a new key, with its translations for this form's languages.",
                "질문이 새 키로 초안 맨 뒤에 들어가요. 이 설문의 언어로 된 번역도 함께 들어가요.")
        case .insertButton: return ("Insert into this form", "이 설문에 넣기")
        case .bankNoQuestions: return ("This form has no saved questions yet.", "이 설문에는 아직 저장된 질문이 없어요.")
        case .bankFormIsOpen:
            return (
                "The form is open: a new question would change what it asks. Close it first, then insert.",
                "설문이 열려 있어 새 질문을 넣으면 묻는 내용이 바뀌어요. 먼저 닫은 다음 넣으세요.")
        case .bankBackToBuilder: return ("Back to the builder", "편집기로 돌아가기")
        case .bankManageLink: return ("Rename or delete entries", "항목 이름 바꾸기·삭제")
        }
    }
}
