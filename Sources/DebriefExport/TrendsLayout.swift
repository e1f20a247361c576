import Debrief
import Foundation

/// The `trends` layout: one row per series × question key × session, the points of
/// `GET /v1/series/{id}/trends` (the same ``TrendsReport``), for every key asked in two or more
/// sessions. `option_shares` lists `option=percent` pairs joined by `;`, sorted by option
/// id; `changes` lists what changed since the previous point (`prompt`, `options`, `scale`,
/// `kind`, `condition`) joined by `;`; `shown_to` is how many a follow-up was shown to;
/// `statement_means` lists a grid's `statement=mean` pairs joined by `;`, sorted by statement key.
public enum TrendsLayout {
    public static let header = [
        "series_id", "question_key", "question_kind", "question_prompt", "comparable_from", "session_number",
        "starts_at", "respondents", "response_rate", "response_rate_of", "mean", "ci95_lower", "ci95_upper", "nps", "option_shares",
        "comparable_with_previous", "changes", "withheld", "shown_to", "statement_means",
    ]

    /// Indexes of the columns that hold user text.
    public static let textColumns: Set<Int> = [1, 3, 14, 19]

    public static func columns(_ report: TrendsReport) -> [[String?]] {
        var rows: [[String?]] = []
        for trend in report.questions {
            for point in trend.points {
                let shares = point.optionShares.map(Self.pairs)
                let means = point.statementMeans.map(Self.pairs)
                rows.append([
                    report.seriesID.uuidString.lowercased(), trend.key, trend.kind.rawValue, trend.prompt, String(trend.comparableFrom),
                    String(point.sessionNumber),
                    Timestamps.format(point.startsAt),
                    point.respondents.map(String.init), CSVNumber.text(point.responseRate), point.responseRateOf?.rawValue, CSVNumber.text(point.mean),
                    CSVNumber.text(point.confidenceInterval95?.lower), CSVNumber.text(point.confidenceInterval95?.upper),
                    CSVNumber.text(point.nps), shares, String(point.comparableWithPrevious),
                    point.changes.joined(separator: ";"), String(point.withheld), point.shownTo.map(String.init), means,
                ])
            }
        }
        return CSVNumber.transpose(rows, width: Self.header.count)
    }

    /// `key=value` pairs sorted by key, joined by `;` (keys are `[a-z0-9_-]`).
    private static func pairs(_ values: [String: Double]) -> String {
        values.sorted { $0.key < $1.key }.map { "\($0.key)=\(CSVNumber.text($0.value) ?? "")" }.joined(separator: ";")
    }
}
