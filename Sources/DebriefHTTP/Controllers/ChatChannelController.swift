import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// A series' team chat channel (`/v1/series/{seriesId}/chat-channel…`): its owner and editing
/// co-hosts set it (PUT, the Slack or Teams webhook URL), read it with its latest digests, remove
/// it and send a test message. Behind ``AuthMiddleware``; a series the viewer may not see is 404,
/// one they may only view is 403.
public struct ChatChannelController: Sendable {
    let chat: ChatActions

    public init(chat: ChatActions) {
        self.chat = chat
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("series/:id/chat-channel") { _, context -> ChatChannelResponse in
            let series = try context.requireID("id", "series")
            return ChatChannelResponse(try await self.chat.channel(series: series, by: try context.requireViewer()))
        }
        group.put("series/:id/chat-channel") { request, context -> ChatChannelResponse in
            let series = try context.requireID("id", "series")
            let viewer = try context.requireViewer()
            let input = try await request.decodeJSON(as: ChatChannelInput.self, context: context)
            return ChatChannelResponse(try await self.chat.put(series: series, input, by: viewer))
        }
        group.delete("series/:id/chat-channel") { _, context -> Response in
            let series = try context.requireID("id", "series")
            try await self.chat.delete(series: series, by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("series/:id/chat-channel/test") { _, context -> EditedResponse<WebhookDeliveryResponse> in
            let series = try context.requireID("id", "series")
            let delivery = try await self.chat.sendTest(series: series, by: try context.requireViewer())
            return EditedResponse(status: .accepted, response: WebhookDeliveryResponse(delivery))
        }
    }
}

/// `GET|PUT /v1/series/{id}/chat-channel`: the channel and its latest digests, newest first.
struct ChatChannelResponse: ResponseEncodable {
    var id: UUID
    var seriesID: UUID
    var kind: ChatKind
    var url: String
    var language: Language
    var daily: Bool
    var state: String
    var createdAt: Date
    var disabledAt: Date?
    var disabledReason: String?
    var failingSince: Date?
    var pendingCount: Int
    var deliveries: [WebhookDeliveryResponse]
    /// Who pasted the URL: the channel delivers only while they may edit the series.
    var madeBy: Maker?
    var delivers: Bool

    struct Maker: Encodable {
        var email: String
        var displayName: String?
    }

    enum CodingKeys: String, CodingKey {
        case id, seriesID = "seriesId", kind, url, language, daily, state, createdAt, disabledAt, disabledReason, failingSince
        case pendingCount, deliveries, madeBy, delivers
    }

    init(_ channel: ChatChannel) {
        self.id = channel.id
        self.seriesID = channel.seriesID
        self.kind = channel.kind
        self.url = channel.url.absoluteString
        self.language = channel.language
        self.daily = channel.daily
        self.state = channel.disabledAt != nil ? "disabled" : channel.failingSince != nil ? "failing" : "active"
        self.createdAt = channel.createdAt
        self.disabledAt = channel.disabledAt
        self.disabledReason = channel.disabledReason
        self.failingSince = channel.failingSince
        self.pendingCount = channel.pendingCount
        self.deliveries = channel.deliveries.map(WebhookDeliveryResponse.init)
        self.madeBy = channel.madeBy.map { Maker(email: $0.email, displayName: $0.displayName) }
        self.delivers = channel.delivers
    }
}
