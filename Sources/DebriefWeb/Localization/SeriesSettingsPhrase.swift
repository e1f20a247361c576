import Debrief
import Foundation

/// The words of a series' settings page (docs/decisions/0073-series-settings.md), in each
/// ``Language``; read by templates as `{{t.name}}` like ``Phrase``.
enum SeriesSettingsPhrase: String, CaseIterable, Sendable {
    case seriesSettingsLink, seriesSettingsHeading, seriesSettingsBody, seriesSettingsTitleHint
    case seriesSettingsZoneHint, seriesSettingsDurationLabel, seriesSettingsDurationHint
    case seriesSettingsPlaceLabel, seriesSettingsPlaceHint, seriesSettingsSave, seriesSettingsSaved
    case seriesSettingsZoneMoved, seriesSettingsErrors

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .seriesSettingsLink: return ("Series settings", "시리즈 설정")
        case .seriesSettingsHeading: return ("Settings of the series “{title}”", "“{title}” 시리즈 설정")
        case .seriesSettingsBody:
            return ("What every session of this series shares. Sessions already held keep their title.",
                    "이 시리즈의 모든 세션이 함께 쓰는 설정이에요. 이미 열린 세션은 제목을 그대로 둬요.")
        case .seriesSettingsTitleHint:
            return ("Renames the sessions that have not ended yet.", "아직 끝나지 않은 세션의 제목을 바꿔요.")
        case .seriesSettingsZoneHint:
            return ("Participants read every time in this zone. Changing it moves no session: each keeps its moment, shown in the new zone.",
                    "참가자는 모든 시간을 이 시간대로 봐요. 바꿔도 세션은 옮겨지지 않아요. 같은 시각을 새 시간대로 보여 줘요.")
        case .seriesSettingsDurationLabel: return ("Length of a new session, in minutes (optional)", "새 세션의 길이, 분 단위 (선택)")
        case .seriesSettingsDurationHint:
            return ("5 to 1440. Blank: as long as the latest session.", "5부터 1440까지. 비워 두면 가장 최근 세션과 같은 길이예요.")
        case .seriesSettingsPlaceLabel: return ("Place of a new session (optional)", "새 세션의 장소 (선택)")
        case .seriesSettingsPlaceHint: return ("Blank: the latest session's place.", "비워 두면 가장 최근 세션의 장소예요.")
        case .seriesSettingsSave: return ("Save", "저장")
        case .seriesSettingsSaved: return ("Saved.", "저장했어요.")
        case .seriesSettingsZoneMoved:
            return ("The zone is now {to} (was {from}). Every session keeps its time; it is shown in {to}.",
                    "시간대가 {from}에서 {to}(으)로 바뀌었어요. 모든 세션은 같은 시각을 지키고 {to} 시간으로 보여요.")
        case .seriesSettingsErrors: return ("The settings were not saved", "설정을 저장하지 않았어요")
        }
    }
}

extension SeriesSettingsPhrase: PhraseTable {}

extension Localizer {
    /// A phrase of the series' settings page, with `{name}` placeholders filled.
    func callAsFunction(_ phrase: SeriesSettingsPhrase, _ values: [String: String] = [:]) -> String {
        values.reduce(phrase.text(self.language)) { text, value in
            text.replacingOccurrences(of: "{\(value.key)}", with: value.value)
        }
    }
}
