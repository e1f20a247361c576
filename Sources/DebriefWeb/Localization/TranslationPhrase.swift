import Debrief
import Foundation

/// The fixed text of the translations page (`/m/{id}/form/translations`) and the builder's notes
/// about languages, in each ``Language``: read by templates as `{{t.name}}` like ``Phrase``.
enum TranslationPhrase: String, CaseIterable, Sendable {
    case translationsLink, translationsHeading, translationsBody, formLanguageLabel, formLanguageHint
    case addLanguageLabel, addLanguageButton, removeLanguageButton, noTranslations
    case translationCaption, textColumn, originalColumn, translationColumn, missingBadge
    case missingSummary, missingNone, translationsSaved, languagesNote, languagesTile, unitLabel
    case outdatedBadge, outdatedSummary

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .translationsLink: return ("Translations", "번역")
        case .translationsHeading: return ("Translations: {title}", "번역: {title}")
        case .translationsBody:
            return (
                "Participants see the form in the language their browser asks for, or the one they pick. Only texts are translated: answers in every language are counted together.",
                "참가자는 브라우저가 요청하는 언어나 직접 고른 언어로 설문을 봐요. 글만 번역되고, 모든 언어의 답이 함께 집계돼요."
            )
        case .formLanguageLabel: return ("Language the form is written in", "설문을 작성한 언어")
        case .formLanguageHint: return ("The texts in the form builder are in this language.", "설문 편집기의 글이 이 언어로 쓰여 있어요.")
        case .addLanguageLabel: return ("Add a language", "언어 추가")
        case .addLanguageButton: return ("Add", "추가")
        case .removeLanguageButton: return ("Remove {language}", "{language} 삭제")
        case .noTranslations: return ("The form is in one language.", "설문이 한 언어로만 되어 있어요.")
        case .translationCaption: return ("{language}: every text beside the original", "{language}: 원문 옆에 번역")
        case .textColumn: return ("Text", "항목")
        case .originalColumn: return ("Original", "원문")
        case .translationColumn: return ("Translation", "번역")
        case .missingBadge: return ("Missing", "빠짐")
        case .missingSummary:
            return (
                "{n} texts still need a translation. The form cannot be published until every text is translated.",
                "아직 번역이 없는 글이 {n}개 있어요. 모든 글을 번역해야 설문을 게시할 수 있어요."
            )
        case .missingNone: return ("Every text is translated.", "모든 글이 번역되었어요.")
        case .translationsSaved: return ("Translations saved.", "번역을 저장했어요.")
        case .languagesNote: return ("Languages: {languages}.", "언어: {languages}.")
        case .languagesTile: return ("Responses by language", "언어별 응답")
        case .unitLabel: return ("Unit", "단위")
        case .outdatedBadge: return ("May be out of date", "오래된 번역일 수 있음")
        case .outdatedSummary:
            return (
                "{n} translated texts may be out of date: their original changed after they were translated. Check them and save to mark them current.",
                "번역한 뒤 원문이 바뀌어 오래되었을 수 있는 번역이 {n}개 있어요. 확인하고 저장하면 최신으로 표시돼요."
            )
        }
    }
}
