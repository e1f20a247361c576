import ArgumentParser
import Configuration
import Foundation
import Logging
import OTel
import PQ

/// Options every command that talks to the database shares. Flags win over environment
/// variables, which win over defaults; the names, texts and limits are the table's
/// (Support/Settings).
struct DatabaseOptions: ParsableArguments, SettingFlags {
    @Option(name: SettingTable.databaseURL.longName, help: SettingTable.databaseURL.argumentHelp)
    var databaseURL: String?

    @Option(name: SettingTable.poolSize.longName, help: SettingTable.poolSize.argumentHelp)
    var poolSize: Int?

    @Option(name: SettingTable.statementTimeout.longName, help: SettingTable.statementTimeout.argumentHelp)
    var statementTimeout: Int?

    @Option(name: SettingTable.poolTimeout.longName, help: SettingTable.poolTimeout.argumentHelp)
    var poolTimeout: Int?

    @Option(name: SettingTable.logLevel.longName, help: SettingTable.logLevel.argumentHelp)
    var logLevel: String?

    @Option(name: SettingTable.logFormat.longName, help: SettingTable.logFormat.argumentHelp)
    var logFormat: String?

    var flagValues: [String: ConfigContent?] {
        [
            SettingTable.databaseURL.key: self.databaseURL.configContent,
            SettingTable.poolSize.key: self.poolSize.configContent,
            SettingTable.statementTimeout.key: self.statementTimeout.configContent,
            SettingTable.poolTimeout.key: self.poolTimeout.configContent,
            SettingTable.logLevel.key: self.logLevel.configContent,
            SettingTable.logFormat.key: self.logFormat.configContent,
        ]
    }

    /// The database settings of the commands other than `serve` (which reads them with the rest
    /// of its settings): these flags and `--data-dir`, over the environment, over the defaults.
    func settings(dataDirectory: String? = nil) throws(SettingError) -> DatabaseSettings {
        var flags = self.flagValues
        flags[SettingTable.dataDir.key] = dataDirectory.configContent
        return try DatabaseSettings(reading: SettingsSource(flags: flags, environment: ProcessInfo.processInfo.environment))
    }
}

extension DatabaseSettings {
    /// Sets up logging once for the process and returns the root logger.
    func bootstrapLogging(label: String) -> Logger {
        let level = self.logLevel
        let format = self.logFormat
        // Traced requests' lines carry `trace_id` and `span_id` (when `debrief serve` exports
        // traces; see Tracing in the README) beside `hb.request.id`.
        LoggingSystem.bootstrap(
            { label, provider in
                var handler: any LogHandler =
                    format == .json
                    ? JSONLogHandler(label: label, metadataProvider: provider)
                    : StreamLogHandler.standardError(label: label, metadataProvider: provider)
                handler.logLevel = level
                return handler
            }, metadataProvider: OTel.makeLoggingMetadataProvider())
        return Logger(label: label)
    }
}

enum LogFormat: String, CaseIterable, Sendable {
    case json, text
}
