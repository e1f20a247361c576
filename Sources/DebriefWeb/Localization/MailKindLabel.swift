import Debrief
import DebriefStore

/// The one table of what the delivery log calls each kind of message, in each ``Language``
/// (issue 68: the Korean log showed the outbox's raw `reminder`, `participant_link`). The switch
/// is exhaustive, so a new ``MailKind`` does not build until it has its words here.
extension MailKind {
    func label(_ language: Language) -> String {
        let (en, ko) = self.labels
        return language == .ko ? ko : en
    }

    private var labels: (en: String, ko: String) {
        switch self {
        case .passwordReset: return ("Password reset", "비밀번호 재설정")
        case .invitation: return ("Invitation to sign up", "가입 초대")
        case .participantLink: return ("Feedback link", "피드백 링크")
        case .reminder: return ("Reminder", "알림")
        case .addressProof: return ("Address confirmation", "주소 확인")
        }
    }
}
