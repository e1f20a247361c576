import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// A host's webhook endpoints and their delivery logs (`/v1/webhooks…`). Behind
/// ``AuthMiddleware``; another account's endpoint is 404.
public struct WebhookController: Sendable {
    let webhooks: WebhookActions

    public init(webhooks: WebhookActions) {
        self.webhooks = webhooks
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("webhooks") { _, context -> WebhookEndpointList in
            let endpoints = try await self.webhooks.list(by: try context.requireViewer())
            return WebhookEndpointList(items: endpoints.map { WebhookEndpointResponse($0) })
        }
        group.post("webhooks") { request, context -> EditedResponse<WebhookEndpointResponse> in
            let viewer = try context.requireViewer()
            let input = try await request.decodeJSON(as: WebhookEndpointInput.self, context: context)
            let created = try await self.webhooks.create(input, by: viewer)
            return EditedResponse(status: .created, response: WebhookEndpointResponse(created.endpoint, secret: created.secret))
        }
        group.get("webhooks/:webhookId") { _, context -> WebhookEndpointResponse in
            let id = try context.requireID("webhookId", "webhook endpoint")
            return WebhookEndpointResponse(try await self.webhooks.endpoint(id, by: try context.requireViewer()))
        }
        group.delete("webhooks/:webhookId") { _, context -> Response in
            let id = try context.requireID("webhookId", "webhook endpoint")
            try await self.webhooks.delete(id, by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("webhooks/:webhookId/enable") { _, context -> WebhookEndpointResponse in
            let id = try context.requireID("webhookId", "webhook endpoint")
            return WebhookEndpointResponse(try await self.webhooks.enable(id, by: try context.requireViewer()))
        }
        group.get("webhooks/:webhookId/deliveries") { request, context -> WebhookDeliveryList in
            let id = try context.requireID("webhookId", "webhook endpoint")
            let limit = request.uri.queryParameters.get("limit").map { Int($0) } ?? 50
            guard let limit, (1...200).contains(limit) else {
                throw ValidationFailure(problems: [FieldProblem("limit", "must be an integer between 1 and 200")])
            }
            let deliveries = try await self.webhooks.deliveries(of: id, by: try context.requireViewer(), limit: limit)
            return WebhookDeliveryList(items: deliveries.map(WebhookDeliveryResponse.init))
        }
        group.post("webhooks/:webhookId/deliveries/:deliveryId/redeliver") { _, context -> EditedResponse<WebhookDeliveryResponse> in
            let id = try context.requireID("webhookId", "webhook endpoint")
            let delivery = try context.requireID("deliveryId", "webhook delivery")
            let redelivery = try await self.webhooks.redeliver(delivery, of: id, by: try context.requireViewer())
            return EditedResponse(status: .accepted, response: WebhookDeliveryResponse(redelivery))
        }
    }
}
