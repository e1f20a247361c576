/// The listener, its time limits, the database and logging.
extension SettingTable {
    static let databaseURL = Setting(
        flag: "database-url", variable: "DATABASE_URL", kind: .text, defaultValue: .absent("the private local cluster"),
        help: "PostgreSQL URL or libpq conninfo.")
    static let dataDir = Setting(
        flag: "data-dir", variable: "DEBRIEF_DATA_DIR", kind: .text,
        defaultValue: .absent("`$XDG_DATA_HOME/debrief/postgres`, else `./.debrief/postgres`"),
        help: "Folder of the private PostgreSQL cluster used when no database URL is given (`serve`, `export`, `admin`, `backup`, `restore`).")
    static let host = Setting(
        flag: "host", variable: "DEBRIEF_HOST", kind: .text, defaultValue: .word("127.0.0.1"),
        help: "Address to listen on (`0.0.0.0` in containers).")
    static let port = Setting(
        flag: "port", variable: "PORT", kind: .integer(0...65535), defaultValue: .integer(8080),
        help: "Port to listen on.")
    static let publicURL = Setting(
        flag: "public-url", variable: "DEBRIEF_PUBLIC_URL", kind: .text, defaultValue: .absent("`http://HOST:PORT`"),
        help: "Base URL of participant links (`…/f/CODE`); an https URL makes the hosts' session cookie `Secure`.")
    static let poolSize = Setting(
        flag: "pool-size", variable: "DEBRIEF_POOL_SIZE", kind: .integer(1...500), defaultValue: .integer(10),
        help: "Most database connections in the pool.")
    static let poolTimeout = Setting(
        flag: "pool-timeout", variable: "DEBRIEF_POOL_TIMEOUT", kind: .seconds(1...120), defaultValue: .integer(5),
        help: "Seconds a request waits for a free connection before a 503.")
    static let statementTimeout = Setting(
        flag: "statement-timeout", variable: "DEBRIEF_STATEMENT_TIMEOUT", kind: .seconds(1...3600), defaultValue: .integer(30),
        help: "Seconds before PostgreSQL cancels one statement.")
    static let maxBodyBytes = Setting(
        flag: "max-body-bytes", variable: "DEBRIEF_MAX_BODY_BYTES", kind: .integer(1024...(64 << 20)), defaultValue: .integer(256 * 1024),
        help: "Largest request body in bytes; larger gets 413.")
    static let idleTimeout = Setting(
        flag: "idle-timeout", variable: "DEBRIEF_IDLE_TIMEOUT", kind: .seconds(1...3600), defaultValue: .integer(30),
        help: "Seconds an idle connection stays open, and the most a request's head may take to arrive.")
    static let bodyTimeout = Setting(
        flag: "body-timeout", variable: "DEBRIEF_BODY_TIMEOUT", kind: .seconds(1...3600), defaultValue: .integer(30),
        help: "Seconds a request's body may take to arrive once its head is in.")
    static let writeStallTimeout = Setting(
        flag: "write-stall-timeout", variable: "DEBRIEF_WRITE_STALL_TIMEOUT", kind: .seconds(1...3600), defaultValue: .integer(30),
        help: "Seconds a response may be unable to write (its client stopped reading) before the connection is cut.")
    static let shutdownTimeout = Setting(
        flag: "shutdown-timeout", variable: "DEBRIEF_SHUTDOWN_TIMEOUT", kind: .seconds(1...3600), defaultValue: .integer(25),
        help: "Seconds a stop (SIGTERM, SIGINT) waits for in-flight requests before cancelling them.")
    static let replicaURL = Setting(
        flag: "replica-url", variable: "DEBRIEF_REPLICA_URL", kind: .text, defaultValue: .absent("none"),
        help: "A hot standby of the database, for results with filters, trends, answer pages and exports (reads wait for it to replay the host's own last write).",
        docsNote: "[decision 31](decisions/0031-replica-reads.md)")
    static let replicaMaxLag = Setting(
        flag: "replica-max-lag", variable: "DEBRIEF_REPLICA_MAX_LAG", kind: .seconds(0...3600), defaultValue: .integer(5),
        help: "Seconds the standby may lag before reads skip it.")
    static let metricsPort = Setting(
        flag: "metrics-port", variable: "DEBRIEF_METRICS_PORT", kind: .integer(1...65535), defaultValue: .absent("off"),
        help: "Port of the operators' listener serving `GET /metrics` (Prometheus text format); never the public port.",
        docsNote: "see [Metrics](operating.md#metrics)")
    static let metricsHost = Setting(
        flag: "metrics-host", variable: "DEBRIEF_METRICS_HOST", kind: .text, defaultValue: .word("127.0.0.1"),
        help: "Address of the metrics listener (`0.0.0.0` for a scraper in another container).")
    static let logLevel = Setting(
        flag: "log-level", variable: "LOG_LEVEL", kind: .choice(["trace", "debug", "info", "notice", "warning", "error", "critical"]),
        defaultValue: .word("info"), help: "Log level: trace, debug, info, notice, warning, error or critical.")
    static let logFormat = Setting(
        flag: "log-format", variable: "LOG_FORMAT", kind: .choice(["json", "text"]), defaultValue: .word("json"),
        help: "Log format: `json` (one object per line) or `text`.")
}
