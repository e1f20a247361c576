import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// A session's action items over the JSON API (`/v1/meetings/{id}/actions…`, decision 74), and
/// the series' open actions (`/v1/series/{id}/actions`, decision 85).
/// Behind ``AuthMiddleware``. Who may call is the meeting's one gate with `.edit` (the host,
/// an editor co-host, an admin), asked by ``MeetingActions/find(_:visibleTo:toDo:)`` before any
/// body is read and again by the store inside its transaction; a viewer co-host gets 403, another
/// host 404.
struct ActionItemController {
    let actions: ActionItemActions
    let meetings: MeetingActions

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/actions") { _, context -> ActionItemListResponse in
            let (id, viewer) = try await self.editableMeeting(context)
            return ActionItemListResponse(items: try await self.actions.list(meeting: id, by: viewer).map(ActionItemResponse.init))
        }
        group.post("meetings/:id/actions") { request, context -> EditedResponse<ActionItemResponse> in
            let (id, viewer) = try await self.editableMeeting(context)
            let input = try await request.decodeJSON(as: ActionItemInput.self, context: context)
            let item = try await self.actions.create(meeting: id, by: viewer, input)
            return EditedResponse(status: .created, response: ActionItemResponse(item))
        }
        group.get("meetings/:id/actions/review") { _, context -> ActionItemReviewResponse in
            let (id, viewer) = try await self.editableMeeting(context)
            let review = try await self.actions.review(meeting: id, by: viewer)
            return ActionItemReviewResponse(
                previousMeetingID: review.previous?.meetingID, previousStartsAt: review.previous?.startsAt,
                items: review.lines.map(ActionReviewLineResponse.init))
        }
        group.get("series/:id/actions") { request, context -> SeriesActionsResponse in
            let id = try context.requireID("id", "series")
            let viewer = try context.requireViewer()
            try Self.state(request)
            return SeriesActionsResponse(items: try await self.actions.open(series: id, by: viewer).map(ActionReviewLineResponse.init))
        }
        group.patch("meetings/:id/actions/:actionId") { request, context -> ActionItemResponse in
            let (id, viewer) = try await self.editableMeeting(context)
            let action = try context.requireID("actionId", "action")
            let input = try await request.decodeJSON(as: ActionItemPatchInput.self, context: context)
            return ActionItemResponse(try await self.actions.update(meeting: id, action: action, by: viewer, input))
        }
        group.delete("meetings/:id/actions/:actionId") { _, context -> Response in
            let (id, viewer) = try await self.editableMeeting(context)
            let action = try context.requireID("actionId", "action")
            try await self.actions.delete(meeting: id, action: action, by: viewer)
            return Response(status: .noContent)
        }
    }

    /// `?state=open` (the default): the one list a series keeps is of its open actions; anything
    /// else is a 422 naming the parameter.
    static func state(_ request: Request) throws {
        guard let text = request.uri.queryParameters.get("state"), text != ActionStatus.open.rawValue else { return }
        throw ValidationFailure(FieldProblem("state", "must be open"))
    }

    /// The path's meeting, for a caller whose role may edit it (before any body is read).
    private func editableMeeting(_ context: AppRequestContext) async throws -> (UUID, Viewer) {
        let viewer = try context.requireViewer()
        let meeting = try await self.meetings.find(try context.requireID("id", "meeting"), visibleTo: viewer, toDo: .edit)
        return (meeting.id, viewer)
    }
}
