import Foundation

/// Sends one signed webhook request. The HTTP client behind it lives in the composition root
/// (DebriefApp's `HTTPWebhookSender`, AsyncHTTPClient), so the use cases stay free of the HTTP
/// layer and their tests can stand in for the network.
public protocol WebhookSender: Sendable {
    /// Why a URL a host registers is refused by the operator's policy (an `http` URL to a host not
    /// allowed insecure, a literal private address), or nil when it is acceptable. Addresses behind
    /// a name are checked again at every attempt, after resolving it.
    func refusal(of url: URL) -> String?

    /// POSTs `body` with `headers`; never throws: what went wrong is in the result.
    func send(_ request: WebhookRequest) async -> WebhookSendResult
}

public struct WebhookRequest: Sendable {
    public var url: URL
    /// `webhook-id`, `webhook-timestamp`, `webhook-signature`, `content-type`.
    public var headers: [(String, String)]
    public var body: Data

    public init(url: URL, headers: [(String, String)], body: Data) {
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct WebhookSendResult: Sendable {
    /// The receiver's status code, if it answered.
    public var statusCode: Int?
    /// Why the attempt failed (no answer, a refused address, a non-2xx status); nil on 2xx.
    public var error: String?
    public var duration: Duration

    public init(statusCode: Int?, error: String?, duration: Duration) {
        self.statusCode = statusCode
        self.error = error
        self.duration = duration
    }
}
