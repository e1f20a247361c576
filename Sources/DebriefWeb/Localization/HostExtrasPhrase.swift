import Debrief
import Foundation

/// The fixed text of the responses (moderation) pages, the time zone setting and the form
/// builder's script, in each ``Language``: read by templates as `{{t.name}}` like ``Phrase``
/// and ``HostPhrase``, kept apart so no list grows past a screenful of cases.
enum HostExtrasPhrase: String, CaseIterable, Sendable {
    // Responses and their moderation
    case responsesLink, responsesHeading, responsesBody, noResponses, submittedColumn, answersWithheld
    case removeResponseLink, removeResponseHeading, removeResponseBody, removeResponseButton, responseRemoved
    case removedByHostOne, removedByHostMany, olderResponses, changedNote
    // Time zone
    case timeZoneHeading, timeZoneLabel, timeZoneHint, timeZoneSaved, timesIn, timeZoneFieldHint, meetingZoneLabel, meetingZoneHint
    // The next session
    case closePreviousFormLabel, closePreviousFormHint
    // The dashboard's navigation
    case meetingNavLabel, editFormButton, moreForMeeting, navGroupPeople, navGroupMeeting, editDetailsLink, deleteSessionLink
    // The builder's script
    case dragHandle, movedTo, questionAdded, optionAdded, itemRemoved, reorderHint
    // The builder's follow-up condition
    case showWhenHeading, showWhenHint, showWhenQuestionLabel, showWhenRuleLabel, showWhenValuesLabel
    case showWhenAlways, showWhenRatingBetween, showWhenChosen, showWhenNotChosen
    // The builder's Publish, which saves the page first
    case publishHasErrors

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .publishHasErrors: return ("Some fields need another look; nothing was saved or published.", "다시 확인할 항목이 있어요. 저장하거나 게시하지 않았어요.")
        case .showWhenHeading: return ("Show this question only when…", "이 질문을 보여 줄 조건…")
        case .showWhenHint: return ("A follow-up: shown only when an earlier rating or choice question's answer matches. Values: a range like 0-6, or option ids separated by spaces.", "후속 질문: 앞선 평점·선택형 질문의 답이 맞을 때만 보여요. 값: 0-6 같은 범위, 또는 공백으로 구분한 선택지 ID.")
        case .showWhenQuestionLabel: return ("Earlier question (key)", "앞선 질문(키)")
        case .showWhenRuleLabel: return ("When its answer", "그 답이")
        case .showWhenValuesLabel: return ("Values", "값")
        case .showWhenAlways: return ("Always show", "항상 보이기")
        case .showWhenRatingBetween: return ("is a rating between", "다음 범위의 점수일 때")
        case .showWhenChosen: return ("chose one of", "다음 중 하나를 골랐을 때")
        case .showWhenNotChosen: return ("chose none of", "다음을 하나도 고르지 않았을 때")
        case .responsesLink: return ("Responses", "응답")
        case .responsesHeading: return ("Responses: {title}", "응답: {title}")
        case .responsesBody: return ("Each response to the published form, newest first. Remove spam or a test answer: every number drops by exactly what it added.", "게시된 설문의 응답이에요(최신순). 스팸이나 시험 응답을 지우면 모든 숫자에서 그 응답만큼 빠져요.")
        case .noResponses: return ("No responses yet.", "아직 응답이 없어요.")
        case .submittedColumn: return ("Sent", "보낸 시각")
        case .answersWithheld: return ("Not shown: fewer than {k} people answered this anonymous question.", "표시하지 않음: 이 익명 질문에 답한 사람이 {k}명보다 적어요.")
        case .removeResponseLink: return ("Remove", "삭제")
        case .removeResponseHeading: return ("Remove this response?", "이 응답을 삭제할까요?")
        case .removeResponseBody: return ("The response and its answers are deleted for good; the results say that the host removed one.", "응답과 답변이 영구히 삭제되고, 결과에는 호스트가 응답을 삭제했다고 표시돼요.")
        case .removeResponseButton: return ("Remove the response", "응답 삭제")
        case .responseRemoved: return ("Response removed.", "응답을 삭제했어요.")
        case .removedByHostOne: return ("1 response removed by the host", "호스트가 삭제한 응답 1개")
        case .removedByHostMany: return ("{n} responses removed by the host", "호스트가 삭제한 응답 {n}개")
        case .olderResponses: return ("Older responses", "이전 응답")
        case .changedNote: return ("changed {time}", "{time}에 수정됨")
        case .timeZoneHeading: return ("Time zone", "시간대")
        case .timeZoneLabel: return ("Show times in", "시간 표시 기준")
        case .timeZoneHint:
            return ("Type a region or city to search, such as Asia/Kolkata. Every time on your pages, and the times you type, are in this zone.",
                    "지역이나 도시 이름을 입력해 찾으세요(예: Asia/Seoul). 내 페이지의 모든 시각과 입력하는 시각이 이 시간대 기준이에요.")
        case .timeZoneSaved: return ("Time zone saved.", "시간대를 저장했어요.")
        case .timesIn: return ("Times in {zone}", "시간대: {zone}")
        case .timeZoneFieldHint: return ("Times are in {zone}.", "시간은 {zone} 기준이에요.")
        case .closePreviousFormLabel:
            return ("Close the form of {session} ({title}) when this session is created",
                    "이 회차를 만들 때 {session}({title})의 설문 닫기")
        case .closePreviousFormHint:
            return ("Late answers then cannot land on last week's session; you can reopen it from its form page.",
                    "지난 회차에 늦은 응답이 들어가지 않아요. 설문 페이지에서 다시 열 수 있어요.")
        case .meetingNavLabel: return ("This meeting", "이 회의")
        case .editFormButton: return ("Edit the form", "설문 수정")
        case .moreForMeeting: return ("More for this meeting", "이 회의 더 보기")
        case .navGroupPeople: return ("Answers and people", "응답과 사람")
        case .navGroupMeeting: return ("The meeting", "회의")
        case .editDetailsLink: return ("Edit title, time and place", "제목·시간·장소 수정")
        case .deleteSessionLink: return ("Delete this session", "이 회차 삭제")
        case .meetingZoneLabel: return ("Time zone of these times", "이 시각의 시간대")
        case .meetingZoneHint:
            return ("Your account's zone unless you choose another; type to search, such as America/Argentina/Buenos_Aires.",
                    "다른 시간대를 고르지 않으면 계정의 시간대예요. 입력해 찾으세요(예: Asia/Seoul).")
        case .dragHandle: return ("Drag to reorder", "끌어서 순서 바꾸기")
        case .movedTo: return ("{item} moved to position {n} of {count}.", "{item}: {count}개 중 {n}번째로 옮겼어요.")
        case .questionAdded: return ("{item} added.", "{item}을(를) 추가했어요.")
        case .optionAdded: return ("{item} added.", "{item}을(를) 추가했어요.")
        case .itemRemoved: return ("{item} removed.", "{item}을(를) 삭제했어요.")
        case .reorderHint: return ("Reorder with the move buttons, Alt+↑ and Alt+↓ in a question or option, or by dragging ⠿.", "이동 버튼, 질문이나 선택지 안에서 Alt+↑/Alt+↓, 또는 ⠿를 끌어서 순서를 바꿀 수 있어요.")
        }
    }
}
