@testable import debrief
import DebriefApp
import Foundation
import Testing

/// A setting is one row (docs/decisions/0043, 0067): every flag of the table reaches the one
/// read, and where a default is still written beside the table (the application's own initial
/// values, which tests and embedders start from), it says what the table says.
@Suite("Settings: one row each")
struct SettingDefaultsTests {
    /// A value the setting accepts, for its flag.
    static func sample(_ setting: Setting) -> String {
        switch setting.kind {
        case .integer(let range), .seconds(let range), .milliseconds(let range): return String(range.lowerBound)
        case .number(let range): return SettingKind.format(range.lowerBound)
        case .choice(let words): return words.first ?? "x"
        case .yesNo: return "yes"
        case .text: return ["cors-origin", "embed-origins"].contains(setting.key) ? "https://app.example.com" : "x"
        }
    }

    /// Every flag of the table is an option of `debrief serve` whose value reaches the read
    /// under the table's key: an `@Option` left out of `flagValues` would be parsed and ignored.
    @Test func everyFlagOfTheTableReachesTheRead() throws {
        for setting in SettingTable.all {
            guard let flag = setting.flag, setting.key != SettingTable.configFile.key else { continue }
            let serve: Serve
            do {
                serve = try Serve.parse(["--\(flag)", Self.sample(setting)])
            } catch {
                Issue.record("--\(flag): \(Serve.message(for: error))")
                continue
            }
            let given = serve.flagValues[setting.key] ?? nil
            #expect(given != nil, "--\(flag) is parsed but never read (missing from flagValues)")
        }
    }

    /// With nothing set, the settings read from the table equal the application's own initial
    /// values: a default restated in `AppConfiguration` or the limits' types cannot drift.
    @Test func theApplicationsInitialValuesAreTheTablesDefaults() throws {
        let read = try ServeSettings(reading: SettingsSource(flags: [:], environment: [:])).app
        let initial = AppConfiguration()
        func same(_ name: String, _ a: Any, _ b: Any) {
            #expect(String(reflecting: a) == String(reflecting: b), "\(name): the table says \(a), the code starts from \(b)")
        }
        same("host", read.host, initial.host)
        same("port", read.port, initial.port)
        same("maxBodyBytes", read.maxBodyBytes, initial.maxBodyBytes)
        same("idleTimeout", read.idleTimeout, initial.idleTimeout)
        same("bodyTimeout", read.bodyTimeout, initial.bodyTimeout)
        same("writeStallTimeout", read.writeStallTimeout, initial.writeStallTimeout)
        same("liveCheckInterval", read.liveCheckInterval, initial.liveCheckInterval)
        same("signUpsPerAddressPerHour", read.signUpsPerAddressPerHour, initial.signUpsPerAddressPerHour)
        same("bcryptCost", read.bcryptCost, initial.bcryptCost)
        same("tokenCacheTrust", read.tokenCacheTrust, initial.tokenCacheTrust)
        same("hostResultsStaleness", read.hostResultsStaleness, initial.hostResultsStaleness)
        same("replicaMaxLag", read.replicaMaxLag, initial.replicaMaxLag)
        same("submissionBatching", read.submissionBatching, initial.submissionBatching)
        same("exportLimits", read.exportLimits, initial.exportLimits)
        same("participantRateLimits", read.participantRateLimits, initial.participantRateLimits)
        same("admission", read.admission, initial.admission)
        same("webhooks", read.webhooks, initial.webhooks)
        same("embedOrigins", read.embedOrigins, initial.embedOrigins)
    }
}
