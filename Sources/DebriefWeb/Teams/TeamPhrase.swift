import Debrief

/// The fixed text of the team pages (`/teams`, `/teams/{id}`, `/teams/{id}/overview`,
/// `/teams/{id}/look`; issue 70),
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
    case teamLookLink, teamLookHeading, teamLookBody, teamLookBack, teamLookLogoHeading, teamLookNoLogo, teamLookLogoLabel, teamLookLogoHint
    case teamLookLogoButton, teamLookRemoveButton, teamLookAccentHeading, teamLookAccentNone, teamLookAccentCurrent, teamLookAccentPickerLabel
    case teamLookAccentTextLabel, teamLookAccentHint, teamLookAccentButton, teamLookAccentClearButton, teamLookPreview, teamLookPreviewLink
    case teamLookFileTooLarge

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
        case .teamLookLink: return ("Logo and colour", "로고와 색")
        case .teamLookHeading: return ("Logo and colour: {team}", "로고와 색: {team}")
        case .teamLookBody: return ("Participants see the team's logo and colour on the form page of each of its series. Your own series keep Debrief's look.", "참여자는 팀의 모든 시리즈 설문 페이지에서 팀의 로고와 색을 봐요. 개인 시리즈는 Debrief의 모습 그대로예요.")
        case .teamLookBack: return ("Back to the team", "팀으로 돌아가기")
        case .teamLookLogoHeading: return ("Logo", "로고")
        case .teamLookNoLogo: return ("The team has no logo yet.", "팀 로고가 아직 없어요.")
        case .teamLookLogoLabel: return ("Logo file", "로고 파일")
        case .teamLookLogoHint: return ("A PNG or JPEG of at most 256 KB and 4,096 pixels a side; it is shown 48 pixels high. A new file replaces the logo.", "PNG 또는 JPEG, 최대 256KB, 한 변 최대 4,096픽셀이에요. 48픽셀 높이로 보여요. 새 파일을 올리면 로고가 바뀌어요.")
        case .teamLookLogoButton: return ("Upload the logo", "로고 올리기")
        case .teamLookRemoveButton: return ("Remove the logo", "로고 지우기")
        case .teamLookAccentHeading: return ("Accent colour", "강조 색")
        case .teamLookAccentNone: return ("The team uses Debrief's blue.", "팀이 Debrief의 파란색을 써요.")
        case .teamLookAccentCurrent: return ("The team's colour: {accent}", "팀의 색: {accent}")
        case .teamLookAccentPickerLabel: return ("Colour", "색")
        case .teamLookAccentTextLabel: return ("Or type it (#rrggbb)", "또는 직접 입력 (#rrggbb)")
        case .teamLookAccentHint: return ("Buttons and links use it, so it must be dark enough to read on white: a contrast of at least 4.5:1 (WCAG AA). A typed colour wins over the picker.", "버튼과 링크에 쓰이니 흰 바탕에서 읽을 수 있을 만큼 어두워야 해요. 대비 4.5:1 이상(WCAG AA)이어야 해요. 직접 입력한 색이 선택한 색보다 우선해요.")
        case .teamLookAccentButton: return ("Use this colour", "이 색 쓰기")
        case .teamLookAccentClearButton: return ("Use Debrief's blue", "Debrief 파란색 쓰기")
        case .teamLookPreview: return ("Preview", "미리 보기")
        case .teamLookPreviewLink: return ("A link in the team's colour", "팀 색의 링크")
        case .teamLookFileTooLarge: return ("The file is larger than {kib} KB.", "파일이 {kib}KB보다 커요.")
        }
    }
}
