import Debrief
import DebriefStore
import Foundation

/// What the owner and editing co-hosts of a series may do with its team chat channel: set it
/// (paste a Slack or Teams webhook URL), read it with its latest digests, remove it, send a
/// test message. The JSON API and the meeting page both call these.
public struct ChatActions: Sendable {
    let channels: ChatChannelStore
    let sender: any WebhookSender
    let caps: WebhookCaps
    /// The operator's hosts webhooks may reach over plain http (``WebhookSettings/allowInsecureHosts``).
    let allowedHosts: Set<String>
    /// "Now" for the series clock, which names the session a test message digests (decision 83).
    let clock: WallClock

    /// Test messages waiting at once per channel.
    public static let testsWaiting = 3

    public init(
        channels: ChatChannelStore, sender: any WebhookSender, caps: WebhookCaps = WebhookCaps(), allowedHosts: Set<String> = [],
        clock: WallClock = .system
    ) {
        self.clock = clock
        self.channels = channels
        self.sender = sender
        self.caps = caps
        self.allowedHosts = allowedHosts
    }

    /// Validates the URL's shape (Slack's or Teams') and the operator's address policy, then sets the channel.
    public func put(series: UUID, _ input: ChatChannelInput, by viewer: Viewer) async throws -> ChatChannel {
        let draft = try input.validated(allowedHosts: self.allowedHosts)
        if let refusal = self.sender.refusal(of: draft.url) {
            throw ValidationFailure(problems: [FieldProblem("url", refusal)])
        }
        return try await self.channels.put(series: series, draft, by: viewer, cap: self.caps.endpointsPerAccount)
    }

    public func channel(series: UUID, by viewer: Viewer) async throws -> ChatChannel {
        try await self.channels.find(series: series, by: viewer)
    }

    public func channelIfAny(series: UUID, by viewer: Viewer) async throws -> ChatChannel? {
        try await self.channels.channelIfAny(series: series, by: viewer)
    }

    public func delete(series: UUID, by viewer: Viewer) async throws {
        try await self.channels.delete(series: series, by: viewer)
    }

    /// Queues a test message: the digest of the session the series clock names
    /// (``SeriesClock/digestSession(at:)``: the latest begun with a published form, so a form
    /// published early for a planned week does not stand in for the live one), else a greeting.
    public func sendTest(series: UUID, by viewer: Viewer) async throws -> WebhookDelivery {
        let session = try await self.channels.clocks.clock(series: series).digestSession(at: self.clock.now())
        return try await self.channels.queueTest(series: series, meeting: session?.meetingID, by: viewer, cap: Self.testsWaiting)
    }
}
