/// docs/configuration.md's table of settings, made from ``SettingTable`` (and printed by the
/// hidden `debrief serve --print-config-docs`); ConfigurationDocsTests fails when the page's
/// table differs from it, so the page, `--help` and the code cannot drift apart.
enum ConfigurationDocs {
    static let begin = "<!-- The table below is generated: `debrief serve --print-config-docs` (ConfigurationDocsTests compares). -->"
    static let end = "<!-- End of the generated table. -->"

    /// The table, between its two marker lines.
    static var markdown: String {
        var lines = [begin, "| Flag | Environment | Default | Meaning |", "| --- | --- | --- | --- |"]
        lines += SettingTable.all.map(row)
        // Read by others, not by the table: OpenTelemetry's variables (swift-otel) and a flag
        // that is no setting.
        lines.append(
            "| — | `OTEL_TRACES_EXPORTER`, `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, `OTEL_SDK_DISABLED`, … | off | traces over OTLP/HTTP, read by swift-otel (see [Tracing](operating.md#tracing)) |")
        lines.append("| `--no-migrate` | | off | do not apply pending migrations on start |")
        lines.append(end)
        return lines.joined(separator: "\n")
    }

    static func row(_ setting: Setting) -> String {
        let flag = setting.flag.map { "`--\($0)`" } ?? "—"
        var meaning = setting.help
        switch setting.kind {
        case .text, .choice, .yesNo: break
        default: meaning += " Allowed: \(setting.kind.requirement)."
        }
        if let note = setting.docsNote { meaning += " (\(note))" }
        return "| \(flag) | `\(setting.variable)` | \(setting.defaultValue.markdown) | \(meaning) |"
    }
}
