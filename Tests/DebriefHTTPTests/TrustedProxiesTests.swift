@testable import DebriefHTTP
import Testing

@Suite("Trusted proxies and each instance's share of the rate limits")
struct TrustedProxiesTests {
    @Test func addressesAndRangesParse() throws {
        let proxies = try TrustedProxies(parsing: "127.0.0.1, 10.0.0.0/8 ,::1, fd00::/8")
        for address in ["127.0.0.1", "10.1.2.3", "10.255.255.255", "::1", "fd12:3456::1"] {
            #expect(proxies.contains(address), "\(address)")
        }
        for address in ["127.0.0.2", "11.0.0.1", "::2", "fe80::1", "not-an-address", ""] {
            #expect(!proxies.contains(address), "\(address)")
        }
        #expect(try TrustedProxies(parsing: "").isEmpty)
        for bad in ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/x", "1.2.3"] {
            #expect(throws: TrustedProxiesError.self, "\(bad)") { try TrustedProxies(parsing: bad) }
        }
    }

    @Test func theClientIsTheNearestAddressThatIsNotATrustedProxy() throws {
        let proxies = try TrustedProxies(parsing: "10.0.0.0/8")
        // The peer is not a trusted proxy: whatever the header says is the client's own claim.
        #expect(proxies.client(peer: "203.0.113.9", forwardedFor: "1.2.3.4") == "203.0.113.9")
        // Through the load balancer: the address it appended.
        #expect(proxies.client(peer: "10.0.0.5", forwardedFor: "203.0.113.9") == "203.0.113.9")
        // A client that forges an entry cannot hide: the proxy appended the real one after it.
        #expect(proxies.client(peer: "10.0.0.5", forwardedFor: "1.2.3.4, 203.0.113.9") == "203.0.113.9")
        // Two trusted hops.
        #expect(proxies.client(peer: "10.0.0.5", forwardedFor: "198.51.100.7, 10.0.0.9") == "198.51.100.7")
        // No header, or garbage in it: the peer.
        #expect(proxies.client(peer: "10.0.0.5", forwardedFor: nil) == "10.0.0.5")
        #expect(proxies.client(peer: "10.0.0.5", forwardedFor: "unknown") == "10.0.0.5")
    }

    @Test func eachOfThreeInstancesEnforcesAThirdOfTheRate() {
        let start = ContinuousClock.now
        let limiter = RateLimiter(rate: RateLimitRate(perSecond: 30, burst: 30), share: { 1.0 / 3 })
        // A third of the burst at once…
        let burst = (0..<12).map { _ in limiter.take("client", now: start).allowed }
        #expect(burst.filter { $0 }.count == 10)
        // …and a third of the rate afterwards: 10 a second.
        let second = (1...100).map { limiter.take("client", now: start + .milliseconds(10 * $0)).allowed }
        #expect((9...11).contains(second.filter { $0 }.count))
        // Alone, the documented rate.
        let alone = RateLimiter(rate: RateLimitRate(perSecond: 30, burst: 30))
        #expect((0..<40).map { _ in alone.take("client", now: start).allowed }.filter { $0 }.count == 30)
    }
}
