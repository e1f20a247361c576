/// How to reach PostgreSQL and how the pool behaves.
public struct DatabaseConfiguration: Sendable {
    /// A `postgresql://` URL or a libpq conninfo string (`host=… dbname=…`).
    public var url: String
    /// The most connections the pool opens at once.
    public var maxConnections: Int
    /// How long a caller waits for a free connection before failing with `poolTimeout`.
    public var acquireTimeout: Duration
    /// The server cancels any single statement running longer than this (`nil`: no limit).
    public var statementTimeout: Duration?
    /// Seconds libpq waits for a new connection.
    public var connectTimeoutSeconds: Int
    /// Shown in `pg_stat_activity.application_name`.
    public var applicationName: String

    public init(
        url: String,
        maxConnections: Int = 10,
        acquireTimeout: Duration = .seconds(5),
        statementTimeout: Duration? = .seconds(30),
        connectTimeoutSeconds: Int = 5,
        applicationName: String = "debrief"
    ) {
        self.url = url
        self.maxConnections = max(1, maxConnections)
        self.acquireTimeout = acquireTimeout
        self.statementTimeout = statementTimeout
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.applicationName = applicationName
    }

    /// libpq keywords. `dbname` comes first and is expanded (URL or conninfo); the keywords after
    /// it override what the URL says, so every session has the settings the decoders rely on.
    func connectionParameters() -> [(String, String)] {
        var options = ["-c TimeZone=UTC", "-c DateStyle=ISO", "-c idle_in_transaction_session_timeout=60000"]
        if let statementTimeout {
            options.append("-c statement_timeout=\(statementTimeout.milliseconds)")
        }
        return [
            ("dbname", self.url),
            ("application_name", self.applicationName),
            ("connect_timeout", String(self.connectTimeoutSeconds)),
            ("client_encoding", "UTF8"),
            ("options", options.joined(separator: " ")),
        ]
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 for any positive duration.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = self.components
        let millis = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return self > .zero ? max(1, millis) : millis
    }
}
