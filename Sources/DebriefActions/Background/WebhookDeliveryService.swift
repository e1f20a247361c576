import Debrief
import DebriefStore
import Foundation
import Logging
import ServiceLifecycle

/// Sends the webhook outbox: claims the oldest due delivery of each endpoint (several instances
/// share the work, see ``WebhookQueue``), signs it (Standard Webhooks), POSTs it, and records the
/// outcome — delivered, or due again after a backoff with jitter; an endpoint failing for the
/// whole retry window is disabled with its reason. At least once: a delivery stays in the outbox
/// until a receiver answers 2xx, so a crash between sending and recording sends it again, with
/// the same `webhook-id` (receivers deduplicate on it).
public struct WebhookDeliveryService: Service {
    let queue: WebhookQueue
    let sender: any WebhookSender
    let settings: WebhookSettings
    /// The unfiltered results report of a meeting as the API's JSON (for `results.summary`).
    let summary: @Sendable (UUID) async throws -> String?
    /// A team chat digest's payload (Slack Block Kit or a Teams message), as JSON.
    let chat: @Sendable (ChatDigestJob) async throws -> String
    let logger: Logger

    public init(
        queue: WebhookQueue, sender: any WebhookSender, settings: WebhookSettings,
        summary: @escaping @Sendable (UUID) async throws -> String?,
        chat: @escaping @Sendable (ChatDigestJob) async throws -> String = { _ in "{}" }, logger: Logger
    ) {
        self.queue = queue
        self.sender = sender
        self.settings = settings
        self.summary = summary
        self.chat = chat
        self.logger = logger
    }

    /// Claims due deliveries whenever a slot is free and sends each as a task of its own: no
    /// delivery waits for another (a tarpit endpoint holds only its own slot), and one account's
    /// endpoints hold at most `perAccountConcurrency` slots in all (the claim counts their leases).
    public func run() async throws {
        let slots = DeliverySlots(capacity: self.settings.concurrency)
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                var claimed: [WebhookQueue.Claimed] = []
                do {
                    claimed = try await self.claim(free: await slots.free)
                } catch {
                    self.logger.warning("could not claim webhook deliveries", metadata: ["error": "\(error)"])
                }
                for delivery in claimed {
                    await slots.take()
                    group.addTask {
                        await self.attempt(delivery)
                        await slots.give()
                    }
                }
                // While there is work and room, go straight on (other accounts' deliveries may be
                // due behind the ones just claimed); otherwise wait for a slot or the next poll.
                if !claimed.isEmpty, await slots.free > 0 { continue }
                _ = await cancelWhenGracefulShutdown { await slots.waitForChange(upTo: self.settings.pollInterval) }
            }
        }
    }

    /// One round for tests and tools: claims and sends up to `concurrency` deliveries (different
    /// endpoints, at most `perAccountConcurrency` per account) and waits for them. Returns how
    /// many it attempted.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let claimed = try await self.claim(free: self.settings.concurrency)
        await withTaskGroup(of: Void.self) { group in
            for delivery in claimed {
                group.addTask { await self.attempt(delivery) }
            }
        }
        return claimed.count
    }

    private func claim(free: Int) async throws -> [WebhookQueue.Claimed] {
        guard free > 0 else { return [] }
        return try await self.queue.claim(limit: free, perAccount: self.settings.perAccountConcurrency, lease: self.settings.lease)
    }

    private func attempt(_ delivery: WebhookQueue.Claimed) async {
        do {
            if let target = delivery.chat {
                try await self.attemptChat(delivery, target)
                return
            }
            guard let data = try await self.data(of: delivery) else {
                // A summary of a meeting that is gone: nothing to say any more; delivered empty.
                try await self.record(delivery, WebhookSendResult(statusCode: nil, error: nil, duration: .zero))
                return
            }
            let request = Self.request(delivery, data: data, now: Date())
            try await self.record(delivery, await self.sender.send(request))
        } catch {
            self.logger.warning(
                "could not attempt a webhook delivery",
                metadata: ["delivery": "\(delivery.id)", "error": "\(error)"])
            try? await self.queue.release(delivery)
        }
    }

    /// A chat digest: the payload rendered at the first attempt and kept (every retry posts the
    /// same message), POSTed as it is — Slack and Teams take the message itself, unsigned. Their
    /// 4xx means the webhook is gone or refuses us for good (Slack: 403 action_prohibited,
    /// 404 no_service / channel_not_found, 410 channel_is_archived; Teams: 400/404 for a
    /// deleted connector or workflow): the channel is disabled with the reason at once. 408, 429,
    /// 5xx and no answer are retried with the outbox's backoff.
    private func attemptChat(_ delivery: WebhookQueue.Claimed, _ target: WebhookQueue.ChatTarget) async throws {
        let data: String
        if let stored = delivery.data {
            data = stored
        } else {
            data = try await self.chat(ChatDigestJob(
                meetingID: delivery.meetingID, kind: target.kind, language: target.language,
                occasion: DigestKey.occasion(delivery.digestKey)))
            try await self.queue.storeData(data, of: delivery.id)
        }
        let request = WebhookRequest(url: delivery.url, headers: [("content-type", "application/json")], body: Data(data.utf8))
        let result = await self.sender.send(request)
        if let status = result.statusCode, (400..<500).contains(status), status != 408, status != 429 {
            let attempt = WebhookQueue.Attempt(statusCode: status, error: result.error, milliseconds: Self.milliseconds(result.duration))
            let name = target.kind == .slack ? "Slack" : "Microsoft Teams"
            let reason = "\(name) refused the message (\(result.error ?? "HTTP \(status)")): the webhook was probably removed or revoked; paste a new webhook URL to turn the channel back on"
            try await self.queue.recordRefused(delivery, attempt, reason: reason)
            self.logger.info(
                "chat channel disabled: its webhook refused a digest",
                metadata: ["endpoint": "\(delivery.endpointID)", "delivery": "\(delivery.id)", "status": "\(status)"])
            return
        }
        try await self.record(delivery, result)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    private func record(_ delivery: WebhookQueue.Claimed, _ result: WebhookSendResult) async throws {
        let milliseconds = Int(result.duration.components.seconds * 1000 + result.duration.components.attoseconds / 1_000_000_000_000_000)
        let attempt = WebhookQueue.Attempt(statusCode: result.statusCode, error: result.error, milliseconds: milliseconds)
        if attempt.delivered {
            try await self.queue.recordDelivered(delivery, attempt)
            return
        }
        let delay = self.settings.retry.randomDelay(afterAttempt: delivery.attempts + 1)
        let disabled = try await self.queue.recordFailed(delivery, attempt, retryAfter: delay, window: self.settings.retry.window)
        // The URL and the receiver's words are the host's; the secret and body never reach the log.
        self.logger.info(
            disabled ? "webhook endpoint disabled after failing for the retry window" : "webhook delivery failed; will retry",
            metadata: [
                "endpoint": "\(delivery.endpointID)", "delivery": "\(delivery.id)", "attempt": "\(delivery.attempts + 1)",
                "error": "\(attempt.error ?? "")",
            ])
    }

    /// The event's `data`: stored, or (a results summary) rendered now and stored, so every retry
    /// sends the same thing. Nil when the meeting to summarise is gone.
    private func data(of delivery: WebhookQueue.Claimed) async throws -> String? {
        if let data = delivery.data { return data }
        guard delivery.event == .resultsSummary, let meeting = delivery.meetingID,
            let report = try await self.summary(meeting)
        else { return nil }
        let data = "{\"meetingId\":\"\(meeting.lowercasedText)\",\"results\":\(report)}"
        try await self.queue.storeData(data, of: delivery.id)
        return data
    }

    /// The signed request: the Standard Webhooks envelope `{"type","timestamp","data"}` and headers.
    static func request(_ delivery: WebhookQueue.Claimed, data: String, now: Date) -> WebhookRequest {
        let body = Data(
            "{\"type\":\"\(delivery.event.rawValue)\",\"timestamp\":\"\(Timestamps.format(delivery.createdAt))\",\"data\":\(data)}".utf8)
        let timestamp = Int(now.timeIntervalSince1970)
        let signature = WebhookSignature.sign(messageID: delivery.messageID, timestamp: timestamp, body: body, key: delivery.key)
        return WebhookRequest(
            url: delivery.url,
            headers: [
                ("content-type", "application/json"), ("webhook-id", delivery.messageID),
                ("webhook-timestamp", String(timestamp)), ("webhook-signature", signature),
            ],
            body: body)
    }
}

/// One chat digest to render: the meeting (nil: a test message of a series without a session)
/// and how the channel wants it.
public struct ChatDigestJob: Sendable, Equatable {
    public var meetingID: UUID?
    public var kind: ChatKind
    public var language: Language
    public var occasion: ResultsDigest.Occasion

    public init(meetingID: UUID?, kind: ChatKind, language: Language, occasion: ResultsDigest.Occasion) {
        self.meetingID = meetingID
        self.kind = kind
        self.language = language
        self.occasion = occasion
    }
}

/// The delivery service's free slots on this instance, and a way to wait until one frees.
private actor DeliverySlots {
    private var used = 0
    private let capacity: Int
    /// A slot was given back since the last wait: the next wait returns at once.
    private var given = false
    private var sleeper: Task<Void, Never>?

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var free: Int { self.capacity - self.used }

    func take() { self.used += 1 }

    func give() {
        self.used -= 1
        self.given = true
        self.sleeper?.cancel()
    }

    /// Returns when a slot is given back, after `timeout` (the next poll), or when cancelled.
    func waitForChange(upTo timeout: Duration) async {
        if self.given {
            self.given = false
            return
        }
        let sleeper = Task<Void, Never> { _ = try? await Task.sleep(for: timeout) }
        self.sleeper = sleeper
        await withTaskCancellationHandler { await sleeper.value } onCancel: { sleeper.cancel() }
        self.sleeper = nil
        self.given = false
    }
}
