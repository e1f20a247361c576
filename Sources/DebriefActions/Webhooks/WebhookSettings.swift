import Debrief
import Foundation

/// How webhooks are delivered (`debrief serve --webhook-…`, `DEBRIEF_WEBHOOK_…`).
public struct WebhookSettings: Sendable {
    /// Backoff and the window after which a failing endpoint is disabled.
    public var retry: WebhookRetrySchedule = .standard
    /// How often the delivery service looks for due deliveries when it has nothing to do.
    public var pollInterval: Duration = .seconds(1)
    /// The longest one request may take (connect, send, and read the answer).
    public var requestTimeout: Duration = .seconds(10)
    /// How much of a receiver's answer is read (the rest is not awaited).
    public var responseBodyLimit: Int = 4096
    /// Hosts (names or literal addresses) that may be reached over plain `http`, and at private
    /// or loopback addresses; none by default.
    public var allowInsecureHosts: Set<String> = []
    /// Deliveries in flight at once on one instance (each to a different endpoint).
    public var concurrency: Int = 8
    /// Deliveries in flight at once for one account's endpoints, across instances (leases held):
    /// one host's slow or tarpitting endpoints take at most this many of the slots, never all.
    public var perAccountConcurrency: Int = 2

    public init() {}

    /// How long an instance keeps an endpoint to itself for one attempt: past the request's
    /// timeout, so it never lapses during a live attempt; an instance killed mid-attempt holds
    /// the endpoint no longer than this.
    public var lease: Duration { self.requestTimeout * 2 + .seconds(5) }
}

/// What one account may register and queue (part of the server's ``AdmissionSettings``): rows
/// every instance shares, so each cap is checked in the statement that would exceed it.
public struct WebhookCaps: Sendable, Equatable {
    /// Endpoints per account; one more is a 409 naming the cap.
    public var endpointsPerAccount: Int
    /// Manual redeliveries ("send again") waiting at once per endpoint; one more is a 409.
    public var redeliveriesPerEndpoint: Int

    public init(endpointsPerAccount: Int = 20, redeliveriesPerEndpoint: Int = 10) {
        self.endpointsPerAccount = max(1, endpointsPerAccount)
        self.redeliveriesPerEndpoint = max(1, redeliveriesPerEndpoint)
    }
}
