import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// The roster's e-mail addresses over the JSON API (`/v1/meetings/{id}/roster/…`), what the
/// page `/m/{id}/roster/mail` does: list the members with their addresses and whether they
/// unsubscribed, set one member's address, remove it. Behind ``AuthMiddleware``.
///
/// Who may see addresses is decided once, as the page decides it: the right to edit the
/// meeting's series (``SeriesRole/may(_:)`` with `.edit`, asked by ``MeetingActions/find`` and
/// again by the store inside its transaction). A viewer co-host gets 403 here and keeps the roster
/// without addresses (`GET /v1/series/{id}/roster`); another host gets 404.
public struct RosterMailController: Sendable {
    let mail: MailActions
    let meetings: MeetingActions
    let admission: Admission

    public init(mail: MailActions, meetings: MeetingActions, admission: Admission) {
        self.mail = mail
        self.meetings = meetings
        self.admission = admission
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/roster/emails") { _, context -> RosterEmailsResponse in
            let (meeting, viewer) = try await self.editableMeeting(context)
            let entries = try await self.mail.rosterAddresses(series: meeting.seriesID, by: viewer)
            return RosterEmailsResponse(mailConfigured: self.mail.isConfigured, items: entries.map(RosterEmailResponse.init))
        }
        // Idempotent: the same address again changes nothing (an unsubscribe stays, as on the page).
        group.put("meetings/:id/roster/:memberId/email") { request, context -> RosterEmailResponse in
            let (meeting, viewer) = try await self.editableMeeting(context)
            let member = try context.requireID("memberId", "roster member")
            let input = try await request.decodeJSON(as: RosterEmailInput.self, context: context)
            let email = try EmailAddress.parse(input.email).mapError { ValidationFailure($0) }.get()
            try self.admission.rosterAddressChange(account: viewer.accountID)
            return RosterEmailResponse(try await self.mail.setRosterEmail(series: meeting.seriesID, member: member, by: viewer, to: email))
        }
        // Idempotent: removing an address that is not there answers 204 again.
        group.delete("meetings/:id/roster/:memberId/email") { _, context -> Response in
            let (meeting, viewer) = try await self.editableMeeting(context)
            let member = try context.requireID("memberId", "roster member")
            try self.admission.rosterAddressChange(account: viewer.accountID)
            try await self.mail.setRosterEmail(series: meeting.seriesID, member: member, by: viewer, to: nil)
            return Response(status: .noContent)
        }
    }

    /// The path's meeting, for a caller who may edit its series (before any body is read).
    private func editableMeeting(_ context: AppRequestContext) async throws -> (Meeting, Viewer) {
        let viewer = try context.requireViewer()
        return (try await self.meetings.find(try context.requireID("id", "meeting"), visibleTo: viewer, toDo: .edit), viewer)
    }
}
