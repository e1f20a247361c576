import Debrief
import DebriefStore
import Foundation
import Hummingbird
import NIOCore

/// The per-request context every route sees.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set from configuration by ``BodyLimitMiddleware`` before any route reads the body.
    public var bodyLimit: Int = 256 * 1024
    /// The client's IP address, for rate limits: the peer's, or the one a trusted proxy names
    /// (``ForwardedClientMiddleware``).
    public var clientAddress: String
    /// The connection, so a response can end it (see ``ProblemMiddleware``).
    let channel: any Channel
    /// The signed-in account and its token, set by ``AuthMiddleware``.
    public var account: Account?
    public var bearerToken: String?

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        self.channel = source.channel
    }

    /// The signed-in account, or 401 when the route was reached without one.
    public func requireAccount() throws -> Account {
        guard let account = self.account else { throw APIError.unauthorized }
        return account
    }

    public func requireViewer() throws -> Viewer {
        try self.requireAccount().viewer
    }

    /// A path parameter holding an id; anything that is not a UUID cannot name a thing, so 404.
    public func requireID(_ name: String, _ what: String) throws -> UUID {
        guard let text = self.parameters.get(name), let id = UUID(uuidString: text) else {
            throw APIError.notFound(what)
        }
        return id
    }

    /// The body limit of a route group with its own, smaller limit (the participant routes).
    public func bodyLimit(atMost limit: Int) -> Int {
        min(self.bodyLimit, limit)
    }

    public var maxUploadSize: Int { self.bodyLimit }
    public var requestDecoder: JSONDecoder { JSONCoding.decoder }
    public var responseEncoder: JSONEncoder { JSONCoding.encoder }
}
