import Debrief
import Foundation

/// The fixed text of the co-host pages (`/m/{id}/sharing`, role badges), in each ``Language``:
/// read by templates as `{{t.name}}` like ``Phrase`` and ``HostPhrase``.
enum SharingPhrase: String, CaseIterable, Sendable {
    case sharingLink, sharingHeading, sharingBody, sharingOwnerLabel, sharingNone, sharingCaption
    case sharingColumnPerson, sharingColumnRole, sharingColumnSince, sharingYourRole
    case sharingAddHeading, sharingEmailLabel, sharingEmailHint, sharingRoleLabel, sharingAddButton, sharingChangeButton
    case sharingRevokeButton, sharingSaved, sharingRevoked
    case transferHeading, transferBody, transferEmailLabel, transferConfirmLabel, transferButton, transferConfirmRequired, transferred
    case roleOwner, roleEditor, roleViewer, roleAdmin, roleEditorHint, roleViewerHint
    case sharedWithYou, forbiddenHeading, forbiddenBody

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .sharingLink: return ("Sharing", "공유")
        case .sharingHeading: return ("Sharing: {title}", "공유: {title}")
        case .sharingBody: return ("Co-hosts work on every session of this meeting series, past and future. Editors change meetings and forms, publish, take attendance and see results; viewers see results and exports only.", "공동 진행자는 이 회의 시리즈의 지난 회차와 앞으로의 회차 모두에서 일할 수 있어요. 편집자는 회의와 설문을 고치고 게시하며 출석을 확인하고 결과를 봐요. 열람자는 결과와 내보내기만 볼 수 있어요.")
        case .sharingOwnerLabel: return ("Owner", "소유자")
        case .sharingNone: return ("Not shared with anyone yet.", "아직 아무와도 공유하지 않았어요.")
        case .sharingCaption: return ("Hosts this series is shared with", "이 시리즈를 공유한 진행자")
        case .sharingColumnPerson: return ("Host", "진행자")
        case .sharingColumnRole: return ("Role", "역할")
        case .sharingColumnSince: return ("Since", "공유한 날")
        case .sharingYourRole: return ("Your role: {role}", "내 역할: {role}")
        case .sharingAddHeading: return ("Share with a host", "진행자와 공유")
        case .sharingEmailLabel: return ("Their sign-in email", "상대의 로그인 이메일")
        case .sharingEmailHint: return ("They need a Debrief account. Sharing again changes their role.", "Debrief 계정이 있어야 해요. 다시 공유하면 역할이 바뀌어요.")
        case .sharingRoleLabel: return ("Role", "역할")
        case .sharingAddButton: return ("Share", "공유")
        case .sharingChangeButton: return ("Change role", "역할 바꾸기")
        case .sharingRevokeButton: return ("Revoke", "공유 해제")
        case .sharingSaved: return ("Shared with {email} as {role}.", "{email}님과 {role}(으)로 공유했어요.")
        case .sharingRevoked: return ("Share revoked.", "공유를 해제했어요.")
        case .transferHeading: return ("Transfer ownership", "소유권 넘기기")
        case .transferBody: return ("The new owner gets the series and every session in it; you keep the editor role. Only the new owner can give it back.", "새 소유자가 시리즈와 모든 회차를 갖게 되고, 나는 편집자 역할을 유지해요. 되돌리려면 새 소유자가 다시 넘겨야 해요.")
        case .transferEmailLabel: return ("New owner's sign-in email", "새 소유자의 로그인 이메일")
        case .transferConfirmLabel: return ("I understand that I will no longer own this series", "이 시리즈의 소유자가 더 이상 아니게 된다는 것을 이해해요")
        case .transferButton: return ("Transfer", "넘기기")
        case .transferConfirmRequired: return ("Tick the box to confirm the transfer.", "넘기려면 확인란을 선택하세요.")
        case .transferred: return ("{email} now owns this series.", "이제 {email}님이 이 시리즈의 소유자예요.")
        case .roleOwner: return ("Owner", "소유자")
        case .roleEditor: return ("Editor", "편집자")
        case .roleViewer: return ("Viewer", "열람자")
        case .roleAdmin: return ("Admin", "관리자")
        case .roleEditorHint: return ("Editor: meetings, forms, attendance, results", "편집자: 회의, 설문, 출석, 결과")
        case .roleViewerHint: return ("Viewer: results and exports only", "열람자: 결과와 내보내기만")
        case .sharedWithYou: return ("Shared with you · {role}", "공유받음 · {role}")
        case .forbiddenHeading: return ("Not with your role", "내 역할로는 할 수 없어요")
        case .forbiddenBody: return ("This meeting series is shared with you, but your role does not allow this. Ask its owner.", "이 회의 시리즈를 공유받았지만 내 역할로는 할 수 없는 일이에요. 소유자에게 요청하세요.")
        }
    }
}

/// The name of a role as people read it.
enum SeriesRolePhrase {
    static func name(_ role: SeriesRole, _ t: Localizer) -> String {
        switch role {
        case .owner: t(.roleOwner)
        case .editor: t(.roleEditor)
        case .viewer: t(.roleViewer)
        case .admin: t(.roleAdmin)
        }
    }
}
