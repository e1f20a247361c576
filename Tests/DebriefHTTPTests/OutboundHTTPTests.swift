import AsyncHTTPClient
@testable import DebriefApp
import Logging
import ServiceLifecycle
import Testing

/// The one owner of outbound HTTP clients (issue 49: one long-lived client, owned as a service,
/// instead of a client per webhook delivery shut down in a fire-and-forget task).
@Suite("Outbound HTTP: pooled clients owned by a service")
struct OutboundHTTPTests {
    @Test func aPinKeepsItsClientAndIdleClientsOverTheLimitAreRetiredAndShutDown() async throws {
        let outbound = OutboundHTTP(requestTimeout: .seconds(1), maxIdleClients: 2)
        let group = ServiceGroup(services: [outbound], logger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let a = OutboundHTTP.Pin(host: "a.example", address: "93.184.216.34")
            let first = try await outbound.lease(a)
            await outbound.release(a)
            let again = try await outbound.lease(a)
            await outbound.release(a)
            // The same client, connections and all, for the next delivery to the same place.
            #expect(first === again)
            #expect(await outbound.clientsMade == 1)

            for host in ["b.example", "c.example"] {
                let pin = OutboundHTTP.Pin(host: host, address: "93.184.216.34")
                _ = try await outbound.lease(pin)
                await outbound.release(pin)
            }
            // `a` was the least recently used idle client: retired, and shut down by the service.
            #expect(await outbound.pinnedCount == 2)
            try await waitUntil { await outbound.clientsShutDown == 1 }
            await #expect(throws: HTTPClientError.alreadyShutdown) { try await first.shutdown() }

            // Clients in use are never retired, whatever the limit.
            let held = ["d.example", "e.example", "f.example"].map { OutboundHTTP.Pin(host: $0, address: nil) }
            var clients: [HTTPClient] = []
            for pin in held { clients.append(try await outbound.lease(pin)) }
            #expect(await outbound.pinnedCount == 3)
            #expect(await outbound.clientsMade == 6)

            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            // Stopping shut every client down, those in use included, and nothing new is lent.
            for client in clients { await #expect(throws: HTTPClientError.alreadyShutdown) { try await client.shutdown() } }
            await #expect(throws: OutboundHTTP.Stopped.self) { try await outbound.lease(held[0]) }
            await #expect(throws: OutboundHTTP.Stopped.self) { try await outbound.generalClient() }
        }
    }

    @Test func nothingIsMadeUntilARequestNeedsIt() async throws {
        let outbound = OutboundHTTP(requestTimeout: .seconds(1))
        #expect(await outbound.clientsMade == 0)
        let general = try await outbound.generalClient()
        #expect(try await outbound.generalClient() === general)
        #expect(await outbound.clientsMade == 1)
        #expect(await outbound.clientsShutDown == 0)
        let group = ServiceGroup(services: [outbound], logger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        await #expect(throws: HTTPClientError.alreadyShutdown) { try await general.shutdown() }
    }

    /// Waits for the service's own task to act (a bound on attempts, not a timing assertion).
    private func waitUntil(_ condition: () async -> Bool) async throws {
        for _ in 0..<12_000 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the service never did it")
    }
}
