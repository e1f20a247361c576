import DebriefActions
import DebriefHTTP
import ServiceLifecycle

/// A series' team chat as one feature: its channel's JSON routes
/// (`/v1/series/{id}/chat-channel…`) and the service that queues the digests the clock makes due
/// (scheduled closes, daily digests). The digests go out through the webhooks' outbox.
///
/// The chat block and its posts (`/m/{id}/chat…`) are part of the dashboard, which renders it
/// again when a post is refused, so they are registered with the dashboard's pages.
public struct ChatFeature: Feature {
    let chat: ChatActions
    let digests: ChatDigestService

    public init(chat: ChatActions, digests: ChatDigestService) {
        self.chat = chat
        self.digests = digests
    }

    public func addRoutes(to api: APIRoutes) {
        ChatChannelController(chat: self.chat).addRoutes(to: api.authenticated)
    }

    public var services: [any Service] { [self.digests] }
}
