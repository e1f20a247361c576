import Configuration

/// The flags given on the command line, by setting key, for ``SettingsSource``'s top provider
/// (nil: not given). Each options group lists its own.
protocol SettingFlags {
    var flagValues: [String: ConfigContent?] { get }
}

extension Optional where Wrapped == Int {
    var configContent: ConfigContent? { self.map(ConfigContent.int) }
}

extension Optional where Wrapped == String {
    var configContent: ConfigContent? { self.map(ConfigContent.string) }

    /// yes/no flags: the words the environment accepts become a bool; anything else stays text,
    /// so the read refuses it naming the setting.
    var yesNoContent: ConfigContent? {
        self.map { text in
            switch text.lowercased() {
            case "yes", "true", "1": .bool(true)
            case "no", "false", "0": .bool(false)
            default: .string(text)
            }
        }
    }
}
