import DebriefActions
import Foundation

/// Every fair-share bound of the server in one value (docs/decisions/0030-global-rate-limits.md):
/// what one client, account or form may take of this service before it is told 429 (or 422).
///
/// Two kinds of bound, and each says which it is:
/// - **Rates** (``participantRates``) are cluster-wide: each of N live instances enforces 1/N of
///   the documented rate and burst (``ClusterPeers``), so the cluster allows the documented value
///   when the load balancer spreads requests evenly.
/// - **Slots** (``exports``, ``liveStreams``) are per instance, not divided: they protect this
///   instance's own connection pool, memory and descriptors, which are per instance too.
/// Webhook endpoints and redeliveries are rows every instance shares, so their caps (``webhooks``)
/// are checked in the statements that insert them.
public struct AdmissionSettings: Sendable, Equatable {
    /// The public participant routes, per client address and per form code.
    public var participantRates: RateLimitSettings
    /// Concurrent HTTP exports and their spool.
    public var exports: ExportLimits
    /// Live results streams open at once.
    public var liveStreams: LiveStreamLimits
    /// Webhook endpoints per account and redeliveries waiting per endpoint; more get 409.
    public var webhooks: WebhookCaps
    /// Messages an account's mail may write per hour, and its roster mail per day (checked where
    /// the outbox rows are written: ``MailCaps``).
    public var mail = MailCaps()
    /// Roster e-mail addresses one account may set or remove (the JSON API and the roster's mail
    /// page alike), cluster-wide like the participant rates: a whole roster typed in at once,
    /// then one every two seconds. Each address set is someone who will be mailed.
    public var rosterAddresses = RateLimitRate(perSecond: 0.5, burst: 200)
    /// The room's questions per client address and form: identities issued, posts, votes
    /// (``RoomQuestionRates``; off while ``participantRates``' per-address rate is off).
    public var roomQuestions = RoomQuestionRates()

    public init(
        participantRates: RateLimitSettings = RateLimitSettings(), exports: ExportLimits = ExportLimits(),
        liveStreams: LiveStreamLimits = LiveStreamLimits(), webhooks: WebhookCaps = WebhookCaps()
    ) {
        self.participantRates = participantRates
        self.exports = exports
        self.liveStreams = liveStreams
        self.webhooks = webhooks
    }
}

/// How many live results streams may be open at once on one instance.
public struct LiveStreamLimits: Sendable, Equatable {
    /// Streams of one account (a dashboard or two per meeting it watches).
    public var perAccount: Int
    /// Streams from one client address (behind trusted proxies, the forwarded client's).
    public var perAddress: Int
    /// Streams on this instance in all.
    public var total: Int

    /// Participants' live streams (`GET /v1/f/{code}/results/live`, no account) on this instance:
    /// in all, from one address, and of one form. A room's phones often share one address (the
    /// venue's network), so the per-address bound is a NAT'd office's room, not the whole
    /// instance: one address cannot take every seat (issue 47 held 600 from one address, and
    /// could have held all 10,000). One form cannot take them all either. Each stream is one file
    /// descriptor: the server's `ulimit -n` must exceed the total plus the hosts' streams
    /// (docs/live.md).
    public var participantTotal = 10_000
    public var participantPerAddress = 300
    public var participantPerForm = 5_000

    public init(perAccount: Int = 20, perAddress: Int = 50, total: Int = 2_000) {
        self.perAccount = max(1, perAccount)
        self.perAddress = max(1, perAddress)
        self.total = max(1, total)
    }
}
