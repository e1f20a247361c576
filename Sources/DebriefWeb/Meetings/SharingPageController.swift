import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/sharing`: who works on the meeting's series besides its owner
/// (docs/decisions/0033-co-hosts.md). Every co-host sees the list; the owner (or an admin) also
/// shares, changes roles, revokes, and offers ownership to another host (behind a confirmation
/// box), who accepts it on `/transfers`; an open offer can be cancelled. They also offer it to a
/// team they administer (decision 90, ``TeamActions/offer(series:by:_:)``), whose admins accept it
/// among their offers; a team's series names its team where a host's names its owner. The server
/// decides who may do what: a co-host's post is a 403 page whatever the form showed.
struct SharingPageController {
    let meetings: MeetingActions
    let sharing: SharingActions
    let teams: TeamActions

    struct SharingPage {
        struct Share {
            var name: String
            var email: String
            var role: String
            var since: String
            var changeAction: String
            var revokeAction: String
            var revokeLabel: String
            var roleLabel: String
            var options: [RoleOption]
            /// Whether the reader may change this share (the owner or an admin).
            var manageable: Bool
        }

        struct RoleOption {
            var value: String
            var label: String
            var selected: Bool
        }

        var heading: String
        var meetingTitle: String
        var dashboardHref: String
        /// "Owner", or "Team" for a series a team owns.
        var ownerLabel: String
        /// The owner's name and address, or the owning team's name.
        var owner: String
        var yourRole: String
        var shares: [Share]
        /// The owner's controls, nil for co-hosts.
        var manage: Manage?
        var notice: String?
        var csrf: String

        struct Manage {
            var addAction: String
            var email: String
            var emailError: String?
            var roleError: String?
            var options: [RoleOption]
            var transferAction: String
            var transferEmail: String
            var transferError: String?
            /// The open offer's line and its cancel form, nil without one.
            var pending: Pending?
            /// The offer to a team, nil when the reader administers no other team.
            var teamOffer: TeamOffer?
        }

        struct TeamOffer {
            var action: String
            var options: [TeamOption]
            var error: String?
        }

        struct TeamOption {
            var value: String
            var label: String
            var selected: Bool
        }

        struct Pending {
            var text: String
            var cancelAction: String
        }
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(":id/sharing", use: self.show)
        group.post(":id/sharing", use: self.share)
        group.post(":id/sharing/:accountId/revoke", use: self.revoke)
        group.post(":id/sharing/transfer", use: self.transfer)
        group.post(":id/sharing/transfer/cancel", use: self.cancelTransfer)
        group.post(":id/sharing/team", use: self.offerToTeam)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context, try await context.pathMeeting(self.meetings))
    }

    @Sendable func share(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        do {
            let shared = try await self.sharing.share(series: meeting.seriesID, by: try context.requireViewer()) {
                SeriesShareInput(email: fields["email"], role: fields["role"])
            }
            // The same words whether the address has an account or not.
            let notice = t(.sharingOffered, ["email": shared.email.normalized, "role": SeriesRolePhrase.name(shared.role, t)])
            return try await self.render(request, context, meeting, notice: notice)
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            return try await self.render(
                request, context, meeting, status: .unprocessableContent, email: fields["email"] ?? "",
                emailError: errors["email"], roleError: errors["role"])
        }
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        _ = try await context.postedFields(request)
        try await self.sharing.revoke(
            series: meeting.seriesID, account: try context.requireID("accountId", "share"), by: try context.requireViewer())
        return try await self.render(request, context, meeting, notice: Localizer(Language(request.headers))(.sharingRevoked))
    }

    @Sendable func transfer(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        guard fields["confirm"] == "yes" else {
            return try await self.render(
                request, context, meeting, status: .unprocessableContent, transferEmail: fields["email"] ?? "",
                transferError: t(.transferConfirmRequired))
        }
        do {
            let email = try await self.sharing.offerTransfer(series: meeting.seriesID, by: try context.requireViewer()) {
                SeriesTransferInput(email: fields["email"])
            }
            return try await self.render(request, context, meeting, notice: t(.transferOffered, ["email": email.normalized]))
        } catch let failure as ValidationFailure {
            return try await self.render(
                request, context, meeting, status: .unprocessableContent, transferEmail: fields["email"] ?? "",
                transferError: FieldErrors(failure, t)["email"])
        }
    }

    @Sendable func cancelTransfer(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        _ = try await context.postedFields(request)
        try await self.sharing.cancelTransfer(series: meeting.seriesID, by: try context.requireViewer())
        return try await self.render(request, context, meeting, notice: Localizer(Language(request.headers))(.transferCancelled))
    }

    /// Offers the series to the posted team through ``TeamActions/offer(series:by:_:)``, which
    /// decides who may (a co-host below owner: the 403 page) and which team (a problem at
    /// `teamId`: the page again, 422); an offer is a 303 back to the page, which shows it pending.
    @Sendable func offerToTeam(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let fields = try await context.postedFields(request)
        do {
            try await self.teams.offer(series: meeting.seriesID, by: try context.requireViewer()) {
                SeriesTeamTransferInput(teamID: fields["teamId"].flatMap { $0.isEmpty ? nil : $0 })
            }
            return .seeOther("/m/\(meeting.id.lowercasedText)/sharing")
        } catch let failure as ValidationFailure {
            let t = Localizer(Language(request.headers))
            let owned = failure.problems.contains { $0.path == "teamId" && $0.message == "owns this series already" }
            return try await self.render(
                request, context, meeting, status: .unprocessableContent, teamChoice: fields["teamId"],
                teamOfferError: t(owned ? .teamOfferOwnsAlready : .teamOfferChoose))
        }
    }

    // MARK: - Helpers

    private func render(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, status: HTTPResponse.Status = .ok,
        notice: String? = nil, email: String = "", emailError: String? = nil, roleError: String? = nil,
        transferEmail: String = "", transferError: String? = nil, teamChoice: String? = nil, teamOfferError: String? = nil
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let sharing = try await self.sharing.sharing(series: meeting.seriesID, visibleTo: try context.requireViewer())
        let id = meeting.id.lowercasedText
        let manages = sharing.viewerRole.may(.manage)
        func options(selected: SeriesRole?) -> [SharingPage.RoleOption] {
            SeriesRole.shareable.map { role in
                SharingPage.RoleOption(
                    value: role.rawValue, label: role == .editor ? t(.roleEditorHint) : t(.roleViewerHint), selected: role == selected)
            }
        }
        let shares = sharing.shares.map { share in
            let account = share.accountID.lowercasedText
            return SharingPage.Share(
                name: share.displayName, email: share.email, role: SeriesRolePhrase.name(share.role, t),
                since: DateText.dateTime(share.createdAt, writer.language), changeAction: "/m/\(id)/sharing",
                revokeAction: "/m/\(id)/sharing/\(account)/revoke", revokeLabel: t(.sharingRevokeButton) + ": " + share.email,
                roleLabel: t(.sharingRoleLabel) + ": " + share.email, options: options(selected: share.role), manageable: manages)
        }
        var manage: SharingPage.Manage?
        if manages {
            let viewer = try context.requireViewer()
            let pending = try await self.sharing.pendingTransfer(series: meeting.seriesID, visibleTo: viewer)
            // The teams whose offers the reader may accept, but the one that owns the series already.
            let teams = try await self.teams.teams(of: viewer).filter { $0.viewerRole.may(.manage) && $0.id != sharing.team?.id }
            let teamOffer = teams.isEmpty ? nil : SharingPage.TeamOffer(
                action: "/m/\(id)/sharing/team",
                options: teams.map { team in
                    let value = team.id.lowercasedText
                    return SharingPage.TeamOption(value: value, label: team.name, selected: value == teamChoice?.lowercased())
                },
                error: teamOfferError)
            manage = SharingPage.Manage(
                addAction: "/m/\(id)/sharing", email: email, emailError: emailError, roleError: roleError,
                options: options(selected: .editor), transferAction: "/m/\(id)/sharing/transfer", transferEmail: transferEmail,
                transferError: transferError,
                pending: pending.map { offer in
                    let date = DateText.dateTime(offer.offeredAt, writer.language)
                    // A team's offer names the team (`email` holds its name then).
                    let text = offer.teamID == nil
                        ? t(.transferPending, ["email": offer.email, "date": date]) : t(.teamOfferPending, ["team": offer.email, "date": date])
                    return SharingPage.Pending(text: text, cancelAction: "/m/\(id)/sharing/transfer/cancel")
                },
                teamOffer: teamOffer)
        }
        let page = SharingPage(
            heading: t(.sharingHeading, ["title": meeting.title]), meetingTitle: meeting.title, dashboardHref: "/m/\(id)",
            ownerLabel: sharing.team == nil ? t(.sharingOwnerLabel) : t(.sharingTeamLabel),
            owner: sharing.team?.name ?? "\(sharing.owner.displayName) (\(sharing.owner.email))",
            yourRole: t(.sharingYourRole, ["role": SeriesRolePhrase.name(sharing.viewerRole, t)]),
            shares: shares, manage: manage, notice: notice, csrf: context.sessionCSRFToken ?? "")
        return try writer.hostPage("sharing", title: page.heading, view: page, context: context, status: status)
    }
}
