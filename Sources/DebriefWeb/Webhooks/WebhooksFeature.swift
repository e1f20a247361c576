import DebriefActions
import DebriefHTTP
import ServiceLifecycle

/// A host's webhooks as one feature: the endpoints' JSON routes (`/v1/webhooks…`), their pages
/// (`/account/webhooks…`) and the service that delivers the outbox.
public struct WebhooksFeature: Feature {
    let webhooks: WebhookActions
    let meetings: MeetingActions
    let delivery: WebhookDeliveryService

    public init(webhooks: WebhookActions, meetings: MeetingActions, delivery: WebhookDeliveryService) {
        self.webhooks = webhooks
        self.meetings = meetings
        self.delivery = delivery
    }

    public func addRoutes(to api: APIRoutes) {
        WebhookController(webhooks: self.webhooks).addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        WebhookPagesController(meetings: self.meetings, webhooks: self.webhooks).addRoutes(to: pages.signedIn)
    }

    public var services: [any Service] { [self.delivery] }
}
