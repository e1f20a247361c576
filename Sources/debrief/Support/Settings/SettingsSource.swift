import Configuration
import Foundation

/// Where `debrief`'s settings come from, through swift-configuration's `ConfigReader`: the flags
/// given (ArgumentParser's values) over the environment over the JSON config file over the
/// table's defaults. Each ``Setting`` is looked up by its ``Setting/key``; the environment
/// provider is asked for the setting's own variable name (`PORT`, `DATABASE_URL`, …), so every
/// documented name keeps working. Empty values count as unset, as they always have.
struct SettingsSource {
    private let reader: ConfigReader
    private let problems: SettingProblems

    /// - Parameters:
    ///   - flags: the flags given, by setting key (nil values: not given).
    ///   - environment: the process environment (tests pass their own).
    ///   - file: the config file's provider, if one was named.
    init(flags: [String: ConfigContent?], environment: [String: String], file: (any ConfigProvider)? = nil) {
        let given = flags.reduce(into: [AbsoluteConfigKey: ConfigValue]()) { values, flag in
            guard let content = flag.value, content != .string("") else { return }
            values[AbsoluteConfigKey([flag.key])] = ConfigValue(content, isSecret: false)
        }
        let variables = SettingTable.variablesByKey
        let environmentProvider = KeyMappingProvider(
            upstream: EnvironmentVariablesProvider(environmentVariables: environment.filter { !$0.value.isEmpty }),
            keyMapper: { key in variables[key.components.joined(separator: ".")].map { AbsoluteConfigKey([$0]) } ?? key })
        var providers: [any ConfigProvider] = [InMemoryProvider(name: "flags", values: given), environmentProvider]
        if let file { providers.append(file) }
        self.problems = SettingProblems()
        self.reader = ConfigReader(providers: providers, accessReporter: self.problems)
    }

    /// The named JSON file as a provider: `--config-file`, else `DEBRIEF_CONFIG_FILE`, else none.
    static func file(flag: String?, environment: [String: String]) async throws(SettingError) -> (any ConfigProvider)? {
        let setting = SettingTable.configFile
        guard let path = flag.flatMap({ $0.isEmpty ? nil : $0 }) ?? environment[setting.variable].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw SettingError(setting, "cannot read \(path)") }
        do {
            let location = ConfigReader(provider: InMemoryProvider(values: ["filePath": ConfigValue(.string(path), isSecret: false)]))
            return try await FileProvider<JSONSnapshot>(config: location)
        } catch {
            throw SettingError(setting, "\(path) is not a JSON object of settings (\(error))")
        }
    }

    // MARK: Typed reads, each checked against its setting's kind.

    func text(_ setting: Setting) throws(SettingError) -> String? {
        let value = self.reader.string(forKey: ConfigKey([setting.key]), isSecret: setting.isSecret)
        try self.check(setting, found: value)
        return value.flatMap { $0.isEmpty ? nil : $0 }
    }

    func word(_ setting: Setting) throws(SettingError) -> String? {
        guard let value = try self.text(setting) else { return nil }
        guard case .choice(let words) = setting.kind, words.contains(value) else {
            throw SettingError(setting, "must be \(setting.kind.requirement), not \(value)")
        }
        return value
    }

    func integer(_ setting: Setting) throws(SettingError) -> Int? {
        let value = self.reader.int(forKey: ConfigKey([setting.key]))
        try self.check(setting, found: value)
        guard let value else { return nil }
        let range: ClosedRange<Int>
        switch setting.kind {
        case .integer(let bounds), .seconds(let bounds), .milliseconds(let bounds): range = bounds
        default: return value
        }
        guard range.contains(value) else { throw SettingError(setting, "must be \(setting.kind.requirement), not \(value)") }
        return value
    }

    func number(_ setting: Setting) throws(SettingError) -> Double? {
        let value = self.reader.double(forKey: ConfigKey([setting.key]))
        try self.check(setting, found: value)
        guard let value else { return nil }
        guard case .number(let range) = setting.kind, value.isFinite, range.contains(value) else {
            throw SettingError(setting, "must be \(setting.kind.requirement), not \(SettingKind.format(value))")
        }
        return value
    }

    func duration(_ setting: Setting) throws(SettingError) -> Duration? {
        guard let count = try self.integer(setting) else { return nil }
        if case .milliseconds = setting.kind { return .milliseconds(count) }
        return .seconds(count)
    }

    func yesNo(_ setting: Setting) throws(SettingError) -> Bool? {
        let value = self.reader.bool(forKey: ConfigKey([setting.key]))
        try self.check(setting, found: value)
        return value
    }

    // MARK: With the table's default

    func integer(_ setting: Setting, default fallback: Int) throws(SettingError) -> Int {
        try self.integer(setting) ?? fallback
    }

    /// A value that was there but could not be read as the setting's type (`PORT=eighty`).
    private func check<Value>(_ setting: Setting, found value: Value?) throws(SettingError) {
        guard value == nil, self.problems.take(setting.key) else { return }
        let raw = setting.isSecret ? nil : self.reader.string(forKey: ConfigKey([setting.key]))
        let shown = raw.map { ", not \($0)" } ?? ""
        throw SettingError(setting, "must be \(setting.kind.requirement)\(shown)")
    }
}

extension SettingsSource {
    /// The value, else the table's default (the settings read this way all have a number there;
    /// ConfigurationTableTests checks it).
    func count(_ setting: Setting) throws(SettingError) -> Int {
        try self.integer(setting) ?? setting.defaultValue.integerValue ?? 0
    }

    func interval(_ setting: Setting) throws(SettingError) -> Duration {
        let count = try self.count(setting)
        if case .milliseconds = setting.kind { return .milliseconds(count) }
        return .seconds(count)
    }

    func rate(_ setting: Setting) throws(SettingError) -> Double {
        try self.number(setting) ?? setting.defaultValue.numberValue ?? 0
    }

    func textOrDefault(_ setting: Setting) throws(SettingError) -> String {
        try self.text(setting) ?? setting.defaultValue.wordValue ?? ""
    }
}

extension SettingDefault {
    var integerValue: Int? { if case .integer(let value) = self { value } else { nil } }
    var numberValue: Double? {
        switch self {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
    var wordValue: String? { if case .word(let value) = self { value } else { nil } }
}
