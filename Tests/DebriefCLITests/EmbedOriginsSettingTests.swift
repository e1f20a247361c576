@testable import debrief
import DebriefHTTP
import Testing

/// `--embed-origins` (`DEBRIEF_EMBED_ORIGINS`): the sites that may frame the participant's
/// pages, checked when `debrief serve` starts (docs/decisions/0068).
@Suite("Serve settings: embedding origins")
struct EmbedOriginsSettingTests {
    @Test func offByDefaultAndReadFromTheFlagOrTheEnvironment() async throws {
        #expect(try await ServeSettingsTests.read().app.embedOrigins == .none)
        let flag = try await ServeSettingsTests.read(["--embed-origins", "https://Intranet.example.com, https://*.example.org"])
        #expect(flag.app.embedOrigins.sources == ["https://intranet.example.com", "https://*.example.org"])
        let environment = try await ServeSettingsTests.read([], environment: ["DEBRIEF_EMBED_ORIGINS": "http://localhost:8000"])
        #expect(environment.app.embedOrigins.sources == ["http://localhost:8000"])
    }

    /// Each refusal is one line naming the flag, the variable and the entry.
    @Test func aBadOriginStopsTheStartNamingTheSetting() async throws {
        let cases: [(String, String)] = [
            ("*", "wildcards and null are not allowed"),
            ("https://intranet.example.com/wiki", "without a path"),
            ("intranet.example.com", "must start with http:// or https://"),
            ("https://*", "a wildcard may only be the first label"),
            ("https://a.*.example.com", "a wildcard may only be the first label"),
            ("https://intranet.example.com;script-src", "a wildcard may only be the first label"),
            ("'self'", "must start with http:// or https://"),
            ("https://intranet.example.com:443", "leave out the default port"),
        ]
        for (entry, reason) in cases {
            let refusal = try await ServeSettingsTests.refusal(["--embed-origins", "https://ok.example.com, \(entry)"])
            let text = try #require(refusal?.description, "\(entry) was accepted")
            #expect(text.hasPrefix("--embed-origins (DEBRIEF_EMBED_ORIGINS): invalid embedding origin '\(entry)': "), "\(text)")
            #expect(text.contains(reason), "\(entry): \(text)")
        }
    }

    /// Issue 67: `https://*.com` let every .com site frame the pages. A wildcard over a public
    /// suffix (Debian's `publicsuffix` list: ICANN's and the private section's, like github.io)
    /// is refused at start; one below a registrable domain is not.
    @Test func aWildcardOverAPublicSuffixStopsTheStart() async throws {
        for entry in ["https://*.com", "https://*.co.uk", "http://*.github.io", "https://*.kawasaki.jp", "https://*.COM", "https://*.localhost"] {
            let refusal = try await ServeSettingsTests.refusal(["--embed-origins", "https://ok.example.com, \(entry)"])
            let text = try #require(refusal?.description, "\(entry) was accepted")
            #expect(text.hasPrefix("--embed-origins (DEBRIEF_EMBED_ORIGINS): invalid embedding origin '\(entry)': "), "\(text)")
            #expect(text.contains("public suffix"), "\(entry): \(text)")
        }
        let allowed = try await ServeSettingsTests.read(["--embed-origins", "https://*.example.co.uk, https://*.intranet.example.com, https://*.city.kawasaki.jp"])
        #expect(allowed.app.embedOrigins.sources == ["https://*.example.co.uk", "https://*.intranet.example.com", "https://*.city.kawasaki.jp"])
    }
}
