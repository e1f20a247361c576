@testable import debrief
import DebriefHTTP
import Foundation
import Testing

/// `debrief serve`'s settings, read once from the table: flags over the environment over the
/// JSON config file over the defaults, as typed values, a refused value naming flag and variable.
@Suite("Serve settings")
struct ServeSettingsTests {
    /// Parses `arguments` as `debrief serve`'s and reads its settings with `environment` only.
    static func read(_ arguments: [String] = [], environment: [String: String] = [:]) async throws -> ServeSettings {
        try await Serve.parse(arguments).settings(environment: environment)
    }

    static func refusal(_ arguments: [String] = [], environment: [String: String] = [:]) async throws -> SettingError? {
        do {
            _ = try await Self.read(arguments, environment: environment)
            return nil
        } catch let error as SettingError {
            return error
        }
    }

    static func configFile(_ json: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("debrief-settings-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func theDefaultsAreTheTables() async throws {
        let settings = try await Self.read()
        #expect(settings.app.port == 8080)
        #expect(settings.app.host == "127.0.0.1")
        #expect(settings.app.idleTimeout == .seconds(30))
        #expect(settings.app.tokenCacheTrust == .milliseconds(2000))
        #expect(settings.shutdownTimeout == .seconds(25))
        #expect(settings.database.poolSize == 10)
        #expect(settings.database.url == nil)
        #expect(settings.metrics == nil)
        #expect(settings.app.participantRateLimits.perAddress == RateLimitRate(perSecond: 20, burst: 40))
        #expect(settings.app.participantRateLimits.perForm == RateLimitRate(perSecond: 200, burst: 400))
    }

    /// Each source wins over the ones below it, for a setting with a flag (`--port`) and for one
    /// with only a variable (`DEBRIEF_LIVE_CHECK_SECONDS`, `live-check-seconds` in the file).
    @Test func aFlagWinsOverTheEnvironmentWhichWinsOverTheFileWhichWinsOverTheDefault() async throws {
        let file = try Self.configFile(#"{"port": 7001, "idle-timeout": 11, "live-check-seconds": 12, "pool-size": 13}"#)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let fileOnly = try await Self.read(["--config-file", file])
        #expect(fileOnly.app.port == 7001)
        #expect(fileOnly.app.idleTimeout == .seconds(11))
        #expect(fileOnly.app.liveCheckInterval == .seconds(12))
        #expect(fileOnly.database.poolSize == 13)
        #expect(fileOnly.app.bodyTimeout == .seconds(30), "not in the file: the default")

        let environment = ["PORT": "7002", "DEBRIEF_LIVE_CHECK_SECONDS": "22", "DEBRIEF_CONFIG_FILE": file]
        let overFile = try await Self.read([], environment: environment)
        #expect(overFile.app.port == 7002)
        #expect(overFile.app.liveCheckInterval == .seconds(22))
        #expect(overFile.app.idleTimeout == .seconds(11), "the file named by DEBRIEF_CONFIG_FILE")

        let overEnvironment = try await Self.read(["--port", "7003", "--pool-size", "33"], environment: environment)
        #expect(overEnvironment.app.port == 7003)
        #expect(overEnvironment.database.poolSize == 33)
        #expect(overEnvironment.app.liveCheckInterval == .seconds(22))
    }

    /// The names tests, scripts and deployments use keep working.
    @Test func theDocumentedVariablesAreRead() async throws {
        let settings = try await Self.read([], environment: [
            "DATABASE_URL": "postgresql://db/x", "DEBRIEF_HOST": "0.0.0.0", "LOG_LEVEL": "debug", "LOG_FORMAT": "text",
            "DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0", "DEBRIEF_RATE_LIMIT_PER_FORM": "5000", "DEBRIEF_SIGNUP": "open",
            "DEBRIEF_METRICS_PORT": "9100", "DEBRIEF_WEBHOOK_ALLOW_INSECURE_HOSTS": "127.0.0.1, Example.org",
            "DEBRIEF_NOTIFY_COALESCE_MS": "0", "DEBRIEF_SUBMIT_BATCH_SIZE": "1", "DEBRIEF_MAIL_POLL_MS": "200",
        ])
        #expect(settings.database.url == "postgresql://db/x")
        #expect(settings.app.host == "0.0.0.0")
        #expect(settings.database.logLevel == .debug && settings.database.logFormat == .text)
        #expect(settings.app.participantRateLimits.perAddress.isEnabled == false)
        #expect(settings.app.participantRateLimits.perForm == RateLimitRate(perSecond: 5000, burst: 400))
        #expect(settings.app.signUpPolicy == .open)
        #expect(settings.metrics == ServeSettings.MetricsListener(host: "127.0.0.1", port: 9100))
        #expect(settings.app.webhooks.allowInsecureHosts == ["127.0.0.1", "example.org"])
        #expect(settings.app.resultsNotification == .inTransaction)
        #expect(settings.app.submissionBatching.maxBatchSize == 1)
        #expect(settings.app.mail.pollInterval == .milliseconds(200))
    }

    @Test func anEmptyVariableCountsAsUnset() async throws {
        let settings = try await Self.read([], environment: ["DEBRIEF_SIGNUP": "", "PORT": ""])
        #expect(settings.app.signUpPolicy == .firstAccountThenClosed)
        #expect(settings.app.port == 8080)
    }

    /// A refused value names the flag and the variable, whichever gave it, and what is allowed.
    @Test func aRefusedValueNamesTheFlagAndTheVariable() async throws {
        #expect(try await Self.refusal(["--port", "70000"])?.description == "--port (PORT): must be a whole number from 0 to 65535, not 70000")
        #expect(try await Self.refusal([], environment: ["PORT": "eighty"])?.description == "--port (PORT): must be a whole number from 0 to 65535, not eighty")
        #expect(
            try await Self.refusal([], environment: ["DEBRIEF_IDLE_TIMEOUT": "0"])?.description
                == "--idle-timeout (DEBRIEF_IDLE_TIMEOUT): must be whole seconds from 1 to 3600, not 0")
        #expect(try await Self.refusal([], environment: ["DEBRIEF_SIGNUP": "maybe"])?.description == "--signup (DEBRIEF_SIGNUP): must be open or closed, not maybe")
        // Once silently the default; now refused like any other.
        #expect(
            try await Self.refusal([], environment: ["DEBRIEF_RATE_LIMIT_FORM_BURST": "x"])?.description
                == "DEBRIEF_RATE_LIMIT_FORM_BURST: must be a number from 0 to 1000000, not x")
        #expect(try await Self.refusal(["--port", "9100", "--metrics-port", "9100"])?.names == "--metrics-port (DEBRIEF_METRICS_PORT)")
        #expect(try await Self.refusal(["--smtp-url", "smtp://mail.example:25"])?.names == "--mail-from (DEBRIEF_MAIL_FROM)")
        #expect(try await Self.refusal(["--oidc-issuer", "https://id.example", "--oidc-client-id", "x", "--oidc-only", "maybe"])?.names == "--oidc-only (DEBRIEF_OIDC_ONLY)")
    }

    @Test func aBadValueInTheFileNamesTheSetting() async throws {
        let file = try Self.configFile(#"{"port": "eighty"}"#)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try await Self.refusal(["--config-file", file])?.names == "--port (PORT)")
    }

    @Test func aMissingOrMalformedFileIsRefused() async throws {
        let missing = try await Self.refusal(["--config-file", "/nonexistent/debrief.json"])
        #expect(missing?.description == "--config-file (DEBRIEF_CONFIG_FILE): cannot read /nonexistent/debrief.json")
        let malformed = try Self.configFile("[1, 2]")
        defer { try? FileManager.default.removeItem(atPath: malformed) }
        let refused = try await Self.refusal([], environment: ["DEBRIEF_CONFIG_FILE": malformed])
        #expect(refused?.names == "--config-file (DEBRIEF_CONFIG_FILE)")
    }

    /// The process: one line on standard error, exit 2, for a value from the environment.
    @Test func serveStopsWithOneLineAndExitTwo() async throws {
        let result = try await DebriefProcess.run(["serve"], environment: ["DEBRIEF_TOKEN_CACHE_MS": "60001"])
        #expect(result.status == 2, "\(result.output)")
        #expect(
            result.output == "debrief: --token-cache (DEBRIEF_TOKEN_CACHE_MS): must be whole milliseconds from 0 to 60000, not 60001\n",
            "\(result.output)")
    }
}
