import Debrief
import Foundation

/// The words of a session's action items on the host's pages (issue 50, decision 74): the
/// dashboard's Actions block, the review of the previous session's actions that opens the next
/// one, and its step on the presenter view; read by templates as `{{t.name}}` like ``Phrase``.
enum ActionPhrase: String, CaseIterable, Sendable {
    // The dashboard's block.
    case actionsHeading, actionsIntro, actionsEmpty, actionsCount, actionsAddHeading, actionsErrors
    case actionTitleLabel, actionTitleHint, actionOwnerLabel, actionOwnerNone, actionOwnerRoster, actionOwnerHosts
    case actionDueLegend, actionDueNextSession, actionDueDateOption, actionDueDateLabel, actionDueDateHint
    case actionQuestionLabel, actionQuestionNone, actionAddButton
    case actionStatusOpen, actionStatusDone, actionStatusDropped, actionStatusLabel
    case actionMarkDone, actionMarkDropped, actionReopen, actionDelete
    case actionDueOn, actionOwnedBy, actionNoOwner, actionPromptedBy
    case actionAdded, actionChanged, actionDeleted
    case actionDueError, actionOwnerError, actionQuestionError, actionsCapError
    // The review at the start of the next session (dashboard and presenter).
    case actionReviewHeading, actionReviewIntro, actionReviewEmpty, actionReviewDone, actionReviewNotDone, actionReviewDropped
    case actionReviewFrom, actionReviewStatusOpen, actionReviewMarked
    // How old an action on a review or the series' list is (decision 85), and that list.
    case actionRecordedAt, actionOpenOneSession, actionOpenSessions, actionOpenNotYet, actionQuestionChange
    case seriesActionsHeading, seriesActionsIntro, seriesActionsEmpty, seriesActionsMore

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .actionsHeading: return ("Actions", "실행 항목")
        case .actionsIntro:
            return ("What this session decided, who does it and by when. The next session opens with them.",
                    "이번 세션에서 정한 일, 맡은 사람, 기한이에요. 다음 세션은 이 항목을 돌아보며 시작해요.")
        case .actionsEmpty: return ("No actions yet.", "아직 실행 항목이 없어요.")
        case .actionsCount: return ("{n} of at most {max} actions", "실행 항목 {n}개 (최대 {max}개)")
        case .actionsAddHeading: return ("Add an action", "실행 항목 추가")
        case .actionsErrors: return ("The action was not added:", "실행 항목을 추가하지 못했어요:")
        case .actionTitleLabel: return ("Action", "할 일")
        case .actionTitleHint: return ("One line, up to 200 characters.", "한 줄로, 200자까지 쓸 수 있어요.")
        case .actionOwnerLabel: return ("Owner (optional)", "맡은 사람 (선택)")
        case .actionOwnerNone: return ("No owner", "맡은 사람 없음")
        case .actionOwnerRoster: return ("On the roster", "명단")
        case .actionOwnerHosts: return ("Hosts of the series", "시리즈 진행자")
        case .actionDueLegend: return ("Due", "기한")
        case .actionDueNextSession: return ("By the next session", "다음 세션까지")
        case .actionDueDateOption: return ("By a date", "날짜까지")
        case .actionDueDateLabel: return ("Date", "날짜")
        case .actionDueDateHint: return ("For example 2026-12-24.", "예: 2026-12-24")
        case .actionQuestionLabel: return ("Prompted by the results of (optional)", "계기가 된 질문 (선택)")
        case .actionQuestionNone: return ("No question", "질문 없음")
        case .actionAddButton: return ("Add action", "실행 항목 추가")
        case .actionStatusOpen: return ("Open", "진행 중")
        case .actionStatusDone: return ("Done", "완료")
        case .actionStatusDropped: return ("Dropped", "중단")
        case .actionStatusLabel: return ("Status: {status}", "상태: {status}")
        case .actionMarkDone: return ("Mark done", "완료로 표시")
        case .actionMarkDropped: return ("Drop", "중단")
        case .actionReopen: return ("Reopen", "다시 열기")
        case .actionDelete: return ("Delete", "삭제")
        case .actionDueOn: return ("By {date}", "{date}까지")
        case .actionOwnedBy: return ("Owner: {name}", "맡은 사람: {name}")
        case .actionNoOwner: return ("No owner", "맡은 사람 없음")
        case .actionPromptedBy: return ("Prompted by “{question}”", "계기: “{question}”")
        case .actionAdded: return ("Action added.", "실행 항목을 추가했어요.")
        case .actionChanged: return ("Action updated.", "실행 항목을 바꿨어요.")
        case .actionDeleted: return ("Action deleted.", "실행 항목을 삭제했어요.")
        case .actionDueError:
            return ("Choose “By the next session”, or a date that exists, written YYYY-MM-DD.",
                    "“다음 세션까지”를 고르거나, 있는 날짜를 YYYY-MM-DD 형식으로 써 주세요.")
        case .actionOwnerError:
            return ("Choose someone from the list: a member of the roster or a host of this series.",
                    "목록에서 골라 주세요. 명단에 있는 사람이나 이 시리즈의 진행자만 맡을 수 있어요.")
        case .actionQuestionError: return ("Choose a question of this session's form.", "이 세션 설문의 질문을 골라 주세요.")
        case .actionsCapError:
            return ("This session already has {max} actions, the most it holds: mark some done or delete them.",
                    "이 세션에는 이미 실행 항목이 최대치인 {max}개 있어요. 완료로 표시하거나 삭제해 주세요.")
        case .actionReviewHeading: return ("Actions to review", "돌아볼 실행 항목")
        case .actionReviewIntro:
            return ("Every open action of the series, however old, and those closed since the last session: mark each done, not done (it stays open) or dropped.",
                    "이 시리즈에서 아직 진행 중인 실행 항목 전부와 지난 세션 이후 닫힌 항목이에요. 완료, 미완료(계속 진행), 중단 중에서 표시해 주세요.")
        case .actionReviewFrom:
            return ("Every open action of the series and those closed since the last session.",
                    "이 시리즈에서 진행 중인 실행 항목과 지난 세션 이후 닫힌 항목이에요.")
        case .actionReviewEmpty:
            return ("No open actions, and none closed since the last session.", "진행 중인 실행 항목이 없고, 지난 세션 이후 닫힌 항목도 없어요.")
        case .actionReviewDone: return ("Done", "완료")
        case .actionReviewNotDone: return ("Not done", "미완료")
        case .actionReviewDropped: return ("Dropped", "중단")
        case .actionReviewStatusOpen: return ("Not done yet", "아직 진행 중")
        case .actionReviewMarked: return ("Review saved.", "돌아보기를 저장했어요.")
        case .actionRecordedAt: return ("Decided at session {n} ({date})", "{n}회차 세션({date})에서 정함")
        case .actionOpenOneSession: return ("Open 1 session", "1개 세션째 진행 중")
        case .actionOpenSessions: return ("Open {n} sessions", "{n}개 세션째 진행 중")
        case .actionQuestionChange:
            return ("Its question, from its session to the next: {change} (95 % interval)", "질문의 변화 (기록한 세션 → 다음 세션): {change} (95 % 구간)")
        case .actionOpenNotYet: return ("Not reviewed yet", "아직 돌아보지 않음")
        case .seriesActionsHeading: return ("Open actions of this series", "이 시리즈의 진행 중인 실행 항목")
        case .seriesActionsIntro:
            return ("Every action of the series not yet done or dropped, oldest first. Mark them in the review that opens a session's dashboard.",
                    "시리즈에서 아직 완료하거나 중단하지 않은 실행 항목이에요. 오래된 것부터 보여요. 세션 대시보드 맨 위의 돌아보기에서 표시해 주세요.")
        case .seriesActionsEmpty: return ("No open actions.", "진행 중인 실행 항목이 없어요.")
        case .seriesActionsMore: return ("The oldest {max} are shown.", "오래된 항목 {max}개까지 보여요.")
        }
    }
}

extension ActionPhrase: PhraseTable {}
