import Foundation

/// A registered webhook endpoint, as its host sees it (never with its secret).
public struct WebhookEndpoint: Sendable, Equatable {
    public var id: UUID
    public var accountID: UUID
    /// Nil: every meeting of the host.
    public var seriesID: UUID?
    public var url: URL
    public var events: [WebhookEvent]
    public var createdAt: Date
    /// Set when it failed for the whole retry window; its deliveries wait until it is enabled.
    public var disabledAt: Date?
    public var disabledReason: String?
    /// The first failure since its last success.
    public var failingSince: Date?
    /// Deliveries not yet answered with 2xx.
    public var pendingCount: Int

    public init(
        id: UUID, accountID: UUID, seriesID: UUID?, url: URL, events: [WebhookEvent], createdAt: Date, disabledAt: Date?,
        disabledReason: String?, failingSince: Date?, pendingCount: Int
    ) {
        self.id = id
        self.accountID = accountID
        self.seriesID = seriesID
        self.url = url
        self.events = events
        self.createdAt = createdAt
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
        self.failingSince = failingSince
        self.pendingCount = pendingCount
    }
}

/// A new endpoint and its signing secret, which is shown this once.
public struct CreatedWebhookEndpoint: Sendable {
    public var endpoint: WebhookEndpoint
    /// `whsec_…` (Standard Webhooks): base64 of the key after the prefix.
    public var secret: String

    public init(endpoint: WebhookEndpoint, secret: String) {
        self.endpoint = endpoint
        self.secret = secret
    }
}

/// One entry of an endpoint's delivery log.
public struct WebhookDelivery: Sendable, Equatable {
    public enum Status: String, Sendable, Codable {
        /// Not answered with 2xx yet: waiting for its attempt or its turn.
        case pending
        case delivered
    }

    public var id: UUID
    /// The `webhook-id` header: the same on every attempt and on a manual redelivery.
    public var messageID: String
    public var event: WebhookEvent
    public var createdAt: Date
    public var status: Status
    public var attempts: Int
    public var nextAttemptAt: Date?
    public var lastAttemptAt: Date?
    /// The receiver's HTTP status of the last attempt, if it answered.
    public var lastStatusCode: Int?
    public var lastError: String?
    public var lastResponseMilliseconds: Int?
    public var deliveredAt: Date?
    /// The delivery this one sends again, for a manual redelivery.
    public var redeliveryOf: UUID?

    public init(
        id: UUID, messageID: String, event: WebhookEvent, createdAt: Date, status: Status, attempts: Int, nextAttemptAt: Date?,
        lastAttemptAt: Date?, lastStatusCode: Int?, lastError: String?, lastResponseMilliseconds: Int?, deliveredAt: Date?,
        redeliveryOf: UUID?
    ) {
        self.id = id
        self.messageID = messageID
        self.event = event
        self.createdAt = createdAt
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatusCode = lastStatusCode
        self.lastError = lastError
        self.lastResponseMilliseconds = lastResponseMilliseconds
        self.deliveredAt = deliveredAt
        self.redeliveryOf = redeliveryOf
    }
}
