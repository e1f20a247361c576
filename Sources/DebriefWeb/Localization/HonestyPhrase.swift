import Debrief
import Foundation

/// The fixed text of honest responses (docs/decisions/0036) — the builder's speeder threshold
/// and shuffle settings, the dashboard's quality counts and its filter — in each ``Language``:
/// read by templates as `{{t.name}}` like ``Phrase`` and ``HostPhrase``.
enum HonestyPhrase: String, CaseIterable, Sendable {
    case shuffleOptionsLabel, speederThresholdLabel, speederThresholdHint
    case qualityHeading, qualitySpeeders, qualityStraightLiners, qualityFlagged, qualityMedian, qualityNoTimes
    case qualityThresholdDefault, qualityThresholdSet
    case excludeFlaggedLink, includeFlaggedLink, flaggedExcludedNote
    case reloadedForm

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .shuffleOptionsLabel: return ("Show the options in a different order to each participant", "참여자마다 선택지 순서를 다르게 보여 주기")
        case .speederThresholdLabel: return ("Speeder threshold (seconds)", "너무 빠른 응답 기준(초)")
        case .speederThresholdHint:
            return ("Responses completed faster than this are flagged in the results, never deleted. Leave empty for a default from the form's length.",
                    "이보다 빨리 끝난 응답은 결과에 표시만 하고 지우지 않아요. 비워 두면 설문 길이에 따라 정해요.")
        case .qualityHeading: return ("How the responses were given", "응답 방식")
        case .qualitySpeeders: return ("Speeders (faster than {seconds} s): {n}", "너무 빠른 응답({seconds}초 미만): {n}")
        case .qualityStraightLiners: return ("Same answer to every statement of a grid: {n}", "표 문항에 모두 같은 답: {n}")
        case .qualityFlagged: return ("Flagged responses: {n}", "표시된 응답: {n}")
        case .qualityMedian: return ("Median completion time: {seconds} s", "응답 시간 중앙값: {seconds}초")
        case .qualityNoTimes: return ("No completion times yet.", "아직 응답 시간이 없어요.")
        case .qualityThresholdDefault: return ("default from the form's length", "설문 길이에 따른 기본값")
        case .qualityThresholdSet: return ("set by the host", "진행자가 정한 값")
        case .excludeFlaggedLink: return ("Leave out flagged responses", "표시된 응답 빼고 보기")
        case .includeFlaggedLink: return ("Show every response", "모든 응답 보기")
        case .flaggedExcludedNote:
            return ("Flagged responses are left out of these results. Nothing is deleted.", "표시된 응답을 빼고 보여 주고 있어요. 지운 응답은 없어요.")
        case .reloadedForm:
            return ("This page could not be checked. Send your answers again.", "이 페이지를 확인할 수 없었어요. 답변을 다시 보내 주세요.")
        }
    }
}
