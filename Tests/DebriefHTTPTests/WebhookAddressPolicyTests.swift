import DebriefActions
@testable import DebriefApp
import Debrief
import Foundation
import NIOCore
import Synchronization
import Testing

/// SSRF: which addresses a webhook may reach, and what a registration is refused for.
@Suite("Webhooks: address policy")
struct WebhookAddressPolicyTests {
    @Test func onlyPublicUnicastAddressesAreAllowed() throws {
        let refused = [
            "127.0.0.1", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.20", "169.254.169.254", "100.64.0.1",
            "0.0.0.0", "224.0.0.1", "255.255.255.255", "198.18.0.1", "192.0.2.1",
            "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
            "64:ff9b::a00:1", "2001:db8::1",
        ]
        for address in refused {
            let bytes = try #require(WebhookAddressPolicy.literalBytes(address), "\(address)")
            #expect(!WebhookAddressPolicy.isPublic(bytes), "\(address)")
        }
        for address in ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:8.8.8.8", "[2a00:1450::1]"] {
            let bytes = try #require(WebhookAddressPolicy.literalBytes(address), "\(address)")
            #expect(WebhookAddressPolicy.isPublic(bytes), "\(address)")
        }
        #expect(WebhookAddressPolicy.literalBytes("hooks.example.com") == nil)
    }

    @Test func registrationsNeedHttpsAndNoLiteralPrivateAddressUnlessTheOperatorAllowsTheHost() {
        var settings = WebhookSettings()
        settings.allowInsecureHosts = ["127.0.0.1"]
        let sender = HTTPWebhookSender(settings: settings, outbound: OutboundHTTP(requestTimeout: .seconds(1)))
        #expect(sender.refusal(of: URL(string: "https://hooks.example.com/x")!) == nil)
        #expect(sender.refusal(of: URL(string: "http://hooks.example.com/x")!)?.contains("https") == true)
        #expect(sender.refusal(of: URL(string: "https://169.254.169.254/latest")!)?.contains("private") == true)
        #expect(sender.refusal(of: URL(string: "https://[::1]:8443/")!)?.contains("private") == true)
        #expect(sender.refusal(of: URL(string: "http://127.0.0.1:9000/hooks")!) == nil)
    }

    /// A name is checked after resolving it, every address of it.
    @Test func namesAreCheckedAfterResolving() async {
        switch await HTTPWebhookSender.checkedAddress(of: "localhost") {
        case .success(let address): Issue.record("localhost was allowed as \(address)")
        case .failure(let refusal): #expect(refusal.description == "not a public address")
        }
        switch await HTTPWebhookSender.checkedAddress(of: "8.8.8.8") {
        case .success(let address): #expect(address == "8.8.8.8")
        case .failure(let refusal): Issue.record("\(refusal)")
        }
    }

    /// A resolver that answers a public address the first time it is asked and 127.0.0.1 ever
    /// after, as a hostile name server does (DNS rebinding).
    final class RebindingResolver: Sendable {
        let asked = Mutex(0)

        func resolve(_ host: String) throws -> [SocketAddress] {
            let count = self.asked.withLock { $0 += 1; return $0 }
            return [try SocketAddress(ipAddress: count == 1 ? "93.184.216.34" : "127.0.0.1", port: 0)]
        }
    }

    /// The pin holds however the host is spelled: the client looks its `dnsOverride` up by the
    /// exact host of the URL it sends to, so a spelling the pin is not stored under made it resolve
    /// the name again — and reach 127.0.0.1 (seen: `https://REBIND-HOSTILE.test/hook`).
    @Test(arguments: [
        "https://REBIND-HOSTILE.test/hook", "https://rebind-hostile.test./hook", "https://Rebind-Hostile.TEST.:8443/hook",
    ])
    func theCheckedAddressIsPinnedUnderTheHostTheClientLooksUp(_ spelling: String) async throws {
        let resolver = RebindingResolver()
        let sender = HTTPWebhookSender(settings: WebhookSettings(), outbound: OutboundHTTP(requestTimeout: .seconds(1)), resolve: { try resolver.resolve($0) })
        let target = try await sender.target(of: try #require(URL(string: spelling))).get()
        let host = try #require(target.url.host)
        #expect(host == "rebind-hostile.test")
        #expect(target.dnsOverride[host] == "93.184.216.34", "\(target.dnsOverride) for \(target.url)")
        #expect(resolver.asked.withLock { $0 } == 1)
    }

    /// Endpoints are stored normalized: lower-case host without a trailing dot; a host that is
    /// not plain ASCII (an international name not written as punycode) is refused at `url`.
    @Test func registeredURLsAreNormalized() throws {
        let draft = try WebhookEndpointInput(url: "HTTPS://Hooks.Example.COM.:8443/In?x=1", events: ["form.published"], seriesID: nil)
            .validated()
        #expect(draft.url.absoluteString == "https://hooks.example.com:8443/In?x=1")
        for refused in ["https://bücher.example/hook", "https://hooks%2Eexample.com/hook"] {
            #expect(throws: ValidationFailure.self, "\(refused)") {
                try WebhookEndpointInput(url: refused, events: ["form.published"], seriesID: nil).validated()
            }
        }
    }

    /// `last_error` says that an address was refused, never what the server resolved a name to
    /// (seen: it named the private address behind any name a host chose).
    @Test func aRefusalSaysOnlyThatTheAddressIsNotPublic() async throws {
        let answers: [String: @Sendable (String) throws -> [SocketAddress]] = [
            "https://private.example/hook": { _ in [try SocketAddress(ipAddress: "10.1.2.3", port: 0)] },
            "https://nowhere.example/hook": { _ in throw HTTPWebhookSender.AddressRefusal("no address") },
            "https://empty.example/hook": { _ in [] },
        ]
        for (url, resolve) in answers {
            let sender = HTTPWebhookSender(settings: WebhookSettings(), outbound: OutboundHTTP(requestTimeout: .seconds(1)), resolve: { try resolve($0) })
            let result = await sender.send(WebhookRequest(url: try #require(URL(string: url)), headers: [], body: Data()))
            #expect(result.error == "refused: not a public address", "\(url)")
        }
    }
}
