import Debrief
import Foundation

/// The `summary` layout: one row per session × question × chart category (option, scale value,
/// or word of a short answer), with the count and percent `GET /v1/meetings/{id}/results` shows,
/// and on every row of a rating question its mean, median, standard deviation and NPS; a
/// follow-up question's rows say how many of the responses were shown it (`shown_to` of
/// `shown_of`; `skipped` counts among those shown). A grid has its own rows (one per statement,
/// counting its respondents), then per statement one row per scale value with the statement's
/// statistics, `statement_key` and `statement_label`, and its own `withheld` and `respondents`.
///
/// Rendered from the ``ResultsReport``, the value `GET /v1/meetings/{id}/results` encodes, so the
/// numbers are the same. A question with no category (a
/// short answer nobody wrote in) still has one row, with empty category cells. A short answer's
/// themes that may be shown follow its words, one row each (`unit` "theme respondents",
/// `category` `theme-N`, `label` the theme's name, `count` its respondents). Withheld
/// questions (anonymous forms, too few answers) have `withheld` true and empty numbers (a
/// follow-up of a withheld question: its `respondents`, `skipped` and `total` too). The
/// current version's questions count every comparable version's answers (`form_version` is the
/// current one); questions of earlier versions that are not counted with them follow, each under
/// its own `form_version`. Every row ends with the session's response quality (docs/decisions/0036):
/// `speeders`, `straight_liners`, `flagged` and `median_completion_seconds`, as the report's
/// `quality` section counts them; a count it withholds says `withheld`.
public enum SummaryLayout {
    public static let header = [
        "meeting_id", "series_id", "session_number", "form_version", "responses", "responses_removed_by_host", "question_key", "question_kind",
        "question_prompt", "respondents", "skipped", "withheld", "unit", "total", "category", "label", "count",
        "percent", "mean", "median", "standard_deviation", "nps", "shown_to", "shown_of", "statement_key", "statement_label",
        "speeders", "straight_liners", "flagged", "median_completion_seconds",
    ]

    /// The `unit` of a short answer's theme rows (``ThemeResult``): one per theme shown under k.
    static let themeUnit = "theme respondents"

    /// What a quality cell withheld by the privacy rule says.
    static let withheld = "withheld"

    /// Indexes of the columns that hold user text (neutralized like any text cell).
    public static let textColumns: Set<Int> = [6, 8, 14, 15, 24, 25]

    /// The rows of one meeting's report, column by column.
    public static func columns(_ report: ResultsReport, of meeting: Meeting) -> [[String?]] {
        var rows: [[String?]] = []
        // A quality count the privacy rule withholds says so (the `withheld` column is the question's).
        let count = { (n: Int?) in report.quality.map { _ in n.map(String.init) ?? Self.withheld } }
        let quality: [String?] = [
            count(report.quality?.speeders), count(report.quality?.straightLiners), count(report.quality?.flagged),
            CSVNumber.text(report.quality?.medianCompletionSeconds),
        ]
        for question in report.questions + report.earlierQuestions {
            let statistics = question.statistics
            let common: [String?] = [
                meeting.id.lowercasedText, meeting.seriesID.lowercasedText,
                String(meeting.sessionNumber), String(question.version ?? report.formVersion), String(report.summary.responses),
                String(report.summary.responsesRemovedByHost), question.key,
                question.kind.rawValue, question.prompt, question.respondents.map(String.init), question.skipped.map(String.init),
                String(question.withheld), question.chart.unit, question.chart.total.map(String.init),
            ]
            let stats: [String?] = [
                CSVNumber.text(statistics?.mean), CSVNumber.text(statistics?.median),
                CSVNumber.text(statistics?.standardDeviation), CSVNumber.text(statistics?.nps?.score),
                question.shownTo.map(String.init), question.shownOf.map(String.init),
            ]
            let categories = question.chart.rows.map { row -> [String?] in
                [row.category, row.label, row.count.map(String.init), CSVNumber.text(row.percent)]
            }
            for category in categories.isEmpty ? [[nil, nil, nil, nil]] : categories {
                rows.append(common + category + stats + [nil, nil] + quality)
            }
            // A short answer's shown themes (decision 105), after its words: `unit` says so, `total`
            // is the question's respondents, `count` the theme's.
            for (index, theme) in (question.themes ?? []).enumerated() {
                var themeCommon = common
                themeCommon[12] = Self.themeUnit
                themeCommon[13] = question.respondents.map(String.init)
                rows.append(
                    themeCommon + ["theme-\(index + 1)", theme.words.joined(separator: " · "), String(theme.respondents), nil] + stats
                        + [nil, nil] + quality)
            }
            for statement in question.statements ?? [] {
                var statementCommon = common
                statementCommon[9] = statement.respondents.map(String.init)
                statementCommon[11] = String(statement.withheld)
                statementCommon[12] = statement.chart.unit
                statementCommon[13] = statement.chart.total.map(String.init)
                let statementStats: [String?] = [
                    CSVNumber.text(statement.statistics?.mean), CSVNumber.text(statement.statistics?.median),
                    CSVNumber.text(statement.statistics?.standardDeviation), CSVNumber.text(statement.statistics?.nps?.score),
                    question.shownTo.map(String.init), question.shownOf.map(String.init),
                ]
                for row in statement.chart.rows {
                    rows.append(
                        statementCommon + [row.category, row.label, row.count.map(String.init), CSVNumber.text(row.percent)]
                            + statementStats + [statement.key, statement.label] + quality)
                }
            }
        }
        return CSVNumber.transpose(rows, width: Self.header.count)
    }
}

/// How computed numbers are written: integers without a decimal point, others as the shortest
/// decimal that reads back to the same value (as the JSON API writes them); nil is an empty cell.
enum CSVNumber {
    static func text(_ value: Double?) -> String? {
        guard let value, value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Rows to columns, the shape ``CSVCopy`` sends to PostgreSQL.
    static func transpose(_ rows: [[String?]], width: Int) -> [[String?]] {
        var columns = [[String?]](repeating: [], count: width)
        for row in rows {
            for index in 0..<width { columns[index].append(row[index]) }
        }
        return columns
    }
}
