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

    public init(dataDirectory: String, databaseName: String = "debrief", port: Int? = nil) {
        self.dataDirectory = dataDirectory
        self.databaseName = databaseName
        self.port = port
    }
}
