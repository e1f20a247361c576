import ArgumentParser

/// One setting of `debrief serve`, declared once: its flag, its environment variable, what its
/// value may be, its default and what it means. `--help`, docs/configuration.md, the JSON config
/// file's keys and the single read (``SettingsSource``) all come from this declaration.
struct Setting: Sendable {
    /// The long flag without its dashes (`public-url`), or nil for a setting with no flag.
    let flag: String?
    /// The environment variable (`DEBRIEF_PUBLIC_URL`).
    let variable: String
    let kind: SettingKind
    let defaultValue: SettingDefault
    /// One plain sentence for `--help` and the docs (`backticks` are kept in the docs only).
    let help: String
    /// Markdown appended to the docs' row only (links to other pages).
    var docsNote: String? = nil
    /// Never shown in access logs or errors (the value itself).
    var isSecret = false

    /// The key in the JSON config file: the flag, else the variable without `DEBRIEF_`, in the
    /// flags' spelling (`DEBRIEF_LIVE_CHECK_SECONDS` → `live-check-seconds`).
    var key: String {
        if let flag { return flag }
        let bare = self.variable.hasPrefix("DEBRIEF_") ? String(self.variable.dropFirst("DEBRIEF_".count)) : self.variable
        return bare.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// How errors name it: `--port (PORT)`, or the variable alone.
    var names: String {
        guard let flag else { return self.variable }
        return "--\(flag) (\(self.variable))"
    }

    /// The long name for ArgumentParser: the table's flag, so the two cannot differ.
    var longName: NameSpecification { .customLong(self.key) }

    /// `--help`'s text: the sentence, then where else it is read from and the default.
    var argumentHelp: ArgumentHelp {
        let plain = self.help.replacingOccurrences(of: "`", with: "")
        return ArgumentHelp("\(plain) Env: \(self.variable). Default: \(self.defaultValue.plainText).")
    }
}

/// What a setting's value may be, and so which typed value it becomes.
enum SettingKind: Sendable {
    case text
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A decimal number within the range.
    case number(ClosedRange<Double>)
    /// Whole seconds within the range, read as a `Duration`.
    case seconds(ClosedRange<Int>)
    /// Whole milliseconds within the range, read as a `Duration`.
    case milliseconds(ClosedRange<Int>)
    /// One of these words.
    case choice([String])
    /// yes/no (also true/false, 1/0).
    case yesNo

    /// What a value must be, for errors and the docs.
    var requirement: String {
        switch self {
        case .text: return "text"
        case .integer(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .number(let range): return "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
        case .seconds(let range): return "whole seconds from \(range.lowerBound) to \(range.upperBound)"
        case .milliseconds(let range): return "whole milliseconds from \(range.lowerBound) to \(range.upperBound)"
        case .choice(let words): return words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
        case .yesNo: return "yes or no"
        }
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// A setting's value when nothing sets it.
enum SettingDefault: Sendable {
    case integer(Int)
    case number(Double)
    case word(String)
    /// No value; the text says what happens then ("none: no e-mail").
    case absent(String)

    var plainText: String {
        switch self {
        case .integer(let value): return String(value)
        case .number(let value): return SettingKind.format(value)
        case .word(let value): return value
        case .absent(let text): return text.replacingOccurrences(of: "`", with: "")
        }
    }

    /// The docs' cell: a value in backticks, prose as it is.
    var markdown: String {
        switch self {
        case .integer, .number, .word: return "`\(self.plainText)`"
        case .absent(let text): return text
        }
    }
}

/// A setting whose value is refused: one line naming the flag and the variable (exit 2).
struct SettingError: Error, CustomStringConvertible, Equatable {
    let names: String
    let problem: String

    init(_ setting: Setting, _ problem: String) {
        self.names = setting.names
        self.problem = problem
    }

    init(names: String, problem: String) {
        self.names = names
        self.problem = problem
    }

    var description: String { "\(self.names): \(self.problem)" }
}
