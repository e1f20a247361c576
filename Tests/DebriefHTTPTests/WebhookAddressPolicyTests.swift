import DebriefActions
@testable import DebriefApp
import Foundation
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
        let sender = HTTPWebhookSender(settings: settings)
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
        case .failure(let refusal): #expect(refusal.description.contains("not public"))
        }
        switch await HTTPWebhookSender.checkedAddress(of: "8.8.8.8") {
        case .success(let address): #expect(address == "8.8.8.8")
        case .failure(let refusal): Issue.record("\(refusal)")
        }
    }
}
