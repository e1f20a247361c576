import Debrief

/// The fixed text of the team pages (`/teams`, `/teams/{id}`, `/teams/{id}/overview`; issue 70),
/// in each ``Language``: read by templates as `{{t.name}}` like ``SharingPhrase``.
enum TeamPhrase: String, CaseIterable, Sendable, PairedPhraseTable {
    case navTeams, teamsHeading, teamsBody, teamsNone, teamsCaption, teamsColumnTeam, teamsColumnRole, teamsColumnMembers
    case teamsColumnSeries, teamsCreateHeading, teamsNameLabel, teamsCreateButton
    case teamYourRole, teamMembersHeading, teamMembersCaption, teamColumnMember, teamColumnRole, teamColumnSource
    case teamFromProvider, teamByHand, teamChangeButton, teamRemoveButton, teamAddHeading, teamEmailLabel, teamEmailHint
    case teamAddButton, teamAdded, teamChanged, teamRemoved, teamSeriesHeading, teamSeriesNone, teamSeriesSessions
    case teamOverviewLink, teamsBack
    case teamRoleAdmin, teamRoleEditor, teamRoleViewer
    case teamOverviewHeading, teamOverviewBody, teamOverviewQuestionLabel, teamOverviewShowButton, teamOverviewNoQuestion, teamOverviewCaption
    case teamOverviewColumnSeries, teamOverviewColumnSession, teamOverviewColumnRate, teamOverviewColumnTrend, teamOverviewNow, teamOverviewPrevious
    case teamOverviewNoSession, teamOverviewRateOfCheckedIn, teamOverviewRateOfExpected, teamOverviewNoRate, teamOverviewNoTrend, teamOverviewWithheld
    case teamOverviewPoint, teamOverviewResponses

    var texts: (en: String, ko: String) {
        switch self {
        case .navTeams: return ("Teams", "팀")
        case .teamsHeading: return ("Teams", "팀")
        case .teamsBody: return ("A team owns meeting series together. Admins manage its members; editors and viewers have a co-host's rights on each of its series.", "팀은 회의 시리즈를 함께 소유해요. 관리자는 구성원을 관리하고, 편집자와 열람자는 팀의 모든 시리즈에서 공동 진행자의 권한을 가져요.")
        case .teamsNone: return ("You are in no team yet.", "아직 속한 팀이 없어요.")
        case .teamsCaption: return ("Your teams", "내 팀")
        case .teamsColumnTeam: return ("Team", "팀")
        case .teamsColumnRole: return ("Your role", "내 역할")
        case .teamsColumnMembers: return ("Members", "구성원")
        case .teamsColumnSeries: return ("Series", "시리즈")
        case .teamsCreateHeading: return ("Make a team", "팀 만들기")
        case .teamsNameLabel: return ("Team name", "팀 이름")
        case .teamsCreateButton: return ("Make the team", "팀 만들기")
        case .teamYourRole: return ("Your role: {role}", "내 역할: {role}")
        case .teamMembersHeading: return ("Members", "구성원")
        case .teamMembersCaption: return ("The team's members", "팀 구성원")
        case .teamColumnMember: return ("Member", "구성원")
        case .teamColumnRole: return ("Role", "역할")
        case .teamColumnSource: return ("Added", "추가 방식")
        case .teamFromProvider: return ("From company sign-in", "회사 로그인에서")
        case .teamByHand: return ("By an admin", "관리자가 추가")
        case .teamChangeButton: return ("Change role", "역할 바꾸기")
        case .teamRemoveButton: return ("Remove", "내보내기")
        case .teamAddHeading: return ("Add a host", "진행자 추가")
        case .teamEmailLabel: return ("Their sign-in email", "상대의 로그인 이메일")
        case .teamEmailHint: return ("They need a Debrief account. Adding a member again changes their role.", "Debrief 계정이 있어야 해요. 다시 추가하면 역할이 바뀌어요.")
        case .teamAddButton: return ("Add", "추가")
        case .teamAdded: return ("If {email} has a Debrief account, it is now a member as {role}.", "{email}에 Debrief 계정이 있다면 이제 {role}(으)로 팀에 속해요.")
        case .teamChanged: return ("Role changed.", "역할을 바꿨어요.")
        case .teamRemoved: return ("Member removed.", "구성원을 내보냈어요.")
        case .teamSeriesHeading: return ("Series the team owns", "팀이 소유한 시리즈")
        case .teamSeriesNone: return ("The team owns no series yet. A series' owner offers it to the team; an admin accepts it among the transfers.", "팀이 소유한 시리즈가 아직 없어요. 시리즈 소유자가 팀에 넘기겠다고 제안하면 관리자가 넘겨받기에서 수락해요.")
        case .teamSeriesSessions: return ("{count} sessions", "{count}회차")
        case .teamOverviewLink: return ("Team overview", "팀 한눈에 보기")
        case .teamsBack: return ("All teams", "모든 팀")
        case .teamRoleAdmin: return ("Admin", "관리자")
        case .teamRoleEditor: return ("Editor", "편집자")
        case .teamRoleViewer: return ("Viewer", "열람자")
        case .teamOverviewHeading: return ("Overview: {team}", "한눈에 보기: {team}")
        case .teamOverviewBody: return ("Each series with its session now (else the previous one), its response rate and the trend of one question the series share. Numbers below a form's anonymity threshold are withheld, as everywhere.", "각 시리즈의 지금 회차(없으면 이전 회차), 응답률, 시리즈들이 함께 묻는 질문 하나의 추이예요. 익명 기준보다 적은 숫자는 어디서나처럼 가려요.")
        case .teamOverviewQuestionLabel: return ("Question", "질문")
        case .teamOverviewShowButton: return ("Show", "보기")
        case .teamOverviewNoQuestion: return ("The series share no question yet: a trend needs a question asked in two sessions of each series.", "시리즈들이 함께 묻는 질문이 아직 없어요. 추이를 보려면 각 시리즈의 두 회차에서 같은 질문을 해야 해요.")
        case .teamOverviewCaption: return ("The team's series", "팀의 시리즈")
        case .teamOverviewColumnSeries: return ("Series", "시리즈")
        case .teamOverviewColumnSession: return ("Session", "회차")
        case .teamOverviewColumnRate: return ("Response rate", "응답률")
        case .teamOverviewColumnTrend: return ("Trend", "추이")
        case .teamOverviewNow: return ("now", "지금")
        case .teamOverviewPrevious: return ("previous", "이전")
        case .teamOverviewNoSession: return ("No session has begun", "시작한 회차가 없어요")
        case .teamOverviewRateOfCheckedIn: return ("{rate} % of those checked in", "출석자의 {rate}%")
        case .teamOverviewRateOfExpected: return ("{rate} % of the expected head count", "예상 인원의 {rate}%")
        case .teamOverviewNoRate: return ("No rate", "응답률 없음")
        case .teamOverviewNoTrend: return ("Not asked twice", "두 번 묻지 않음")
        case .teamOverviewWithheld: return ("withheld (fewer than {k})", "가림 ({k}명 미만)")
        case .teamOverviewPoint: return ("Session {number}: {value}", "{number}회차: {value}")
        case .teamOverviewResponses: return ("{count} responses", "응답 {count}개")
        }
    }
}
