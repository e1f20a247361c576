import AsyncHTTPClient
import Debrief
import DebriefActions
import Foundation
import Logging
import NIOCore
import NIOPosix

/// Sends webhooks with AsyncHTTPClient: https only (except hosts the operator allows), every
/// address of the host's name checked, and the connection made to the checked address.
///
/// Each attempt resolves the host itself, refuses it when any address is not public
/// (``WebhookAddressPolicy``), and pins the client to the first address with AsyncHTTPClient's
/// `dnsOverride` — the TLS handshake still names and verifies the host — so a name that resolves
/// differently a moment later (DNS rebinding) cannot redirect the request. Redirects are not
/// followed (a 3xx is a failure), the answer is read up to `responseBodyLimit` bytes, and the
/// whole attempt is bounded by `requestTimeout`. The client comes from ``OutboundHTTP``, pinned
/// to the checked address, and is kept there for the next delivery to the same host.
struct HTTPWebhookSender: WebhookSender {
    /// Every address of a host name (getaddrinfo in production; tests answer as they like, a
    /// rebinding resolver among them).
    typealias Resolver = @Sendable (String) async throws -> [SocketAddress]

    let settings: WebhookSettings
    let outbound: OutboundHTTP
    let resolve: Resolver

    init(settings: WebhookSettings, outbound: OutboundHTTP, resolve: @escaping Resolver = HTTPWebhookSender.systemResolve) {
        self.settings = settings
        self.outbound = outbound
        self.resolve = resolve
    }

    func refusal(of url: URL) -> String? {
        guard let host = url.host?.lowercased() else { return "must have a host" }
        if self.settings.allowInsecureHosts.contains(host) { return nil }
        if url.scheme?.lowercased() != "https" {
            return "must use https (plain http only for hosts the operator allows)"
        }
        if let literal = WebhookAddressPolicy.literalBytes(host), !WebhookAddressPolicy.isPublic(literal) {
            return "must not be a private, loopback or link-local address"
        }
        return nil
    }

    /// What one attempt sends to: the URL as it goes on the wire, and the address its host is
    /// pinned to (nil for a host the operator allows insecure, resolved by the client).
    struct Target: Sendable, Equatable {
        var url: URL
        var pinnedAddress: String?

        /// AsyncHTTPClient's `dnsOverride`: keyed by the very host of ``url``, which is the key the
        /// client looks up (exactly, case included) before it would resolve the name itself.
        var dnsOverride: [String: String] { self.pin.dnsOverride }

        /// The pooled client this target is sent with.
        var pin: OutboundHTTP.Pin { OutboundHTTP.Pin(host: self.url.host ?? "", address: self.pinnedAddress) }
    }

    /// The target of a stored URL, or why it is refused: the URL normalized (``WebhookURL``: the
    /// pin's key and the host the client sends to are then one string), the addresses of its host
    /// checked once, the host pinned to the first.
    func target(of stored: URL) async -> Result<Target, AddressRefusal> {
        // Normalized again here: endpoints registered before URLs were stored normalized.
        guard let url = WebhookURL.normalized(stored) else { return .failure(.init("the URL's host is not a plain name")) }
        if let refusal = self.refusal(of: url) { return .failure(.init("the URL \(refusal)")) }
        guard let host = url.host?.lowercased() else { return .failure(.init("the URL has no host")) }
        if self.settings.allowInsecureHosts.contains(host) { return .success(Target(url: url, pinnedAddress: nil)) }
        switch await Self.checkedAddress(of: host, resolve: self.resolve) {
        case .success(let address): return .success(Target(url: url, pinnedAddress: address))
        case .failure(let reason): return .failure(reason)
        }
    }

    func send(_ request: WebhookRequest) async -> WebhookSendResult {
        let start = ContinuousClock.now
        func failed(_ error: String, status: Int? = nil) -> WebhookSendResult {
            WebhookSendResult(statusCode: status, error: error, duration: ContinuousClock.now - start)
        }
        let target: Target
        switch await self.target(of: request.url) {
        case .success(let checked): target = checked
        case .failure(let reason): return failed("refused: \(reason)")
        }

        var outgoing = HTTPClientRequest(url: target.url.absoluteString)
        outgoing.method = .POST
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        outgoing.body = .bytes(ByteBuffer(bytes: Array(request.body)))
        let settings = self.settings
        let prepared = outgoing
        do {
            let (status, answer) = try await self.outbound.withClient(pinned: target.pin) { client in
                let response = try await client.execute(prepared, timeout: Self.timeAmount(settings.requestTimeout))
                var answer = ""
                var read = 0
                for try await chunk in response.body {
                    let take = min(chunk.readableBytes, settings.responseBodyLimit - read)
                    answer += chunk.getString(at: chunk.readerIndex, length: take) ?? ""
                    read += take
                    if read >= settings.responseBodyLimit { break }
                }
                return (Int(response.status.code), answer)
            }
            if (200..<300).contains(status) {
                return WebhookSendResult(statusCode: status, error: nil, duration: ContinuousClock.now - start)
            }
            let excerpt = answer.prefix(200).trimmingCharacters(in: .whitespacesAndNewlines)
            return failed("HTTP \(status)" + (excerpt.isEmpty ? "" : ": \(excerpt)"), status: status)
        } catch {
            return failed(Self.describe(error))
        }
    }

    /// Where webhook host names are resolved: two threads of their own. `getaddrinfo` blocks for
    /// as long as a slow or failing resolver takes (seconds per name), and NIO's shared pool also
    /// writes the CSV export spool: on it, a burst of deliveries to an unresolvable host stalled
    /// exports (found by the authorization matrix, whose worlds all have such a webhook). Started
    /// once, it lives as long as the process, like the shared pool.
    static let resolverPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    /// Every address of `host` (a name or a literal) public, then the first of them; or why not.
    ///
    /// Every refusal says the same words: the endpoint's `last_error` is the host's to read, and
    /// telling "resolves to 10.0.0.5", "has no address" and "could not be resolved" apart would
    /// show anyone how this server resolves any name they choose.
    static func checkedAddress(
        of host: String, resolve: Resolver = HTTPWebhookSender.systemResolve
    ) async -> Result<String, AddressRefusal> {
        if let literal = WebhookAddressPolicy.literalBytes(host) {
            return WebhookAddressPolicy.isPublic(literal) ? .success(host) : .failure(.notPublic)
        }
        guard let addresses = try? await resolve(host), let first = addresses.first?.ipAddress,
            addresses.allSatisfy({ WebhookAddressPolicy.bytes($0).map(WebhookAddressPolicy.isPublic) ?? false })
        else { return .failure(.notPublic) }
        return .success(first)
    }

    /// getaddrinfo on the resolver pool.
    static let systemResolve: Resolver = { host in
        try await Self.resolverPool.runIfActive { try Self.resolve(host) }
    }

    struct AddressRefusal: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }

        static let notPublic = AddressRefusal("not a public address")
    }

    /// getaddrinfo (blocking: called on the thread pool).
    private static func resolve(_ host: String) throws -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw AddressRefusal("no address") }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { addresses.append(SocketAddress($0.pointee, host: host)) }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { addresses.append(SocketAddress($0.pointee, host: host)) }
                default:
                    break
                }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "timed out"
            default: return "\(error)"
            }
        }
        if let error = error as? NIOConnectionError {
            return "could not connect" + (error.connectionErrors.first.map { ": \($0.error)" } ?? "")
        }
        return "\(error)"
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
