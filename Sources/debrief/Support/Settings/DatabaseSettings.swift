import Logging
import PQ

/// What every command that talks to the database is configured with, read once from the table.
struct DatabaseSettings: Sendable {
    /// The configured URL, or nil for the private local cluster.
    var url: String?
    var dataDirectory: String?
    var poolSize: Int
    var poolTimeout: Duration
    var statementTimeout: Duration
    var logLevel: Logger.Level
    var logFormat: LogFormat

    init(reading source: SettingsSource) throws(SettingError) {
        typealias T = SettingTable
        self.url = try source.text(T.databaseURL)
        self.dataDirectory = try source.text(T.dataDir)
        self.poolSize = try source.count(T.poolSize)
        self.poolTimeout = try source.interval(T.poolTimeout)
        self.statementTimeout = try source.interval(T.statementTimeout)
        self.logLevel = try source.word(T.logLevel).flatMap(Logger.Level.init(rawValue:)) ?? .info
        self.logFormat = try source.word(T.logFormat).flatMap(LogFormat.init(rawValue:)) ?? .json
    }

    func databaseConfiguration(url: String) -> DatabaseConfiguration {
        DatabaseConfiguration(url: url, maxConnections: self.poolSize, acquireTimeout: self.poolTimeout, statementTimeout: self.statementTimeout)
    }
}
