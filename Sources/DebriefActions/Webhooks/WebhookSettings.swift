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
    /// Endpoints delivered to at once by one instance.
    public var concurrency: Int = 8

    public init() {}

    /// How long an instance keeps an endpoint to itself for one attempt: past the request's
    /// timeout, so it never lapses during a live attempt; an instance killed mid-attempt holds
    /// the endpoint no longer than this.
    public var lease: Duration { self.requestTimeout * 2 + .seconds(5) }
}
