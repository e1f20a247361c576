import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// The roster's send step over the JSON API (`/v1/meetings/{id}/roster/send`, `…/roster/remind`,
/// `…/roster/reminder`),
/// what the page `/m/{id}/roster/send` does (docs/decisions/0060-roster-sending-is-a-step.md):
/// read the preview (who would get the link with which words, who is skipped and why, who
/// answered — a count on an anonymous form — and the reminder), press Send, press Remind (only
/// those who have not answered, once per session: decisions 77 and 81), set the series' reminder times or turn them off. Behind ``AuthMiddleware``.
///
/// Every decision stays with ``RosterSendActions``, the page's own use case: the right to send
/// (the series' edit right), who is present, suppression, the allowance, and the reminder's
/// bounds (`leadHours` 1–168, a 422 naming it). This controller only translates.
public struct RosterSendController: Sendable {
    let sending: RosterSendActions
    let meetings: MeetingActions

    public init(sending: RosterSendActions, meetings: MeetingActions) {
        self.sending = sending
        self.meetings = meetings
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/roster/send") { _, context -> RosterSendPreviewResponse in
            let (meeting, viewer) = try await self.editableMeeting(context)
            return RosterSendPreviewResponse(try await self.sending.preview(meeting, by: viewer))
        }
        // Pressing again sends nobody twice: those already sent are skipped (`sent` counts the new ones).
        group.post("meetings/:id/roster/send") { _, context -> RosterSendResultResponse in
            let (meeting, viewer) = try await self.editableMeeting(context)
            return RosterSendResultResponse(sent: try await self.sending.send(meeting, by: viewer))
        }
        // Idempotent: the session's one press; pressing again reminds nobody twice (`repeated`).
        // Members who answered, or were never sent the link, get nothing.
        group.post("meetings/:id/roster/remind") { _, context -> RosterRemindResultResponse in
            let (meeting, viewer) = try await self.editableMeeting(context)
            return RosterRemindResultResponse(try await self.sending.remind(meeting, by: viewer))
        }
        // Idempotent: the same state again changes nothing.
        group.put("meetings/:id/roster/reminder") { request, context -> RosterReminderResponse in
            let (meeting, viewer) = try await self.editableMeeting(context)
            let input = try await request.decodeJSON(as: RosterReminderInput.self, context: context)
            try await self.sending.setReminder(
                meeting, by: viewer, on: input.on, leadHours: input.leadHours.map(String.init),
                afterEndHours: input.afterEndHours.map(String.init))
            return RosterReminderResponse(try await self.sending.preview(meeting, by: viewer))
        }
    }

    /// The path's meeting, for a caller who may edit its series (before any body is read).
    private func editableMeeting(_ context: AppRequestContext) async throws -> (Meeting, Viewer) {
        let viewer = try context.requireViewer()
        return (try await self.meetings.find(try context.requireID("id", "meeting"), visibleTo: viewer, toDo: .edit), viewer)
    }
}
