/// The report as a Markdown table: readable in a terminal and pasted as it is into
/// docs/results.md.
public enum AgreementTable {
    public static func markdown(_ report: AgreementReport) -> String {
        var lines = [
            "| set | language | answers | labelled themes | themes found | answers in a theme | ARI | precision | recall | F1 |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for row in report.rows {
            lines.append(Self.line([
                row.name, row.language, "\(row.answers)", "\(row.labelledThemes)", "\(row.themes)",
                "\(row.grouped)", Self.figure(row.agreement.adjustedRandIndex),
                Self.figure(row.agreement.precision), Self.figure(row.agreement.recall),
                Self.figure(row.agreement.f1),
            ]))
        }
        for summary in report.summaries {
            let name = summary.name == "all" ? "**all \(summary.sets) sets**" : "**\(summary.name): \(summary.sets) sets**"
            lines.append(Self.line([
                name, summary.name == "all" ? "" : summary.name, "\(summary.answers)", "", "", "",
                "**" + Self.figure(summary.meanAdjustedRandIndex) + "**",
                Self.figure(summary.pooled.precision), Self.figure(summary.pooled.recall),
                Self.figure(summary.pooled.f1),
            ]))
        }
        return lines.joined(separator: "\n")
    }

    static func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }

    /// Two decimals; "n/a" for a precision or recall with no pair to measure.
    static func figure(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100, fraction = abs(hundredths) % 100
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
