import DebriefActions
import DebriefHTTP

/// Removing responses as one feature: `DELETE /v1/meetings/{id}/responses/{responseId}` and the
/// responses page with its confirmation (`/m/{id}/responses…`), over the same use case.
public struct ModerationFeature: Feature {
    let moderation: ModerationActions
    let meetings: MeetingActions

    public init(moderation: ModerationActions, meetings: MeetingActions) {
        self.moderation = moderation
        self.meetings = meetings
    }

    public func addRoutes(to api: APIRoutes) {
        ModerationController(moderation: self.moderation).addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        ResponsesPageController(meetings: self.meetings, moderation: self.moderation).addRoutes(to: pages.signedIn)
    }
}
