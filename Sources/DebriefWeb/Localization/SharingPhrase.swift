import Debrief
import Foundation

/// The fixed text of the co-host pages (`/m/{id}/sharing`, role badges), in each ``Language``:
/// read by templates as `{{t.name}}` like ``Phrase`` and ``HostPhrase``.
enum SharingPhrase: String, CaseIterable, Sendable {
    case sharingLink, sharingHeading, sharingBody, sharingOwnerLabel, sharingNone, sharingCaption
    case sharingColumnPerson, sharingColumnRole, sharingColumnSince, sharingYourRole
    case sharingAddHeading, sharingEmailLabel, sharingEmailHint, sharingRoleLabel, sharingAddButton, sharingChangeButton
    case sharingRevokeButton, sharingSaved, sharingRevoked
    case transferHeading, transferBody, transferEmailLabel, transferConfirmLabel, transferButton, transferConfirmRequired
    case roleOwner, roleEditor, roleViewer, roleAdmin, roleEditorHint, roleViewerHint
    case sharedWithYou, forbiddenHeading, forbiddenBody
    case sharingOffered, transferOffered, transferPending, transferCancelButton, transferCancelled
    case transfersLink, transfersHeading, transfersBody, transfersNone, transferFrom, transferAcceptButton, transferDeclineButton
    case transferAccepted, transferDeclined, transferOverlaps
    case transferCredentialsLegend, transferCredentialFeed, transferCredentialChannel, transferCredentialSheet, transferCredentialMadeBy, transferCredentialGone
    case transferCredentialsKeep, transferCredentialsReplace, transferCredentialsRequired
    case sharingTeamLabel, teamOfferHeading, teamOfferBody, teamOfferLabel, teamOfferButton, teamOfferPending
    case teamOfferChoose, teamOfferOwnsAlready

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
        case .transferBody: return ("The other host is offered the series and every session in it; once they accept, they own it and you keep the editor role. Only the new owner can give it back.", "상대 진행자에게 시리즈와 모든 회차를 넘기겠다고 제안해요. 상대가 수락하면 새 소유자가 되고, 나는 편집자 역할을 유지해요. 되돌리려면 새 소유자가 다시 넘겨야 해요.")
        case .transferEmailLabel: return ("New owner's sign-in email", "새 소유자의 로그인 이메일")
        case .transferConfirmLabel: return ("I understand that I will no longer own this series", "이 시리즈의 소유자가 더 이상 아니게 된다는 것을 이해해요")
        case .transferButton: return ("Transfer", "넘기기")
        case .transferConfirmRequired: return ("Tick the box to confirm the transfer.", "넘기려면 확인란을 선택하세요.")
        case .roleOwner: return ("Owner", "소유자")
        case .roleEditor: return ("Editor", "편집자")
        case .roleViewer: return ("Viewer", "열람자")
        case .roleAdmin: return ("Admin", "관리자")
        case .roleEditorHint: return ("Editor: meetings, forms, attendance, results", "편집자: 회의, 설문, 출석, 결과")
        case .roleViewerHint: return ("Viewer: results and exports only", "열람자: 결과와 내보내기만")
        case .sharedWithYou: return ("Shared with you · {role}", "공유받음 · {role}")
        case .forbiddenHeading: return ("Not with your role", "내 역할로는 할 수 없어요")
        case .sharingOffered: return ("If {email} has a Debrief account, the series is now shared with it as {role}.", "{email}에 Debrief 계정이 있다면 이제 {role}(으)로 공유돼요.")
        case .transferOffered: return ("If {email} has a Debrief account, they can accept the transfer on their transfers page. You own the series until then.", "{email}에 Debrief 계정이 있다면 상대가 넘겨받기 페이지에서 수락할 수 있어요. 그때까지는 내가 소유자예요.")
        case .transferPending: return ("Offered to {email} on {date}: waiting for them to accept.", "{date}에 {email}님에게 넘기기를 제안했어요. 수락을 기다리는 중이에요.")
        case .transferCancelButton: return ("Cancel the offer", "제안 취소")
        case .transferCancelled: return ("The transfer offer is cancelled.", "넘기기 제안을 취소했어요.")
        case .transfersLink: return ("Series offered to you", "넘겨받을 시리즈")
        case .transfersHeading: return ("Series offered to you", "넘겨받을 시리즈")
        case .transfersBody: return ("Another host offered you the ownership of these meeting series. Accepting makes you the owner of every session; the previous owner keeps the editor role.", "다른 진행자가 이 회의 시리즈의 소유권을 넘기겠다고 제안했어요. 수락하면 모든 회차의 소유자가 되고, 이전 소유자는 편집자 역할을 유지해요.")
        case .transfersNone: return ("Nothing is offered to you.", "넘겨받을 시리즈가 없어요.")
        case .transferFrom: return ("From {from}, {date}", "{from}, {date}")
        case .transferAcceptButton: return ("Accept", "수락")
        case .transferDeclineButton: return ("Decline", "거절")
        case .transferAccepted: return ("You now own “{title}”.", "이제 “{title}”의 소유자예요.")
        case .transferDeclined: return ("Offer declined.", "제안을 거절했어요.")
        case .transferOverlaps: return ("A session of this series overlaps one of your meetings; nothing changed.", "이 시리즈의 회차가 내 회의와 겹쳐서 아무것도 바뀌지 않았어요.")
        case .transferCredentialsLegend: return ("This series has credentials made by others. Each keeps delivering only while its maker may edit the series.", "이 시리즈에는 다른 사람이 만든 자격 증명이 있어요. 각각은 만든 사람이 시리즈를 편집할 수 있는 동안에만 전달돼요.")
        case .transferCredentialFeed: return ("Calendar feed", "캘린더 피드")
        case .transferCredentialChannel: return ("Team chat channel", "팀 채팅 채널")
        case .transferCredentialSheet: return ("Live sheet", "실시간 시트")
        case .transferCredentialMadeBy: return ("{kind}, made by {maker} on {date}", "{kind}, {date}에 {maker}님이 만듦")
        case .transferCredentialGone: return ("a deleted account", "삭제된 계정")
        case .transferCredentialsKeep: return ("Keep them", "유지하기")
        case .transferCredentialsReplace: return ("Replace them: end them now, I make new ones", "바꾸기: 지금 끝내고 새로 만들게요")
        case .transferCredentialsRequired: return ("Choose whether to keep or replace the series' credentials made by others.", "다른 사람이 만든 시리즈의 자격 증명을 유지할지 바꿀지 고르세요.")
        case .sharingTeamLabel: return ("Team", "팀")
        case .teamOfferHeading: return ("Offer to a team", "팀에 넘기기")
        case .teamOfferBody: return ("A team you administer can own this series. Once one of its admins accepts, its members work on every session by their team role, and you keep the editor role.", "내가 관리하는 팀이 이 시리즈를 소유할 수 있어요. 팀 관리자가 수락하면 팀원은 팀 역할에 따라 모든 회차에서 일하고, 나는 편집자 역할을 유지해요.")
        case .teamOfferLabel: return ("Team", "팀")
        case .teamOfferButton: return ("Offer to the team", "팀에 제안")
        case .teamOfferPending: return ("Offered to the team {team} on {date}: waiting for one of its admins to accept.", "{date}에 {team} 팀에 넘기기를 제안했어요. 팀 관리자의 수락을 기다리는 중이에요.")
        case .teamOfferChoose: return ("Choose one of the teams you administer.", "내가 관리하는 팀 중에서 고르세요.")
        case .teamOfferOwnsAlready: return ("This team owns the series already.", "이 팀이 이미 이 시리즈를 소유하고 있어요.")
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
