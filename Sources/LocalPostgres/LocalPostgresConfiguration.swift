/// Where and how `LocalPostgresCluster` runs its private PostgreSQL server.
public struct LocalPostgresConfiguration: Sendable, Equatable {
    /// The cluster's data folder, e.g. `./.debrief/postgres`. Relative paths are resolved against
    /// the working directory when the cluster is created. Its parent folder also receives
    /// `postgres.log` (the server log) and `run/` (the server's private unix socket folder).
    public var dataDirectory: String
    /// The database to create (if missing) and connect to. Must match `^[a-z_][a-z0-9_]*$`.
    public var databaseName: String
    /// The TCP port on 127.0.0.1; `nil` picks a free one at each start.
    public var port: Int?
    /// The process environment, read once by the executable and handed in, because library
    /// modules do not read it themselves. `PATH` is searched for the PostgreSQL programs, `USER`
    /// names the current user when it has no passwd entry, and the programs run with this
    /// environment minus its `PG*` variables.
    public var environment: [String: String]

    /// `environment` has no default: an empty one would quietly hide the PostgreSQL programs on
    /// `PATH` and run them without `LANG` or `HOME`. Pass the whole process environment.
    public init(dataDirectory: String, databaseName: String = "debrief", port: Int? = nil, environment: [String: String]) {
        self.dataDirectory = dataDirectory
        self.databaseName = databaseName
        self.port = port
        self.environment = environment
    }
}
