@testable import debrief
import Foundation
import Testing

/// The table of settings is consistent, and docs/configuration.md shows it as it is.
@Suite("Setting table")
struct SettingTableTests {
    @Test func flagsVariablesAndKeysAreUnique() {
        let table = SettingTable.all
        #expect(Set(table.map(\.variable)).count == table.count)
        #expect(Set(table.map(\.key)).count == table.count)
        #expect(Set(table.compactMap(\.flag)).count == table.compactMap(\.flag).count)
    }

    /// Every number-valued setting's default is a number within its own range (``SettingsSource``
    /// falls back to it).
    @Test func everyNumericDefaultIsAllowed() {
        for setting in SettingTable.all {
            switch (setting.kind, setting.defaultValue) {
            case (.integer(let range), .integer(let value)), (.seconds(let range), .integer(let value)),
                (.milliseconds(let range), .integer(let value)):
                #expect(range.contains(value), "\(setting.names)")
            case (.number(let range), .number(let value)):
                #expect(range.contains(value), "\(setting.names)")
            case (.integer, .absent):
                #expect(setting.key == "metrics-port", "only the metrics port may have no number: \(setting.names)")
            case (.integer, _), (.seconds, _), (.milliseconds, _), (.number, _):
                Issue.record("\(setting.names): a number setting without a number default")
            default:
                break
            }
        }
    }

    /// `debrief serve --help` lists every flag of the table, with the table's text.
    @Test func serveHelpShowsEveryFlagOfTheTable() {
        let help = Serve.helpMessage(columns: 10_000)
        for setting in SettingTable.all {
            guard let flag = setting.flag else { continue }
            #expect(help.contains("--\(flag) "), "\(flag)")
            #expect(help.contains("Env: \(setting.variable)."), "\(setting.variable)")
        }
    }

    /// docs/configuration.md's table is the generated one; after a change to the table, paste
    /// the output of `debrief serve --print-config-docs` over it.
    @Test func theConfigurationPageShowsTheTable() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/configuration.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex(of: ConfigurationDocs.begin), "the page lacks the table's first marker")
        let end = try #require(lines.firstIndex(of: ConfigurationDocs.end), "the page lacks the table's last marker")
        let shown = lines[begin...end]
        let generated = ConfigurationDocs.markdown.components(separatedBy: "\n")
        let missing = generated.filter { !shown.contains($0) }
        let extra = shown.filter { !generated.contains($0) }
        #expect(missing.isEmpty && extra.isEmpty, "rows the page lacks: \(missing)\nrows the table lacks: \(extra)")
        #expect(Array(shown) == generated, "the rows are in another order than the table's")
    }
}
