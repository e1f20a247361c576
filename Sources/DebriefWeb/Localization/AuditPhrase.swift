import DebriefStore

/// The fixed text of the read record's pages (`/teams/{teamId}/audit`, `/admin/audit`; issue 70
/// goal 4), in each ``Language``: read by templates as `{{t.name}}` like ``TeamPhrase``, and each
/// event's name as people read it (``label(_:)``).
enum AuditPhrase: String, CaseIterable, Sendable, PairedPhraseTable {
    case auditTeamLink, auditAdminLink, auditTeamHeading, auditAdminHeading, auditBody, auditCaption
    case auditColumnWhen, auditColumnWho, auditColumnWhat, auditColumnDetail, auditColumnFrom
    case auditNone, auditOlder, auditNewest, auditDownload, auditFiltered, auditClearFilters, auditOperator, auditBackToTeam, auditBackToAdmin
    case auditKindResponsesList, auditKindResponseRead, auditKindAnswersRead, auditKindExport
    case auditKindShareGranted, auditKindShareRevoked, auditKindTransferOffered, auditKindTransferCancelled
    case auditKindTransferAccepted, auditKindTransferDeclined, auditKindRoleChanged, auditKindBrandingChanged, auditKindAdminSignIn

    var texts: (en: String, ko: String) {
        switch self {
        case .auditTeamLink: return ("Who read what", "열람 기록")
        case .auditAdminLink: return ("Who read what (every team and host)", "열람 기록 (모든 팀과 진행자)")
        case .auditTeamHeading: return ("Who read what: {team}", "열람 기록: {team}")
        case .auditAdminHeading: return ("Who read what", "열람 기록")
        case .auditBody:
            return (
                "Every reading of answers, every export, share, transfer, role and look change, newest first. Rows are never changed and are deleted after the installation's retention.",
                "답변 열람, 내보내기, 공유, 넘기기, 역할과 꾸미기 변경을 최신순으로 보여 줘요. 기록은 바뀌지 않고 설치의 보관 기간이 지나면 지워져요."
            )
        case .auditCaption: return ("The read record, newest first", "열람 기록 (최신순)")
        case .auditColumnWhen: return ("When", "언제")
        case .auditColumnWho: return ("Who", "누가")
        case .auditColumnWhat: return ("What", "무엇을")
        case .auditColumnDetail: return ("Detail", "세부")
        case .auditColumnFrom: return ("From where", "어디서")
        case .auditNone: return ("Nothing has been recorded here yet.", "아직 기록된 것이 없어요.")
        case .auditOlder: return ("Older", "이전 기록")
        case .auditNewest: return ("Newest", "최신 기록")
        case .auditDownload: return ("Download as CSV", "CSV로 내려받기")
        case .auditFiltered: return ("Only the rows the address's filters name.", "주소의 필터에 맞는 기록만 보여 줘요.")
        case .auditClearFilters: return ("Show every row", "모든 기록 보기")
        case .auditOperator: return ("The operator (server shell)", "운영자 (서버 셸)")
        case .auditBackToTeam: return ("Back to the team", "팀으로 돌아가기")
        case .auditBackToAdmin: return ("Back to admin", "관리 페이지로 돌아가기")
        case .auditKindResponsesList: return ("Read the responses list", "응답 목록 열람")
        case .auditKindResponseRead: return ("Read a response", "응답 하나 열람")
        case .auditKindAnswersRead: return ("Read a question's answers", "질문의 답변 열람")
        case .auditKindExport: return ("Exported", "내보내기")
        case .auditKindShareGranted: return ("Shared a series", "시리즈 공유")
        case .auditKindShareRevoked: return ("Stopped sharing a series", "시리즈 공유 해제")
        case .auditKindTransferOffered: return ("Offered a series", "시리즈 넘기기 제안")
        case .auditKindTransferCancelled: return ("Cancelled a transfer", "넘기기 취소")
        case .auditKindTransferAccepted: return ("Accepted a transfer", "넘기기 수락")
        case .auditKindTransferDeclined: return ("Declined a transfer", "넘기기 거절")
        case .auditKindRoleChanged: return ("Changed a role", "역할 변경")
        case .auditKindBrandingChanged: return ("Changed the look", "꾸미기 변경")
        case .auditKindAdminSignIn: return ("An admin signed in", "관리자 로그인")
        }
    }

    /// The phrase of a stored kind (`audit_record.kind`); nil for a kind this build does not know
    /// (the page then shows the stored name).
    static func label(_ kind: String) -> AuditPhrase? {
        switch AuditKind(rawValue: kind) {
        case .responsesList: return .auditKindResponsesList
        case .responseRead: return .auditKindResponseRead
        case .answersRead: return .auditKindAnswersRead
        case .export: return .auditKindExport
        case .shareGranted: return .auditKindShareGranted
        case .shareRevoked: return .auditKindShareRevoked
        case .transferOffered: return .auditKindTransferOffered
        case .transferCancelled: return .auditKindTransferCancelled
        case .transferAccepted: return .auditKindTransferAccepted
        case .transferDeclined: return .auditKindTransferDeclined
        case .roleChanged: return .auditKindRoleChanged
        case .brandingChanged: return .auditKindBrandingChanged
        case .adminSignIn: return .auditKindAdminSignIn
        case nil: return nil
        }
    }
}
