/// An error from `LocalPostgresCluster`, with a message that says what to do about it.
public struct LocalPostgresError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The configuration is invalid (database name, port, data folder path).
        case invalidConfiguration
        /// initdb/pg_ctl (or psql/createdb) are not installed.
        case binariesNotFound
        /// Running as root, but there is no `postgres` system user to run the server as.
        case postgresUserMissing
        /// The data folder (or its parents) cannot be used: wrong owner, not a cluster, not reachable.
        case dataDirectoryUnusable
        /// A PostgreSQL program exited with an error (the message carries the tail of its output).
        case commandFailed
    }

    public let kind: Kind
    public let message: String

    public var description: String { message }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
