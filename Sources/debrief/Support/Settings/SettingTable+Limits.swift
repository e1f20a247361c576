/// Caps, rate limits, caches and the write path's tuning.
extension SettingTable {
    static let exportLimitPerAccount = Setting(
        flag: "export-limit-per-account", variable: "DEBRIEF_EXPORT_LIMIT_PER_ACCOUNT", kind: .integer(1...1000), defaultValue: .integer(2),
        help: "HTTP exports being produced at once per account (co-hosts' exports count against the meeting's owner), and downloads at once per account, per instance; more get 429 with `Retry-After`.")
    static let exportLimit = Setting(
        flag: "export-limit", variable: "DEBRIEF_EXPORT_LIMIT", kind: .integer(1...1000), defaultValue: .integer(4),
        help: "HTTP exports being produced at once on this instance (keep it well below the pool size); more get 429.")
    static let exportSpoolMaxBytes = Setting(
        flag: "export-spool-max-bytes", variable: "DEBRIEF_EXPORT_SPOOL_MAX_BYTES", kind: .integer(1024...Int.max), defaultValue: .integer(1 << 30),
        help: "Largest CSV an HTTP export spools to a temporary file (in `TMPDIR`) before sending it; larger ones get 507.")
    static let bcryptCost = Setting(
        flag: "bcrypt-cost", variable: "DEBRIEF_BCRYPT_COST", kind: .integer(4...15), defaultValue: .integer(12),
        help: "bcrypt work factor for passwords.")
    static let signup = Setting(
        flag: "signup", variable: "DEBRIEF_SIGNUP", kind: .choice(["open", "closed"]),
        defaultValue: .absent("the first account becomes admin, then closed"),
        help: "Who may sign up: `open` (anyone, as a host) or `closed` (only with an admin's invitation link).",
        docsNote: "[decision 16](decisions/0016-sign-up-policy.md)")
    static let corsOrigins = Setting(
        flag: "cors-origin", variable: "DEBRIEF_CORS_ORIGINS", kind: .text, defaultValue: .absent("none"),
        help: "Comma-separated web origins (`https://app.example.com`) whose pages may call the participant routes `/v1/f/…`.",
        docsNote: "see [CORS](security-and-privacy.md#cors)")
    static let embedOrigins = Setting(
        flag: "embed-origins", variable: "DEBRIEF_EMBED_ORIGINS", kind: .text, defaultValue: .absent("none (no page may be framed)"),
        help: "Comma-separated web origins (`https://intranet.example.com`, or `https://*.example.com` for its subdomains, never over a public suffix such as `*.com`) whose pages may frame the participant's form and the room's shared results; every other page stays unframeable.",
        docsNote: "see [Embedding](security-and-privacy.md#embedding)")
    static let resultsStaleness = Setting(
        flag: "results-staleness", variable: "DEBRIEF_RESULTS_STALENESS_MS", kind: .milliseconds(0...10_000), defaultValue: .integer(100),
        help: "Milliseconds a participant's submission may be missing from a host's unfiltered results read, then served from memory while the next report is computed (a host's own changes never are); `0`: every read waits for every submission.")
    static let tokenCache = Setting(
        flag: "token-cache", variable: "DEBRIEF_TOKEN_CACHE_MS", kind: .milliseconds(0...60_000), defaultValue: .integer(2000),
        help: "Milliseconds a bearer token found valid is trusted without a query; a change to the account or its tokens, made on any instance or by SQL, ends that at once; `0`: every request asks the database.")
    static let trustedProxies = Setting(
        flag: "trusted-proxies", variable: "DEBRIEF_TRUSTED_PROXIES", kind: .text, defaultValue: .absent("none"),
        help: "Comma-separated addresses or CIDR ranges of the load balancer, whose `X-Forwarded-For` names the client for rate limits and the login throttle.")
    static let rateLimitPerAddress = Setting(
        flag: nil, variable: "DEBRIEF_RATE_LIMIT_PER_ADDRESS", kind: .number(0...1_000_000), defaultValue: .number(20),
        help: "Public (participant) requests per second per client address, for the whole cluster (each of N instances allows 1/N); `0` turns the limit off.",
        docsNote: "[decision 30](decisions/0030-global-rate-limits.md)")
    static let rateLimitAddressBurst = Setting(
        flag: nil, variable: "DEBRIEF_RATE_LIMIT_ADDRESS_BURST", kind: .number(0...1_000_000), defaultValue: .number(40),
        help: "Burst of public requests per client address.")
    static let rateLimitPerForm = Setting(
        flag: nil, variable: "DEBRIEF_RATE_LIMIT_PER_FORM", kind: .number(0...1_000_000), defaultValue: .number(200),
        help: "Public requests per second per form code, for the whole cluster likewise; `0` turns the limit off.")
    static let rateLimitFormBurst = Setting(
        flag: nil, variable: "DEBRIEF_RATE_LIMIT_FORM_BURST", kind: .number(0...1_000_000), defaultValue: .number(400),
        help: "Burst of public requests per form code.")
    static let liveStreamsPerAccount = Setting(
        flag: nil, variable: "DEBRIEF_LIVE_STREAMS_PER_ACCOUNT", kind: .integer(1...1_000_000), defaultValue: .integer(20),
        help: "Live results streams open at once per account, per instance; more get 429 with `Retry-After`.")
    static let liveStreamsPerAddress = Setting(
        flag: nil, variable: "DEBRIEF_LIVE_STREAMS_PER_ADDRESS", kind: .integer(1...1_000_000), defaultValue: .integer(50),
        help: "Live results streams open at once per client address, per instance.")
    static let liveStreamsLimit = Setting(
        flag: nil, variable: "DEBRIEF_LIVE_STREAMS_LIMIT", kind: .integer(1...1_000_000), defaultValue: .integer(2000),
        help: "Live results streams open at once on this instance.")
    static let participantLiveStreamsPerAddress = Setting(
        flag: nil, variable: "DEBRIEF_PARTICIPANT_LIVE_STREAMS_PER_ADDRESS", kind: .integer(1...1_000_000), defaultValue: .integer(300),
        help: "Participants' live results streams open at once per client address, per instance (a room behind one NAT); more get 429 with `Retry-After`.",
        docsNote: "[live](live.md)")
    static let participantLiveStreamsPerForm = Setting(
        flag: nil, variable: "DEBRIEF_PARTICIPANT_LIVE_STREAMS_PER_FORM", kind: .integer(1...1_000_000), defaultValue: .integer(5000),
        help: "Participants' live results streams open at once per form, per instance.")
    static let participantLiveStreamsLimit = Setting(
        flag: nil, variable: "DEBRIEF_PARTICIPANT_LIVE_STREAMS_LIMIT", kind: .integer(1...1_000_000), defaultValue: .integer(10000),
        help: "Participants' live results streams open at once on this instance; `ulimit -n` must exceed this plus the hosts' streams.")
    static let signupLimitPerAddress = Setting(
        flag: nil, variable: "DEBRIEF_SIGNUP_LIMIT_PER_ADDRESS", kind: .integer(1...1_000_000), defaultValue: .integer(10),
        help: "Sign-ups per client address per hour; more get 429 before any password is hashed.")
    static let liveCheckSeconds = Setting(
        flag: nil, variable: "DEBRIEF_LIVE_CHECK_SECONDS", kind: .seconds(1...3600), defaultValue: .integer(5),
        help: "How often a live results stream checks that its token is valid and its meeting still there (changes to its account or shares are checked at once); it ends with an `end` event naming why when not.")
    static let notifyCoalesce = Setting(
        flag: nil, variable: "DEBRIEF_NOTIFY_COALESCE_MS", kind: .milliseconds(0...10_000), defaultValue: .integer(50),
        help: "Live-results notifications are sent at most this often per instance, after commit; `0` notifies inside each transaction.")
    static let submitBatches = Setting(
        flag: nil, variable: "DEBRIEF_SUBMIT_BATCHES", kind: .integer(1...64), defaultValue: .integer(4),
        help: "Group commit: how many shared submission transactions may be in flight at once.",
        docsNote: "see [Benchmarks](benchmarks.md)")
    static let submitBatchStall = Setting(
        flag: nil, variable: "DEBRIEF_SUBMIT_BATCH_STALL_MS", kind: .milliseconds(0...10_000), defaultValue: .integer(50),
        help: "Group commit: a further shared transaction starts only beside ones that have all run this long (waiting on a lock or a slow flush); `0` starts one whenever fewer than `DEBRIEF_SUBMIT_BATCHES` run.",
        docsNote: "see [Benchmarks](benchmarks.md)")
    static let submitBatchSize = Setting(
        flag: nil, variable: "DEBRIEF_SUBMIT_BATCH_SIZE", kind: .integer(1...1000), defaultValue: .integer(128),
        help: "Group commit: the most submissions one shared transaction carries (`1` writes each alone).")
}
