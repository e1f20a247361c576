import AsyncHTTPClient
import Foundation
import Metrics
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Every HTTP request Debrief makes to another server (webhooks, team chat, company sign-in)
/// goes through one long-lived owner, a service of the application: its clients keep their
/// connections between requests, and all of them are shut down, awaited, when the application
/// stops — no client is made per request and dropped in a fire-and-forget task.
///
/// Company sign-in uses the general client (``generalClient()``). Webhooks and chat need their host *pinned* to the address
/// that was checked a moment before (``HTTPWebhookSender``: DNS rebinding), which
/// AsyncHTTPClient configures per client (`dnsOverride`), not per request. So those requests
/// lease a client per ``Pin`` — the host and the checked address — kept for the next delivery to
/// the same place: at most ``maxIdleClients`` are kept, the least recently used idle one retired
/// first. A client in use is never retired; the deliveries' own concurrency bounds how many are in
/// use at once. Retired clients are shut down by ``run()``, so their shutdown is awaited too.
///
/// Clients are made on first use: an application that never calls out (most tests, which build
/// the services without running them) holds none that would need shutting down.
actor OutboundHTTP: Service {
    /// Where a pinned client connects: `address` is nil for a host the operator allows without
    /// pinning (``WebhookSettings/allowInsecureHosts``, resolved by the client).
    struct Pin: Hashable, Sendable {
        var host: String
        var address: String?

        /// AsyncHTTPClient's `dnsOverride`: looked up by the request's host exactly as spelled.
        var dnsOverride: [String: String] { self.address.map { [self.host: $0] } ?? [:] }
    }

    /// Refused after the service has stopped: nothing would shut a new client down.
    struct Stopped: Error, CustomStringConvertible {
        var description: String { "the server is stopping" }
    }

    private struct Entry {
        var client: HTTPClient
        var leases: Int
        var lastUsed: UInt64
    }

    /// Sign-in's client (discovery, keys, the token endpoint and UserInfo of one provider).
    private var general: HTTPClient?
    private let generalConfiguration: HTTPClient.Configuration
    /// How long a pinned client waits to connect and to read, and that it follows no redirect
    /// (a 3xx is a failed delivery, not a way to reach another host).
    private let pinnedConfiguration: HTTPClient.Configuration
    let maxIdleClients: Int
    private var pinned: [Pin: Entry] = [:]
    private var clock: UInt64 = 0
    private var stopped = false
    /// Clients taken out of the pool, waiting for ``run()`` to shut them down; `retiring` wakes it.
    private var retiredClients: [HTTPClient] = []
    private let retiring: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let openClients: Gauge
    /// Clients made, and shut down, over the service's life (tests read them).
    private(set) var clientsMade = 0
    private(set) var clientsShutDown = 0

    init(requestTimeout: Duration, maxIdleClients: Int = 32, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.openClients = Gauge(label: "debrief_outbound_http_pinned_clients", factory: metrics)
        let timeout = HTTPClient.Configuration.Timeout(
            connect: HTTPWebhookSender.timeAmount(requestTimeout), read: HTTPWebhookSender.timeAmount(requestTimeout))
        self.generalConfiguration = HTTPClient.Configuration(timeout: timeout)
        self.pinnedConfiguration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: timeout)
        self.maxIdleClients = maxIdleClients
        (self.retiring, self.wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The client of requests that need no pinned address (company sign-in).
    func generalClient() throws -> HTTPClient {
        guard !self.stopped else { throw Stopped() }
        if let general = self.general { return general }
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: self.generalConfiguration)
        self.clientsMade += 1
        self.general = client
        return client
    }

    /// Runs `body` with the client for `pin`, then returns the client to the pool.
    nonisolated func withClient<Result: Sendable>(
        pinned pin: Pin, _ body: @Sendable (HTTPClient) async throws -> Result
    ) async throws -> Result {
        let client = try await self.lease(pin)
        do {
            let result = try await body(client)
            await self.release(pin)
            return result
        } catch {
            await self.release(pin)
            throw error
        }
    }

    /// Shuts retired clients down as they come; on graceful shutdown, every client.
    func run() async throws {
        await withGracefulShutdownHandler {
            for await _ in self.retiring {
                await self.shutDown(self.takeRetired())
            }
        } onGracefulShutdown: {
            self.wake.finish()
        }
        await self.shutDownAll()
    }

    /// How many pinned clients are kept now (in use or idle).
    var pinnedCount: Int { self.pinned.count }

    func lease(_ pin: Pin) throws -> HTTPClient {
        guard !self.stopped else { throw Stopped() }
        self.clock += 1
        if var entry = self.pinned[pin] {
            entry.leases += 1
            entry.lastUsed = self.clock
            self.pinned[pin] = entry
            return entry.client
        }
        var configuration = self.pinnedConfiguration
        configuration.dnsOverride = pin.dnsOverride
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
        self.clientsMade += 1
        self.pinned[pin] = Entry(client: client, leases: 1, lastUsed: self.clock)
        self.retireIdleOverLimit()
        return client
    }

    func release(_ pin: Pin) {
        guard var entry = self.pinned[pin] else { return }
        entry.leases -= 1
        self.pinned[pin] = entry
        self.retireIdleOverLimit()
    }

    /// Retires least recently used idle clients while more than ``maxIdleClients`` are kept.
    private func retireIdleOverLimit() {
        while self.pinned.count > self.maxIdleClients,
            let (pin, entry) = self.pinned.filter({ $0.value.leases == 0 }).min(by: { $0.value.lastUsed < $1.value.lastUsed })
        {
            self.pinned[pin] = nil
            self.retiredClients.append(entry.client)
            self.wake.yield()
        }
        self.openClients.record(self.pinned.count)
    }

    private func takeRetired() -> [HTTPClient] {
        defer { self.retiredClients = [] }
        return self.retiredClients
    }

    /// Every client, once: those retired and not yet shut down, the pool, the general one.
    private func shutDownAll() async {
        self.stopped = true
        let clients = self.takeRetired() + self.pinned.values.map(\.client) + (self.general.map { [$0] } ?? [])
        self.pinned = [:]
        self.general = nil
        self.openClients.record(0)
        await self.shutDown(clients)
    }

    private func shutDown(_ clients: [HTTPClient]) async {
        for client in clients {
            try? await client.shutdown()
            self.clientsShutDown += 1
        }
    }
}
