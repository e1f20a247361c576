import Debrief
import Foundation
import Hummingbird

/// A webhook endpoint: `{"id","url","events","seriesId"?,"createdAt","disabledAt"?,
/// "disabledReason"?,"failingSince"?,"pendingCount","secret"?}`; `secret` only in the answer to
/// its creation, the one time it is shown.
struct WebhookEndpointResponse: ResponseEncodable {
    var id: UUID
    var url: String
    var events: [WebhookEvent]
    var seriesID: UUID?
    var createdAt: Date
    var disabledAt: Date?
    var disabledReason: String?
    var failingSince: Date?
    var pendingCount: Int
    var secret: String?

    enum CodingKeys: String, CodingKey {
        case id, url, events, seriesID = "seriesId", createdAt, disabledAt, disabledReason, failingSince, pendingCount, secret
    }

    init(_ endpoint: WebhookEndpoint, secret: String? = nil) {
        self.id = endpoint.id
        self.url = endpoint.url.absoluteString
        self.events = endpoint.events
        self.seriesID = endpoint.seriesID
        self.createdAt = endpoint.createdAt
        self.disabledAt = endpoint.disabledAt
        self.disabledReason = endpoint.disabledReason
        self.failingSince = endpoint.failingSince
        self.pendingCount = endpoint.pendingCount
        self.secret = secret
    }
}

/// `GET /v1/webhooks`: `{"items":[endpoint]}`.
struct WebhookEndpointList: ResponseEncodable {
    var items: [WebhookEndpointResponse]
}

/// One entry of a delivery log: `{"id","webhookId","event","status","attempts","createdAt",
/// "nextAttemptAt"?,"lastAttemptAt"?,"lastStatusCode"?,"lastError"?,"lastResponseMs"?,
/// "deliveredAt"?,"redeliveryOf"?}`.
struct WebhookDeliveryResponse: ResponseEncodable {
    var id: UUID
    var webhookID: String
    var event: WebhookEvent
    var status: WebhookDelivery.Status
    var attempts: Int
    var createdAt: Date
    var nextAttemptAt: Date?
    var lastAttemptAt: Date?
    var lastStatusCode: Int?
    var lastError: String?
    var lastResponseMs: Int?
    var deliveredAt: Date?
    var redeliveryOf: UUID?

    enum CodingKeys: String, CodingKey {
        case id, webhookID = "webhookId", event, status, attempts, createdAt, nextAttemptAt, lastAttemptAt, lastStatusCode,
            lastError, lastResponseMs, deliveredAt, redeliveryOf
    }

    init(_ delivery: WebhookDelivery) {
        self.id = delivery.id
        self.webhookID = delivery.messageID
        self.event = delivery.event
        self.status = delivery.status
        self.attempts = delivery.attempts
        self.createdAt = delivery.createdAt
        self.nextAttemptAt = delivery.nextAttemptAt
        self.lastAttemptAt = delivery.lastAttemptAt
        self.lastStatusCode = delivery.lastStatusCode
        self.lastError = delivery.lastError
        self.lastResponseMs = delivery.lastResponseMilliseconds
        self.deliveredAt = delivery.deliveredAt
        self.redeliveryOf = delivery.redeliveryOf
    }
}

/// `GET /v1/webhooks/{id}/deliveries`: `{"items":[delivery]}`, newest first.
struct WebhookDeliveryList: ResponseEncodable {
    var items: [WebhookDeliveryResponse]
}
