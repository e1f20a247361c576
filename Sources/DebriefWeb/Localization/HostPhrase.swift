import Debrief
import Foundation

/// The fixed text of the host's own pages (sign-up, account, admin, meeting editing, trash), in
/// each ``Language``: read by templates as `{{t.name}}` like ``Phrase``, kept apart so neither
/// list grows past a screenful of cases.
enum HostPhrase: String, CaseIterable, Sendable {
    // Navigation
    case navMeetings, navAccount, navAdmin, navTrash
    // Sign-up
    case signUpHeading, signUpButton, displayNameLabel, newPasswordHint, signUpClosed, signUpFirstAdmin
    case signUpInvited, signUpLink, haveAccount, invitationInvalid, emailTaken
    // Account
    case accountHeading, profileHeading, saveButton, changePasswordHeading, currentPasswordLabel
    case newPasswordLabel, changePasswordButton, passwordChanged, currentPasswordWrong, profileSaved
    case retentionLabel, retentionHint
    case signOutEverywhereHeading, signOutEverywhereBody, signOutEverywhereButton
    case tokensHeading, tokensBody, tokenNameLabel, tokenExpiryLabel, tokenDays, createTokenButton
    case tokenCreated, tokenColumnName, tokenColumnCreated, tokenColumnExpires, revokeButton, noTokens, tokenRevoked
    // Admin
    case adminHeading, createHostHeading, createHostButton, hostCreated, inviteHeading, inviteBody, inviteButton
    case invitationCreated, invitationColumnCreated, invitationColumnExpires, invitationColumnState
    case invitationUsed, invitationOpen, invitationExpired, noInvitations
    case inviteEmailLabel, inviteEmailHint, invitationMailed, invitationNotMailedNoMail, invitationNotMailedCap
    // Meetings
    case newMeetingLink, newMeetingHeading, editMeetingHeading, nextSessionHeading, titleLabel, startsLabel
    case endsLabel, placeLabel, headCountLabel, createMeetingButton, saveMeetingButton
    case createNextButton, overlapsWith, searchLabel, searchButton, seriesSessions, seriesOneSession, newerPage, olderPage
    case editLink, nextSessionLink, deleteLink, noSearchResults, meetingSaved
    // Trash
    case deleteHeading, deleteBody, deleteButton, cancelLink, trashHeading, trashBody, trashEmpty
    case restoreButton, trashedColumn, purgeColumn, movedToTrash, restored
    // Roster and attendance
    case rosterLink, rosterHeading, rosterAttendanceHeading, rosterEmpty, rosterCaption, rosterNameColumn
    case presentMark, absentMark, thisSessionHeading, markPresentButton, checkInsHeading, noCheckIns
    case removeCheckInButton, anonymousCheckIn, rosterMembersHeading, memberNameLabel, addMemberButton
    case renameButton, removeMemberButton, memberExists
    // Downloads and the network
    case downloadsHeading, layoutLabel, layoutResponses, layoutAnswers, layoutSummary, layoutTrends
    case encodingLabel, plainUTF8, bomLabel, downloadMeetingButton, downloadSeriesButton, downloadWorkbook, loopbackWarning
    // The form builder
    case formLink, builderHeading, questionNumber, optionNumber, kindChoice, kindRating, kindShortAnswer
    case moveUp, moveDown, removeButton, formStateNone, formStateDraft, draftSaved, wordingSaved, formIsOpen, builderHasErrors
    case formVersionsLabel, versionResponses
    case importInvalid, formStateLabel, publishButton, closeFormButton, reopenFormButton, saveDraftButton, previewButton
    case formSettingsHeading, anonymousLabel, allowsEditingLabel, sharesResultsLabel, privacyThresholdLabel
    case privacyThresholdHint, closesAtLabel, promptLabel, keyLabel, keyHint, requiredLabel, allowsMultipleLabel
    case maxSelectionsLabel, allowsOtherLabel, addOptionButton, scaleFromLabel, scaleToLabel, npsPresetButton
    case minLabelLabel, maxLabelLabel, maxLengthLabel, placeholderLabel, addChoiceButton, addRatingButton
    case addShortAnswerButton, previewHeading, importExportHeading, exportLink, importLabel, importButton
    case copyFromLabel, copyButton
    case kindGrid, addGridButton, addStatementButton, statementNumber, statementsHeading

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .navMeetings: return ("Meetings", "회의")
        case .navAccount: return ("Account", "계정")
        case .navAdmin: return ("Admin", "관리")
        case .navTrash: return ("Trash", "휴지통")
        case .signUpHeading: return ("Create your account", "계정 만들기")
        case .signUpButton: return ("Create account", "계정 만들기")
        case .displayNameLabel: return ("Your name", "이름")
        case .newPasswordHint: return ("At least 10 characters.", "10자 이상으로 정해 주세요.")
        case .signUpClosed: return ("Sign-up is closed here. Ask an admin for an invitation link.", "이곳은 가입이 닫혀 있어요. 관리자에게 초대 링크를 요청하세요.")
        case .signUpFirstAdmin: return ("This is a new installation: the first account becomes its admin.", "새로 설치된 서비스예요. 첫 계정이 관리자가 돼요.")
        case .signUpInvited: return ("You were invited to host meetings here.", "회의를 진행하도록 초대받았어요.")
        case .signUpLink: return ("Create an account", "계정 만들기")
        case .haveAccount: return ("Already have an account? Sign in", "이미 계정이 있나요? 로그인")
        case .invitationInvalid: return ("This invitation link was used already or has expired.", "이미 사용했거나 만료된 초대 링크예요.")
        case .emailTaken: return ("An account with this email already exists.", "이 이메일로 만든 계정이 이미 있어요.")
        case .accountHeading: return ("Your account", "내 계정")
        case .profileHeading: return ("Profile", "프로필")
        case .saveButton: return ("Save", "저장")
        case .changePasswordHeading: return ("Change password", "비밀번호 바꾸기")
        case .currentPasswordLabel: return ("Current password", "현재 비밀번호")
        case .newPasswordLabel: return ("New password", "새 비밀번호")
        case .changePasswordButton: return ("Change password", "비밀번호 바꾸기")
        case .passwordChanged: return ("Password changed. Every other session and token was signed out.", "비밀번호를 바꿨어요. 다른 모든 세션과 토큰은 로그아웃됐어요.")
        case .currentPasswordWrong: return ("The current password is wrong.", "현재 비밀번호가 맞지 않아요.")
        case .profileSaved: return ("Saved.", "저장했어요.")
        case .retentionLabel: return ("Delete responses older than (months)", "이보다 오래된 응답 삭제(개월)")
        case .retentionHint:
            return (
                "0 keeps every response. Older responses to your meetings are deleted once an hour; results count only what is kept.",
                "0이면 모든 응답을 보관해요. 더 오래된 응답은 한 시간마다 삭제되고, 결과에는 남은 응답만 집계돼요.")
        case .signOutEverywhereHeading: return ("Sign out everywhere", "모든 곳에서 로그아웃")
        case .signOutEverywhereBody: return ("Ends every session of this account, in every browser, and revokes its personal tokens.", "모든 브라우저의 세션을 끝내고 개인 토큰도 모두 취소해요.")
        case .signOutEverywhereButton: return ("Sign out everywhere", "모든 곳에서 로그아웃")
        case .tokensHeading: return ("Personal API tokens", "개인 API 토큰")
        case .tokensBody: return ("For scripts and integrations: send it as “Authorization: Bearer …”. It is shown once.", "스크립트와 연동용이에요. “Authorization: Bearer …”로 보내세요. 한 번만 보여 드려요.")
        case .tokenNameLabel: return ("Token name", "토큰 이름")
        case .tokenExpiryLabel: return ("Expires after", "만료 기간")
        case .tokenDays: return ("{n} days", "{n}일")
        case .createTokenButton: return ("Create token", "토큰 만들기")
        case .tokenCreated: return ("Your new token (copy it now; it will not be shown again):", "새 토큰이에요. 지금 복사하세요. 다시 보여 드리지 않아요:")
        case .tokenColumnName: return ("Name", "이름")
        case .tokenColumnCreated: return ("Created", "만든 때")
        case .tokenColumnExpires: return ("Expires", "만료")
        case .revokeButton: return ("Revoke", "취소")
        case .noTokens: return ("No personal tokens.", "개인 토큰이 없어요.")
        case .tokenRevoked: return ("Token revoked.", "토큰을 취소했어요.")
        case .adminHeading: return ("Admin", "관리")
        case .createHostHeading: return ("Create a host account", "진행자 계정 만들기")
        case .createHostButton: return ("Create host", "진행자 만들기")
        case .hostCreated: return ("Host account created: {email}", "진행자 계정을 만들었어요: {email}")
        case .inviteHeading: return ("Invitation links", "초대 링크")
        case .inviteBody: return ("A link lets one person create a host account within 7 days.", "링크 하나로 한 사람이 7일 안에 진행자 계정을 만들 수 있어요.")
        case .inviteEmailLabel: return ("E-mail the link to (optional)", "링크를 보낼 이메일 (선택)")
        case .inviteEmailHint: return ("Leave it empty to hand the link over yourself.", "비워 두면 링크를 직접 전해 주세요.")
        case .invitationMailed: return ("The invitation was mailed to {email}.", "{email} 님에게 초대 메일을 보냈어요.")
        case .invitationNotMailedNoMail: return ("No e-mail is configured on this server: copy the link below and send it to {email} yourself.", "이 서버에는 이메일 설정이 없어요. 아래 링크를 복사해 {email} 님에게 직접 보내 주세요.")
        case .invitationNotMailedCap: return ("Not mailed: this account reached its hourly e-mail limit. Copy the link below and send it to {email} yourself.", "이 계정의 시간당 이메일 한도에 도달해 보내지 못했어요. 아래 링크를 복사해 {email} 님에게 직접 보내 주세요.")
        case .inviteButton: return ("Create invitation link", "초대 링크 만들기")
        case .invitationCreated: return ("New invitation link (shown once):", "새 초대 링크예요 (한 번만 보여요):")
        case .invitationColumnCreated: return ("Created", "만든 때")
        case .invitationColumnExpires: return ("Expires", "만료")
        case .invitationColumnState: return ("State", "상태")
        case .invitationUsed: return ("Used by {email}", "{email} 님이 사용함")
        case .invitationOpen: return ("Not used yet", "아직 사용 안 함")
        case .invitationExpired: return ("Expired", "만료됨")
        case .noInvitations: return ("No invitations yet.", "아직 초대 링크가 없어요.")
        case .newMeetingLink: return ("New meeting", "새 회의")
        case .newMeetingHeading: return ("New meeting", "새 회의")
        case .editMeetingHeading: return ("Edit: {title}", "수정: {title}")
        case .nextSessionHeading: return ("Next session of {title}", "{title} 다음 회차")
        case .titleLabel: return ("Title", "제목")
        case .startsLabel: return ("Starts", "시작")
        case .endsLabel: return ("Ends", "종료")
        case .placeLabel: return ("Place", "장소")
        case .headCountLabel: return ("Expected head count", "예상 인원")
        case .createMeetingButton: return ("Create meeting", "회의 만들기")
        case .saveMeetingButton: return ("Save meeting", "회의 저장")
        case .createNextButton: return ("Create next session", "다음 회차 만들기")
        case .overlapsWith: return ("This time overlaps your meeting", "이 시간은 다음 회의와 겹쳐요:")
        case .searchLabel: return ("Search by title", "제목으로 찾기")
        case .searchButton: return ("Search", "찾기")
        case .seriesSessions: return ("{n} sessions", "{n}회차")
        case .seriesOneSession: return ("1 session", "1회차")
        case .newerPage: return ("Newer", "최근")
        case .olderPage: return ("Older", "이전")
        case .editLink: return ("Edit", "수정")
        case .nextSessionLink: return ("Next session", "다음 회차")
        case .deleteLink: return ("Delete", "삭제")
        case .noSearchResults: return ("No meeting matches “{q}”.", "“{q}”와 맞는 회의가 없어요.")
        case .meetingSaved: return ("Meeting saved.", "회의를 저장했어요.")
        case .deleteHeading: return ("Delete “{title}”?", "“{title}” 회의를 삭제할까요?")
        case .deleteBody: return ("The meeting, its form, responses and check-ins move to the trash. You can restore them for 30 days; after that they are deleted for good.", "회의와 설문, 응답, 출석 기록이 휴지통으로 옮겨져요. 30일 동안은 되살릴 수 있고, 그 뒤에는 완전히 지워져요.")
        case .deleteButton: return ("Move to trash", "휴지통으로 옮기기")
        case .cancelLink: return ("Cancel", "취소")
        case .trashHeading: return ("Trash", "휴지통")
        case .trashBody: return ("Deleted meetings stay here for 30 days, with their forms, responses and check-ins.", "삭제한 회의는 설문, 응답, 출석 기록과 함께 30일 동안 여기에 남아요.")
        case .trashEmpty: return ("The trash is empty.", "휴지통이 비어 있어요.")
        case .restoreButton: return ("Restore", "되살리기")
        case .trashedColumn: return ("Deleted", "삭제한 때")
        case .purgeColumn: return ("Deleted for good", "완전 삭제")
        case .movedToTrash: return ("“{title}” moved to the trash.", "“{title}” 회의를 휴지통으로 옮겼어요.")
        case .restored: return ("“{title}” restored.", "“{title}” 회의를 되살렸어요.")
        case .rosterLink: return ("Roster and attendance", "명단과 출석")
        case .rosterHeading: return ("Roster: {title}", "명단: {title}")
        case .rosterAttendanceHeading: return ("Who came to each session", "회차별 출석")
        case .rosterEmpty: return ("Nobody is on the roster yet.", "아직 명단에 아무도 없어요.")
        case .rosterCaption: return ("Roster members by session", "회차별 명단 출석")
        case .rosterNameColumn: return ("Name", "이름")
        case .presentMark: return ("present", "출석")
        case .absentMark: return ("absent", "결석")
        case .thisSessionHeading: return ("Session {n}: attendance", "{n}회차 출석")
        case .markPresentButton: return ("Mark present", "출석 처리")
        case .checkInsHeading: return ("Check-ins of this session", "이번 회차 출석 체크")
        case .noCheckIns: return ("No check-ins yet.", "아직 출석 체크가 없어요.")
        case .removeCheckInButton: return ("Remove", "삭제")
        case .anonymousCheckIn: return ("Anonymous", "익명")
        case .rosterMembersHeading: return ("Roster members", "명단")
        case .memberNameLabel: return ("Name", "이름")
        case .addMemberButton: return ("Add", "추가")
        case .renameButton: return ("Rename", "이름 바꾸기")
        case .removeMemberButton: return ("Remove from roster", "명단에서 빼기")
        case .memberExists: return ("This name is on the roster already.", "이미 명단에 있는 이름이에요.")
        case .downloadsHeading: return ("Download CSV", "CSV 내려받기")
        case .layoutLabel: return ("Layout", "형식")
        case .layoutResponses: return ("Responses (one row per response)", "응답 (응답마다 한 줄)")
        case .layoutAnswers: return ("Answers (one row per answer)", "답변 (답변마다 한 줄)")
        case .layoutSummary: return ("Summary (per question)", "요약 (질문별)")
        case .layoutTrends: return ("Trends (per session)", "추이 (회차별)")
        case .encodingLabel: return ("Encoding", "인코딩")
        case .plainUTF8: return ("UTF-8", "UTF-8")
        case .bomLabel: return ("For Excel (UTF-8 with byte order mark)", "엑셀용 (BOM이 있는 UTF-8)")
        case .downloadMeetingButton: return ("Download this meeting", "이 회의 내려받기")
        case .downloadWorkbook: return ("Download as Excel (.xlsx)", "Excel(.xlsx)로 내려받기")
        case .downloadSeriesButton: return ("Download the whole series", "전체 시리즈 내려받기")
        case .formLink: return ("Form", "설문")
        case .builderHeading: return ("Form: {title}", "설문: {title}")
        case .questionNumber: return ("Question {n}", "질문 {n}")
        case .optionNumber: return ("Option {n}", "선택지 {n}")
        case .kindChoice: return ("Choice", "선택형")
        case .kindRating: return ("Rating", "평점")
        case .kindShortAnswer: return ("Short answer", "단답형")
        case .kindGrid: return ("Rating grid", "평점 표")
        case .addGridButton: return ("Add a rating grid", "평점 표 추가")
        case .addStatementButton: return ("Add statement", "문항 추가")
        case .statementNumber: return ("Statement {n}", "문항 {n}")
        case .statementsHeading: return ("Statements, rated on one scale", "같은 척도로 평가할 문항")
        case .moveUp: return ("Move up", "위로")
        case .moveDown: return ("Move down", "아래로")
        case .removeButton: return ("Remove", "삭제")
        case .formStateNone: return ("No form yet", "아직 설문 없음")
        case .formStateDraft: return ("Draft", "초안")
        case .draftSaved: return ("Draft saved.", "초안을 저장했어요.")
        case .formVersionsLabel: return ("Form versions", "설문 버전")
        case .versionResponses: return ("version {version}: {n} responses", "{version}번째 버전: 응답 {n}개")
        case .wordingSaved: return ("Wording saved: the same code and QR code open the form, and every answer is kept.", "문구를 저장했어요. 같은 코드와 QR 코드로 설문이 열리고, 받은 응답도 그대로예요.")
        case .formIsOpen: return ("The published form is open: only its wording can change now. To change what answers mean, close it and save a new version; it keeps the same code.", "게시된 설문이 열려 있어서 지금은 문구만 바꿀 수 있어요. 응답의 의미가 바뀌는 변경은 마감한 뒤 새 버전으로 저장하세요. 코드는 그대로예요.")
        case .builderHasErrors: return ("Some fields need another look; nothing was saved.", "다시 확인할 항목이 있어요. 저장하지 않았어요.")
        case .importInvalid: return ("This is not a form definition in the API's JSON.", "API 형식의 설문 JSON이 아니에요.")
        case .formStateLabel: return ("State:", "상태:")
        case .publishButton: return ("Publish", "게시")
        case .closeFormButton: return ("Close the form", "설문 마감")
        case .reopenFormButton: return ("Reopen the form", "설문 다시 열기")
        case .saveDraftButton: return ("Save draft", "초안 저장")
        case .previewButton: return ("Preview", "미리 보기")
        case .formSettingsHeading: return ("Settings", "설정")
        case .anonymousLabel: return ("Anonymous (no names are asked or stored)", "익명 (이름을 묻거나 저장하지 않음)")
        case .allowsEditingLabel: return ("Participants may change their answers", "참여자가 답변을 고칠 수 있음")
        case .sharesResultsLabel: return ("Show the results to participants", "참여자에게 결과 공개")
        case .privacyThresholdLabel: return ("Privacy threshold", "개인정보 보호 기준")
        case .privacyThresholdHint: return ("Results are withheld until at least this many people answered.", "이 인원 이상 답해야 결과를 보여 줘요.")
        case .closesAtLabel: return ("Closes at (optional)", "마감 시각 (선택)")
        case .promptLabel: return ("Question", "질문")
        case .keyLabel: return ("Key (optional)", "키 (선택)")
        case .keyHint: return ("Compares this question across sessions; letters, digits, - and _.", "회차 간 비교에 쓰여요. 영문 소문자, 숫자, -, _만 쓸 수 있어요.")
        case .requiredLabel: return ("Required", "필수")
        case .allowsMultipleLabel: return ("Several answers allowed", "여러 개 선택 가능")
        case .maxSelectionsLabel: return ("At most (with several answers)", "최대 선택 수 (여러 개 선택 시)")
        case .allowsOtherLabel: return ("Offer “Other” with an own answer", "“기타”와 직접 입력 제공")
        case .addOptionButton: return ("Add option", "선택지 추가")
        case .scaleFromLabel: return ("From", "시작")
        case .scaleToLabel: return ("To", "끝")
        case .npsPresetButton: return ("Use the NPS scale (0–10)", "NPS 척도 사용 (0–10)")
        case .minLabelLabel: return ("Label of the lowest value", "가장 낮은 값 이름")
        case .maxLabelLabel: return ("Label of the highest value", "가장 높은 값 이름")
        case .maxLengthLabel: return ("Longest answer (characters)", "최대 글자 수")
        case .placeholderLabel: return ("Placeholder", "입력 예시")
        case .addChoiceButton: return ("Add a choice question", "선택형 질문 추가")
        case .addRatingButton: return ("Add a rating question", "평점 질문 추가")
        case .addShortAnswerButton: return ("Add a short-answer question", "단답형 질문 추가")
        case .previewHeading: return ("Preview: what participants see", "미리 보기: 참여자 화면")
        case .importExportHeading: return ("Import and export", "가져오기와 내보내기")
        case .exportLink: return ("Export the form as JSON", "설문을 JSON으로 내보내기")
        case .importLabel: return ("Form definition (JSON, as the API takes it)", "설문 정의 (API 형식 JSON)")
        case .importButton: return ("Load into the draft", "초안으로 불러오기")
        case .copyFromLabel: return ("Copy the form of another meeting", "다른 회의의 설문 복사")
        case .copyButton: return ("Copy into the draft", "초안으로 복사")
        case .loopbackWarning: return ("Phones cannot open this QR code: the public URL {url} points to this computer only. Restart with --host 0.0.0.0 --public-url {hint}.", "휴대폰으로는 이 QR 코드를 열 수 없어요. 공개 URL {url}은(는) 이 컴퓨터만 가리켜요. --host 0.0.0.0 --public-url {hint} 옵션으로 다시 시작하세요.")
        }
    }
}
