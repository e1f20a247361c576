import Debrief
import Foundation

/// The fixed text of the e-mail pages (password reset, unsubscribe, roster addresses, delivery
/// log), in each ``Language``: read by templates as `{{t.name}}` like ``Phrase``.
enum MailPhrase: String, CaseIterable, Sendable {
    case forgotPasswordLink, resetRequestHeading, resetRequestBody, resetRequestButton, resetRequestSent, resetNoMail
    case resetHeading, resetBody, resetPasswordLabel, resetButton, resetDone, resetLinkGone
    case unsubscribeHeading, unsubscribeBody, unsubscribeButton, unsubscribeDone, unsubscribeLinkGone
    case unsubscribeEverywhereButton, unsubscribeEverywhereDone
    case rosterMailLink, rosterMailHeading, rosterMailBody, rosterMailNoMail, rosterMailSave, rosterMailUnsubscribed, rosterMailSaved
    case rosterMailErrors, rosterMailNothingChanged, rosterMailFieldHint
    case rosterSendLink, rosterSendHeading, rosterSendButton, rosterSendButtonOne, rosterSendNoForm, rosterSendNobody, rosterSendNoMail
    case rosterSendPresentGroup, rosterSendAbsentGroup, rosterSendSubject, rosterSendSkippedHeading, rosterSendDone
    case rosterSendPlainGroup, rosterSendNoAttendance
    case rosterSkipSuppressed, rosterSkipNoAddress, rosterSkipAlreadySent
    case rosterReminderHeading, rosterReminderCheckbox, rosterReminderHours, rosterReminderSave, rosterReminderOn, rosterReminderOff
    case rosterReminderSaved, rosterReminderHint
    case mailLogLink, mailLogHeading, mailLogEmpty, mailLogNoMail, mailColumnKind, mailColumnTo, mailColumnSubject
    case mailColumnCreated, mailColumnState, mailColumnAttempts, mailColumnResult
    case mailStateWaiting, mailStateSent, mailStateGaveUp
    case proofHeading, proofBody, proofButton, proofDone, proofLinkGone, proofResend, proofResent
    case proofSentHeading, proofSentBody, proofConfirmedHeading, proofConfirmedBody, proofGoToMeetings

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .forgotPasswordLink: return ("Forgot your password?", "비밀번호를 잊으셨나요?")
        case .resetRequestHeading: return ("Reset your password", "비밀번호 재설정")
        case .resetRequestBody: return ("Enter the address you sign in with. If it has an account, we send a link that works once, for one hour.", "로그인에 쓰는 주소를 입력하세요. 계정이 있으면 한 시간 동안 한 번 쓸 수 있는 링크를 보내요.")
        case .resetRequestButton: return ("Send the link", "링크 보내기")
        case .resetRequestSent: return ("If an account uses this address, a reset link is on its way. It works once, for one hour.", "이 주소를 쓰는 계정이 있으면 재설정 링크를 보냈어요. 한 시간 동안 한 번 쓸 수 있어요.")
        case .resetNoMail: return ("This server sends no e-mail. Ask your administrator to reset your password (debrief admin reset-password).", "이 서버는 메일을 보내지 않아요. 관리자에게 비밀번호 재설정을 요청하세요 (debrief admin reset-password).")
        case .resetHeading: return ("Choose a new password", "새 비밀번호 정하기")
        case .resetBody: return ("Every browser and token signed in to this account is signed out.", "이 계정으로 로그인한 모든 브라우저와 토큰이 로그아웃돼요.")
        case .resetPasswordLabel: return ("New password (at least 10 characters)", "새 비밀번호 (10자 이상)")
        case .resetButton: return ("Set the password", "비밀번호 설정")
        case .resetDone: return ("Your password is set. Sign in with it.", "비밀번호를 설정했어요. 새 비밀번호로 로그인하세요.")
        case .resetLinkGone: return ("This link was used already or has expired. Ask for a new one.", "이미 쓴 링크이거나 만료됐어요. 새 링크를 요청하세요.")
        case .unsubscribeHeading: return ("Unsubscribe", "수신 거부")
        case .unsubscribeBody: return ("Stop the feedback links and reminders sent to {name}?", "{name} 님에게 보내는 피드백 링크와 알림을 그만 받을까요?")
        case .unsubscribeButton: return ("Unsubscribe", "수신 거부")
        case .proofHeading: return ("Confirm your address", "이메일 주소 확인")
        case .proofBody: return ("Press the button to confirm that this address belongs to your Debrief account. Opening the link alone confirms nothing.", "버튼을 누르면 이 주소가 Debrief 계정의 주소임을 확인해요. 링크를 여는 것만으로는 확인되지 않아요.")
        case .proofButton: return ("Confirm the address", "주소 확인")
        case .proofDone: return ("Your address is confirmed. Transfers, shares and company sign-in for it now reach this account.", "주소가 확인됐어요. 이 주소로 오는 이전, 공유와 회사 로그인이 이제 이 계정으로 와요.")
        case .proofLinkGone: return ("This confirmation link was used already, was replaced by a newer one, or has expired. Send a new one from your account page.", "이미 쓴 링크이거나, 새 링크로 바뀌었거나, 만료됐어요. 계정 페이지에서 새 링크를 보내세요.")
        case .proofResend: return ("Send the confirmation link again", "확인 링크 다시 보내기")
        case .proofSentHeading: return ("Check your mail", "메일을 확인하세요")
        case .proofSentBody:
            return ("Your account is ready. We sent a link to confirm your address to {email}: open it and press the button there. Until then, shares and transfers to this address do not reach this account.", "계정을 만들었어요. {email} 주소로 주소 확인 링크를 보냈어요. 링크를 열고 버튼을 누르세요. 확인하기 전에는 이 주소로 오는 공유와 이전이 이 계정으로 오지 않아요.")
        case .proofConfirmedHeading: return ("Address confirmed", "주소 확인 완료")
        case .proofConfirmedBody: return ("Your address {email} is confirmed.", "{email} 주소가 확인됐어요.")
        case .proofGoToMeetings: return ("Go to your meetings", "내 회의로 가기")
        case .proofResent: return ("A new confirmation link is on its way; it works once, for 24 hours. Older links no longer work.", "새 확인 링크를 보냈어요. 24시간 동안 한 번 쓸 수 있어요. 이전 링크는 더 이상 쓸 수 없어요.")
        case .unsubscribeEverywhereButton: return ("Unsubscribe from all mail of this Debrief", "이 Debrief의 모든 메일 수신 거부")
        case .unsubscribeEverywhereDone:
            return ("Done: no more mail goes to this address from any roster here.", "완료했어요. 이곳의 어떤 명단에서도 이 주소로 더는 메일을 보내지 않아요.")
        case .unsubscribeDone: return ("Done: no more mail goes to this address from this roster.", "완료했어요. 이 명단에서 이 주소로 더는 메일을 보내지 않아요.")
        case .unsubscribeLinkGone: return ("This link is no longer valid: its address is not on the roster any more, so nothing will be sent to it.", "더 이상 쓸 수 없는 링크예요. 이 주소는 명단에 없어서 아무것도 보내지 않아요.")
        case .rosterMailLink: return ("E-mail addresses", "이메일 주소")
        case .rosterMailHeading: return ("E-mail addresses of the roster", "명단의 이메일 주소")
        case .rosterMailBody: return ("Type every address you know, then press Save once. Saving sends nothing: you send the link yourself, after a preview. Only you and co-hosts who edit see the addresses; exports leave them out.", "아는 주소를 모두 입력하고 저장을 한 번 누르세요. 저장해도 메일은 가지 않아요. 링크는 미리 보기를 확인한 뒤 직접 보내요. 주소는 나와 편집 권한이 있는 공동 주최자만 보고, 내보내기에는 들어가지 않아요.")
        case .rosterMailNoMail: return ("This server sends no e-mail: copy the participant link from the meeting page instead.", "이 서버는 메일을 보내지 않아요. 회의 페이지에서 참여 링크를 복사해 보내세요.")
        case .rosterMailSave: return ("Save all addresses", "주소 모두 저장")
        case .rosterMailUnsubscribed: return ("Unsubscribed", "수신 거부함")
        case .rosterMailSaved: return ("Saved {n} address changes. Nothing was sent.", "주소 {n}개를 바꿨어요. 메일은 보내지 않았어요.")
        case .rosterMailNothingChanged: return ("No address changed.", "바뀐 주소가 없어요.")
        case .rosterMailErrors: return ("Some addresses need another look. Nothing was saved:", "다시 확인할 주소가 있어요. 아무것도 저장하지 않았어요:")
        case .rosterMailFieldHint: return ("Leave empty for no address.", "주소가 없으면 비워 두세요.")
        case .rosterSendLink: return ("Send the feedback link…", "피드백 링크 보내기…")
        case .rosterSendHeading: return ("Send the feedback link of session {n}", "{n}회차 피드백 링크 보내기")
        case .rosterSendButton: return ("Send the link to {n} people now", "지금 {n}명에게 링크 보내기")
        case .rosterSendButtonOne: return ("Send the link to 1 person now", "지금 1명에게 링크 보내기")
        case .rosterSendNoForm: return ("This session has no published form that is still open: publish it first, then send its link.", "이 회차에는 열려 있는 게시된 설문이 없어요. 먼저 게시한 뒤 링크를 보내세요.")
        case .rosterSendNobody: return ("Nobody to send to now: see who is skipped below.", "지금 보낼 사람이 없어요. 아래에서 제외된 사람을 확인하세요.")
        case .rosterSendNoMail: return ("This server sends no e-mail: copy the participant link from the meeting page instead.", "이 서버는 메일을 보내지 않아요. 회의 페이지에서 참여 링크를 복사해 보내세요.")
        case .rosterSendPresentGroup: return ("Checked in or marked present — thanked for coming ({n}): {names}", "출석한 사람 — 와 주셔서 고맙다는 메일 ({n}명): {names}")
        case .rosterSendPlainGroup: return ("Everyone — the link with plain words ({n}): {names}", "모두 — 피드백 링크만 담은 메일 ({n}명): {names}")
        case .rosterSendNoAttendance:
            return ("No attendance was taken for this session: nobody checked in or was marked present. So nobody is sent \"sorry we missed you\" — everyone gets the link with plain words. Mark who came on the roster first if you want to thank them.", "이 회차는 출석을 확인하지 않았어요. 체크인하거나 출석 표시된 사람이 없어요. 그래서 \"못 뵈어 아쉬웠어요\" 메일은 아무에게도 보내지 않고, 모두에게 피드백 링크만 담은 메일을 보내요. 온 사람에게 고마움을 전하려면 먼저 명단에서 출석을 표시하세요.")
        case .rosterSendAbsentGroup: return ("Absent — told their view still counts ({n}): {names}", "결석한 사람 — 그래도 의견이 소중하다는 메일 ({n}명): {names}")
        case .rosterSendSubject: return ("Subject", "제목")
        case .rosterSendSkippedHeading: return ("Skipped", "제외")
        case .rosterSendDone: return ("The link is on its way to {n} people.", "{n}명에게 링크를 보내고 있어요.")
        case .rosterSkipSuppressed: return ("unsubscribed", "수신 거부함")
        case .rosterSkipNoAddress: return ("no address", "주소 없음")
        case .rosterSkipAlreadySent: return ("already sent", "이미 보냄")
        case .rosterReminderHeading: return ("Reminder times", "알림 시각")
        case .rosterReminderCheckbox: return ("Remind those who have not answered", "아직 답하지 않은 사람에게 알림 보내기")
        case .rosterReminderHours: return ("Hours before the form closes", "마감 몇 시간 전")
        case .rosterReminderHint: return ("For every session of this series whose link you sent, once, to those who have not answered (through their personal link, or at a check-in under their name). The form needs a closing time.", "이 시리즈에서 링크를 보낸 모든 회차에 한 번, 아직 답하지 않은 사람(개인 링크로 또는 이름으로 체크인해 답한 사람 제외)에게 보내요. 설문에 마감 시각이 있어야 해요.")
        case .rosterReminderSave: return ("Save the reminder", "알림 설정 저장")
        case .rosterReminderOn: return ("On: {n} h before the form closes.", "켜짐: 마감 {n}시간 전.")
        case .rosterReminderOff: return ("Off: nobody is reminded.", "꺼짐: 아무에게도 알림을 보내지 않아요.")
        case .rosterReminderSaved: return ("Reminder saved.", "알림 설정을 저장했어요.")
        case .mailLogLink: return ("Mail log", "메일 기록")
        case .mailLogHeading: return ("Mail sent for you", "보낸 메일 기록")
        case .mailLogEmpty: return ("No mail yet.", "아직 보낸 메일이 없어요.")
        case .mailLogNoMail: return ("This server sends no e-mail: share links by hand.", "이 서버는 메일을 보내지 않아요. 링크를 직접 공유하세요.")
        case .mailColumnKind: return ("Kind", "종류")
        case .mailColumnTo: return ("To", "받는 사람")
        case .mailColumnSubject: return ("Subject", "제목")
        case .mailColumnCreated: return ("Created", "생성")
        case .mailColumnState: return ("State", "상태")
        case .mailColumnAttempts: return ("Attempts", "시도")
        case .mailColumnResult: return ("Server's reply", "서버 응답")
        case .mailStateWaiting: return ("Waiting", "대기 중")
        case .mailStateSent: return ("Sent", "보냄")
        case .mailStateGaveUp: return ("Gave up", "포기함")
        }
    }
}
