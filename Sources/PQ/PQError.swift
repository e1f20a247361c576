/// The one error type of the PostgreSQL client.
///
/// `description` is safe to log and show: it never contains query text or parameter values.
/// The query text, when known, is only in `debugDescription`.
public struct PQError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What kind of failure this is. Extensible: new codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        /// Could not open a connection (server down, bad credentials, bad URL).
        public static let connectionFailed = Code(name: "connectionFailed")
        /// An open connection broke while in use (server restart, `pg_terminate_backend`, network).
        public static let connectionLost = Code(name: "connectionLost")
        /// The server answered with an error; see `sqlState`.
        public static let server = Code(name: "server")
        /// No pooled connection became free within the acquire timeout.
        public static let poolTimeout = Code(name: "poolTimeout")
        /// The pool was shut down.
        public static let poolClosed = Code(name: "poolClosed")
        /// A parameter cannot be sent (for example a string containing a NUL byte).
        public static let invalidParameter = Code(name: "invalidParameter")
        /// A column value could not be decoded into the requested Swift type.
        public static let decoding = Code(name: "decoding")
        /// The server answered in a way the client did not expect (wrong result kind).
        public static let protocolViolation = Code(name: "protocolViolation")
        public var description: String { self.name }
    }

    public var code: Code
    /// The primary human-readable message (libpq's or the server's `M` field).
    public var message: String
    /// The five-character SQLSTATE, when the server sent one.
    public var sqlState: String?
    /// The server's `DETAIL`, when present.
    public var detail: String?
    /// The name of the violated constraint, when the error is a constraint violation.
    public var constraint: String?
    /// The host the connection was for, when known (never the password).
    public var host: String?
    /// The query text, for `debugDescription` only.
    var query: String?

    public init(
        _ code: Code, _ message: String, sqlState: String? = nil, detail: String? = nil,
        constraint: String? = nil, host: String? = nil
    ) {
        self.code = code
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.constraint = constraint
        self.host = host
    }

    /// `23505`: a unique constraint or index rejected a row.
    public var isUniqueViolation: Bool { self.sqlState == "23505" }
    /// `23P01`: an exclusion constraint (for example non-overlapping time ranges) rejected a row.
    public var isExclusionViolation: Bool { self.sqlState == "23P01" }
    /// `57014`: the statement ran longer than the statement timeout (or was cancelled).
    public var isStatementTimeout: Bool { self.sqlState == "57014" }
    /// `22023`: an invalid parameter value, e.g. a time zone PostgreSQL's zone data does not name.
    public var isInvalidParameterValue: Bool { self.sqlState == "22023" }
    /// `40001`/`40P01`: serialization failure or deadlock; the transaction may be retried.
    /// `lock_timeout` ran out while waiting for a lock.
    public var isLockTimeout: Bool { self.sqlState == "55P03" }
    public var isTransactionConflict: Bool { self.sqlState == "40001" || self.sqlState == "40P01" }

    /// `25006`: a write reached a server that is (now) a standby, as a demoted primary is during
    /// a switchover until the load balancer marks it down.
    public var isReadOnlyServer: Bool { self.sqlState == "25006" }

    /// True when the database could not be reached or went away — or the primary reached became
    /// a standby (``isReadOnlyServer``): the request may be retried later, on the new primary.
    public var isUnavailable: Bool {
        switch self.code {
        case .connectionFailed, .connectionLost, .poolTimeout, .poolClosed:
            return true
        default:
            // Class 08 is "connection exception"; 57P01-57P03 are shutdown / cannot connect now.
            guard let state = self.sqlState else { return false }
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "25006"].contains(state)
        }
    }

    public var description: String {
        var text = "\(self.code): \(self.message)"
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let host { text += " [host \(host)]" }
        return text
    }

    public var debugDescription: String {
        var text = self.description
        if let detail { text += "\ndetail: \(detail)" }
        if let constraint { text += "\nconstraint: \(constraint)" }
        if let query { text += "\nquery: \(query)" }
        return text
    }
}
