import DebriefActions
import Foundation
import Hummingbird

/// `DELETE /v1/meetings/{id}/responses/{responseId}`: the host removes one response (spam, a
/// test answer). Idempotent; 404 for another host's meeting or an unknown response.
public struct ModerationController: Sendable {
    let moderation: ModerationActions

    public init(moderation: ModerationActions) {
        self.moderation = moderation
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.delete("meetings/:id/responses/:responseId") { _, context -> Response in
            let id = try context.requireID("id", "meeting")
            let response = try context.requireID("responseId", "response")
            try await self.moderation.remove(response: response, meeting: id, by: try context.requireViewer())
            return Response(status: .noContent)
        }
    }
}
