import Debrief
import Foundation

/// The fixed text of the dashboard at a glance (issue 48): the panel's sections, what the
/// checked-in rate counts, responses by language, and the downloads' file names, in each
/// ``Language``; read by templates as `{{t.name}}` like ``Phrase``.
enum GlancePhrase: String, CaseIterable, Sendable {
    // The panel's two parts
    case overviewHeading, questionsHeading
    // The rate of those checked in, said with its numbers
    case checkedInAnsweredLabel, responsesWithoutCheckIn
    // Responses by language
    case answeredInLanguage, languagesWithheldNote

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .overviewHeading: return ("Responses and attendance", "응답과 출석")
        case .questionsHeading: return ("Answers by question", "질문별 답변")
        case .checkedInAnsweredLabel:
            return ("of the {n} checked in answered ({answered} of {n})", "출석한 {n}명 중 응답 ({answered}/{n}명)")
        case .responsesWithoutCheckIn:
            return ("{unlinked} of the {total} responses came without a check-in, so this rate does not count them",
                    "응답 {total}개 중 {unlinked}개는 출석 없이 들어와 이 비율에 들어가지 않아요")
        case .answeredInLanguage: return ("answered in {language}", "{language}로 응답")
        case .languagesWithheldNote:
            return ("hidden while a language has fewer than {k} responses", "응답이 {k}개 미만인 언어가 있어 숨겼어요")
        }
    }
}

extension GlancePhrase: PhraseTable {}

extension Localizer {
    /// A phrase of the dashboard at a glance, filled like the others.
    func callAsFunction(_ phrase: GlancePhrase, _ values: [String: String] = [:]) -> String {
        var text = phrase.text(self.language)
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }
}
