import Debrief
import Foundation

/// The builder's words for the series' form (docs/decisions/0063), in each ``Language``; read by
/// templates as `{{t.name}}` like ``Phrase``.
enum SeriesFormPhrase: String, CaseIterable, Sendable {
    case seriesFormFollows, seriesFormOwn, seriesFormNone, saveThisSessionOnly, pushToSeriesButton, pushedToSeries
    case seriesCloseRule, closesAfterHoursLabel, closesAfterHoursHint

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .seriesFormFollows:
            return (
                "This session uses the series' form: saving changes it for every session of the series not yet published.",
                "이 세션은 시리즈 설문을 써요. 저장하면 아직 게시하지 않은 시리즈의 모든 세션에 바뀌어요.")
        case .seriesFormOwn:
            return (
                "This session has its own form: changes here stay in this session.",
                "이 세션에는 따로 만든 설문이 있어요. 여기서 바꾼 내용은 이 세션에만 남아요.")
        case .seriesFormNone:
            return (
                "The first form saved here becomes the series' form: every session of the series not yet published starts with it.",
                "여기서 처음 저장한 설문이 시리즈 설문이 돼요. 아직 게시하지 않은 시리즈의 모든 세션이 이 설문으로 시작해요.")
        case .saveThisSessionOnly: return ("Save for this session only", "이 세션에만 저장")
        case .pushToSeriesButton: return ("Make this the series' form", "이 설문을 시리즈 설문으로")
        case .pushedToSeries:
            return (
                "This is now the series' form: sessions not yet published use it.",
                "이제 이 설문이 시리즈 설문이에요. 아직 게시하지 않은 세션이 이 설문을 써요.")
        case .seriesCloseRule: return ("Each session's form closes {rule}.", "각 세션의 설문은 {rule} 닫혀요.")
        case .closesAfterHoursLabel:
            return ("Closes this many hours after the session ends (optional)", "세션이 끝나고 몇 시간 뒤에 닫을까요 (선택)")
        case .closesAfterHoursHint:
            return (
                "Whole hours, 0 to 8760, counted from each session's own end. Blank: the form does not close by itself.",
                "0부터 8760까지 정수 시간이며, 각 세션이 끝난 때부터 세요. 비워 두면 저절로 닫히지 않아요.")
        }
    }
}

extension SeriesFormPhrase: PhraseTable {}

extension Localizer {
    /// A phrase of the series' form, with `{name}` placeholders filled.
    func callAsFunction(_ phrase: SeriesFormPhrase, _ values: [String: String] = [:]) -> String {
        values.reduce(phrase.text(self.language)) { text, value in
            text.replacingOccurrences(of: "{\(value.key)}", with: value.value)
        }
    }
}
