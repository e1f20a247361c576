import Foundation

/// Settings of the HTTP service. The `debrief serve` command fills it from flags and environment.
public struct AppConfiguration: Sendable {
    /// Address to bind, `127.0.0.1` by default (use `0.0.0.0` in containers).
    public var host: String
    public var port: Int
    /// Largest request body accepted; larger ones get 413.
    public var maxBodyBytes: Int
    /// A connection with no traffic for this long is closed (Hummingbird has no default).
    public var idleTimeout: Duration
    /// The base of participant URLs (`{publicBaseURL}/f/{code}`), as people outside reach us.
    public var publicBaseURL: String
    /// bcrypt's work factor for passwords (12 in production; the tests lower it for speed).
    public var bcryptCost: UInt8
    /// How long a bearer token stays valid.
    public var tokenLifetime: Duration

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
