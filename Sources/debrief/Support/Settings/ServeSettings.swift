import Debrief
import DebriefApp
import DebriefHTTP
import DebriefStore
import Foundation

/// Everything `debrief serve` is configured with, as typed values: read once, from the flags,
/// the environment, the config file and the table's defaults (``SettingsSource``), and checked
/// in that read. `Serve` uses this value only.
struct ServeSettings: Sendable {
    var database: DatabaseSettings
    /// The application's settings, all but what depends on the running process (the metrics
    /// backend, the LAN hint).
    var app: AppConfiguration
    var replicaURL: String?
    var metrics: MetricsListener?
    var shutdownTimeout: Duration

    struct MetricsListener: Sendable, Equatable {
        var host: String
        var port: Int
    }

    init(reading source: SettingsSource) throws(SettingError) {
        typealias T = SettingTable
        self.database = try DatabaseSettings(reading: source)
        let port = try source.count(T.port)
        var app = AppConfiguration(
            host: try source.textOrDefault(T.host), port: port,
            maxBodyBytes: try source.count(T.maxBodyBytes),
            idleTimeout: try source.interval(T.idleTimeout),
            publicBaseURL: try source.text(T.publicURL),
            bcryptCost: UInt8(clamping: try source.count(T.bcryptCost)))
        app.bodyTimeout = try source.interval(T.bodyTimeout)
        app.writeStallTimeout = try source.interval(T.writeStallTimeout)
        app.replicaMaxLag = try source.interval(T.replicaMaxLag)
        app.hostResultsStaleness = try source.interval(T.resultsStaleness)
        app.tokenCacheTrust = try source.interval(T.tokenCache)
        app.liveCheckInterval = try source.interval(T.liveCheckSeconds)
        app.signUpsPerAddressPerHour = try source.count(T.signupLimitPerAddress)
        app.auditRetention = .seconds(try source.count(T.auditRetentionDays) * 86_400)
        app.signUpPolicy = try Self.signUpPolicy(source)
        let origins = try source.text(T.corsOrigins) ?? ""
        do {
            app.corsOrigins = try CORSAllowList.parse(origins)
        } catch {
            throw SettingError(T.corsOrigins, "\(error)")
        }
        let embedders = try source.text(T.embedOrigins) ?? ""
        do {
            // The list (about 10,000 rules) is read only when there is a wildcard for it to judge.
            app.embedOrigins = try FrameAncestors.parse(embedders, publicSuffixes: embedders.contains("*") ? Self.publicSuffixes() : nil)
        } catch {
            throw SettingError(T.embedOrigins, "\(error)")
        }
        let proxies = try source.text(T.trustedProxies) ?? ""
        do {
            app.trustedProxies = try TrustedProxies(parsing: proxies)
        } catch {
            throw SettingError(T.trustedProxies, "\(error)")
        }
        try Self.readLimits(source, into: &app)
        try Self.readWebhooks(source, into: &app)
        try Self.readMail(source, into: &app)
        app.companySignIn = try CompanySignInReading.settings(source)
        self.app = app
        self.replicaURL = try source.text(T.replicaURL)
        self.shutdownTimeout = try source.interval(T.shutdownTimeout)
        if let metricsPort = try source.integer(T.metricsPort) {
            guard metricsPort != port else {
                throw SettingError(T.metricsPort, "must differ from --port (PORT): metrics are never served on the public port")
            }
            self.metrics = MetricsListener(host: try source.textOrDefault(T.metricsHost), port: metricsPort)
        } else {
            self.metrics = nil
        }
    }

    /// The operating system's Public Suffix List, which judges `--embed-origins` wildcards; nil
    /// when the `publicsuffix` package is not installed (a wildcard is then refused).
    private static func publicSuffixes() -> PublicSuffixList? {
        (try? String(contentsOfFile: PublicSuffixList.debianPath, encoding: .utf8)).map(PublicSuffixList.init(text:))
    }

    private static func signUpPolicy(_ source: SettingsSource) throws(SettingError) -> SignUpPolicy {
        switch try source.word(SettingTable.signup) {
        case "open": return .open
        case "closed": return .closed
        default: return .firstAccountThenClosed
        }
    }
}
