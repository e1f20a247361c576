import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import Mail
import Metrics

/// Settings of the whole service, as values. The `debrief serve` command fills it from flags and
/// environment (the only place either is read); tests set what they need.
public struct AppConfiguration: Sendable {
    /// Address to bind, `127.0.0.1` by default (use `0.0.0.0` in containers).
    public var host: String
    public var port: Int
    /// Largest request body accepted; larger ones get 413.
    public var maxBodyBytes: Int
    /// A connection with no traffic for this long is closed (Hummingbird has no default), and the
    /// next request's head must arrive within it, however the client trickles bytes (slowloris).
    public var idleTimeout: Duration
    /// Once a request's head is in, its whole body must arrive within this (slow-body attacks).
    public var bodyTimeout: Duration = .seconds(30)
    /// A response that cannot write (its client stopped reading) for this long is cut.
    public var writeStallTimeout: Duration = .seconds(30)
    /// How often a live results stream checks its token and meeting (ending it with a reason
    /// when either is gone).
    public var liveCheckInterval: Duration = .seconds(5)
    /// Sign-ups one client address may make in an hour (more get 429 before any hashing).
    public var signUpsPerAddressPerHour: Int = 10
    /// Every fair-share bound (participant rates, export and live stream slots, webhook
    /// endpoints per account), decided by one ``Admission``.
    public var admission = AdmissionSettings()
    /// Concurrent HTTP exports (per account, in all) and the bound of their spool files.
    public var exportLimits: ExportLimits {
        get { self.admission.exports }
        set { self.admission.exports = newValue }
    }
    /// The base of participant URLs (`{publicBaseURL}/f/{code}`), as people outside reach us.
    public var publicBaseURL: String
    /// bcrypt's work factor for passwords (12 in production; the tests lower it for speed).
    public var bcryptCost: UInt8
    /// How long a bearer token stays valid.
    public var tokenLifetime: Duration
    /// How long a token found valid is trusted without a query (changes to the account or its
    /// tokens end that at once, on every instance); zero: every request asks. See ``TokenCache``.
    public var tokenCacheTrust: Duration = .seconds(2)
    /// Rate limits of the public participant routes (`/v1/f/…`) for the whole cluster (each of
    /// N instances allows 1/N). Defaults: 20/s (burst 40) per client address, 200/s (burst 400)
    /// per form.
    public var participantRateLimits: RateLimitSettings {
        get { self.admission.participantRates }
        set { self.admission.participantRates = newValue }
    }
    /// Largest body of a participant route; a submission of 100 answers fits many times over.
    public var participantMaxBodyBytes: Int = 64 * 1024
    /// How many published forms the in-memory form cache keeps.
    public var publishedFormCacheSize: Int = 10_000
    /// How check-ins and responses announce themselves to live results: coalesced every 50 ms by
    /// default, or inside each transaction; see ``ResultsNotifier``.
    public var resultsNotification: ResultsNotifier.Mode = .standard
    /// How concurrent submissions share transactions (group commit); see ``SubmissionBatching``.
    public var submissionBatching: SubmissionBatching = .standard
    /// The longest a shared unfiltered report is served with no change heard (changes that send no
    /// notification, such as a missed one, show within it); see ``SharedResults``.
    public var sharedResultsMaxAge: Duration = .seconds(2)
    /// How long after a participant's submission a host's results read may still be served a
    /// report without it (a host's own changes are always in the next read; zero: every
    /// submission too); see ``SharedResults/Freshness``.
    public var hostResultsStaleness: Duration = .milliseconds(100)
    /// How often the precomputed result tallies take in new submissions. Results are exact either
    /// way (readers add what is not folded yet); folding keeps that remainder small.
    public var tallyFoldInterval: Duration = .milliseconds(250)
    /// How long an accepted `Idempotency-Key` is remembered (a retry after that is a new submission).
    public var idempotencyRetention: Duration = .seconds(7 * 24 * 3600)
    /// How long the read record keeps a row (`DEBRIEF_AUDIT_RETENTION_DAYS`, decision 91).
    public var auditRetention: Duration = AuditRecord.defaultRetention
    /// Web origins whose pages may call the participant routes (`--cors-origin`,
    /// `DEBRIEF_CORS_ORIGINS`); none by default.
    public var corsOrigins: CORSAllowList = .none
    /// Web origins whose pages may frame the participant's pages (`--embed-origins`,
    /// `DEBRIEF_EMBED_ORIGINS`); none by default (docs/decisions/0068).
    public var embedOrigins: FrameAncestors = .none
    /// The most a standby may lag before lag-tolerant reads skip it (``ReadReplica``).
    public var replicaMaxLag: Duration = .seconds(5)
    /// Proxies (the load balancer) whose `X-Forwarded-For` names the client.
    public var trustedProxies = TrustedProxies.none
    /// Who may sign up (`--signup`, `DEBRIEF_SIGNUP`). `debrief serve` defaults to
    /// `firstAccountThenClosed`; tests that build the app directly sign up many hosts, so the
    /// value here defaults to `open` (docs/decisions/0016-sign-up-policy.md).
    public var signUpPolicy: SignUpPolicy = .open
    /// A public URL phones could reach, when `publicBaseURL` is a loopback address (`debrief serve`
    /// fills it with the machine's LAN address); the host's pages then warn. Nil: no warning.
    public var publicURLHint: String?
    /// Where the application's metrics are recorded: the Prometheus registry `debrief serve`
    /// scrapes on `--metrics-port`, or a test's own; the process-wide factory by default.
    /// (The database pool's metrics go where its ``Database`` was told.)
    public var metrics: any MetricsFactory = MetricsSystem.factory
    /// Webhook delivery: backoff, timeouts, the hosts allowed over http (`--webhook-…`).
    public var webhooks = WebhookSettings()
    /// The outbox's retries and the roster's schedule (`--mail-…`).
    public var mail = MailSettings()
    /// E-mail over SMTP (`--smtp-url`, `--mail-from`): where mail goes and whom it is from; none
    /// by default, and then the server sends no mail and the pages show links to copy.
    public var smtp: SMTPSettings?
    /// Company sign-in with OpenID Connect (`--oidc-…`, docs/sign-in.md); none by default.
    public var companySignIn: CompanySignInSettings?
    /// "Now" for the series clock (docs/decisions/0083): the system clock; tests choose instants,
    /// and a debug build's `debrief serve` follows a test clock file (``TestClock``). No setting
    /// of the table reaches it.
    public var clock: WallClock = .system

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        maxBodyBytes: Int = 256 * 1024,
        idleTimeout: Duration = .seconds(30),
        publicBaseURL: String? = nil,
        bcryptCost: UInt8 = 12,
        tokenLifetime: Duration = .seconds(12 * 3600)
    ) {
        self.bcryptCost = bcryptCost
        self.tokenLifetime = tokenLifetime
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        let base = publicBaseURL ?? "http://\(host):\(port)"
        self.publicBaseURL = base.hasSuffix("/") ? String(base.dropLast()) : base
    }
}

extension AppConfiguration {
    /// The part the HTTP layer needs.
    var http: HTTPSettings {
        var settings = HTTPSettings(
            publicBaseURL: self.publicBaseURL, maxBodyBytes: self.maxBodyBytes, participantMaxBodyBytes: self.participantMaxBodyBytes,
            participantRateLimits: self.participantRateLimits, corsOrigins: self.corsOrigins)
        settings.admission = self.admission
        settings.liveCheckInterval = self.liveCheckInterval
        settings.trustedProxies = self.trustedProxies
        settings.embedOrigins = self.embedOrigins
        settings.metrics = self.metrics
        return settings
    }
}
