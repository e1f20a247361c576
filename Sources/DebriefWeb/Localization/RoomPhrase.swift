import Debrief
import Foundation

/// The fixed text of live results for the room (issue 37): the builder's live-sharing setting,
/// the thanks page's live block and the host's presenter view, in each ``Language``; read by
/// templates as `{{t.name}}` like ``Phrase``.
enum RoomPhrase: String, CaseIterable, Sendable {
    case sharesResultsLiveLabel, sharesResultsLiveHint
    case roomLiveNote, roomEnded, roomAnswered, roomMean, roomResponses, roomWithheld
    case presenterLink, presenterHeading, presenterJoin, presenterNotLive, presenterNoForm, presenterBack
    case presenterPosition, presenterPrevious, presenterNext, presenterOverview, presenterStepping, presenterKeys
    case roomWordCloud, roomNoWords

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .sharesResultsLiveLabel: return ("Update the shared results live (thanks page and presenter view)", "공개 결과를 실시간으로 갱신 (감사 페이지와 발표 화면)")
        case .sharesResultsLiveHint:
            return ("Participants see counts, shares and averages only, never the texts anyone wrote. You can switch this on and off while the form is open.",
                    "참여자에게는 개수, 비율, 평균만 보여 주고 누군가 쓴 글은 보여 주지 않아요. 설문이 열려 있는 동안에도 켜고 끌 수 있어요.")
        case .roomLiveNote: return ("These results update live.", "이 결과는 실시간으로 갱신돼요.")
        case .roomEnded: return ("Live updates have ended.", "실시간 갱신이 끝났어요.")
        case .roomAnswered: return ("{n} answered", "{n}명 응답")
        case .roomMean: return ("Average {mean}", "평균 {mean}")
        case .roomResponses: return ("{n} responses", "응답 {n}개")
        case .roomWithheld: return ("Shown once enough people have answered.", "충분한 인원이 답하면 보여 줘요.")
        case .presenterLink: return ("Presenter view", "발표 화면")
        case .presenterHeading: return ("Live results", "실시간 결과")
        case .presenterJoin: return ("Join at {url} with code {code}", "{url} 에서 코드 {code} 로 참여하세요")
        case .presenterNotLive:
            return ("Live sharing is off: switch on “Update the shared results live” in the form settings to show the results here as they arrive.",
                    "실시간 공개가 꺼져 있어요. 설문 설정에서 “공개 결과를 실시간으로 갱신”을 켜면 결과가 도착하는 대로 여기에 보여요.")
        case .presenterNoForm: return ("The form is not published yet.", "설문이 아직 게시되지 않았어요.")
        case .presenterBack: return ("Back to the dashboard", "대시보드로 돌아가기")
        case .presenterPosition: return ("Question {n} of {total}", "질문 {n} / {total}")
        case .presenterPrevious: return ("← Previous question", "← 이전 질문")
        case .presenterNext: return ("Next question →", "다음 질문 →")
        case .presenterOverview: return ("All questions", "모든 질문")
        case .presenterStepping: return ("Questions", "질문")
        case .presenterKeys:
            return ("Arrow keys, Space or a clicker’s Page Up and Page Down step through the questions; Home and End go to the first and the last; O lists them all.",
                    "화살표 키, 스페이스 바, 리모컨의 Page Up·Page Down으로 질문을 넘겨요. Home과 End는 처음과 끝으로, O는 모든 질문 목록으로 가요.")
        case .roomWordCloud: return ("Words used by several people", "여러 사람이 쓴 단어")
        case .roomNoWords: return ("No word has been used by enough people to show yet.", "아직 보여 줄 만큼 여러 사람이 쓴 단어가 없어요.")
        }
    }
}
