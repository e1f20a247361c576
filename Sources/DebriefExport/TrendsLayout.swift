import Debrief
import DebriefStore
import Foundation

/// The `trends` layout, long (tidy): the points of `GET /v1/series/{id}/trends` (the same
/// ``TrendsReport``) for every key asked in two or more sessions, one row per series × question
/// key × session, and for a choice question one row per option of it (`option_id`,
/// `option_label`, `percent` of respondents) and for a grid one row per statement
/// (`statement_key`, `statement_label`, `statement_mean`), so a spreadsheet or pandas can pivot
/// or chart them without splitting cells. Options and statements keep one order in every session
/// (their ids in natural order, `other` last, labelled `Other`); one absent from a session's
/// version has empty cells there. The session's own columns repeat on each of its rows.
///
/// Numbers are rounded as the pages round them (``DisplayRounding``, one decimal); counts are
/// whole. A point the privacy rule withholds (``Disclosure`` decided it in ``TrendBuilder``)
/// says `withheld` in each number it hides, never an empty cell that would read as "no
/// answers". `changes` lists what changed since the previous point (`prompt`, `options`,
/// `scale`, `kind`, `condition`) joined by `;`; `shown_to` is how many a follow-up was shown to.
/// `actions_done`, `actions_open`, `actions_dropped` and `actions_completion_rate` are the
/// session's actions (``ActionCounts``, decision 74), the rate empty when it has none.
///
/// Planned sessions (not begun, nothing counted) are left out, as the API and the trends page
/// leave them out (decision 83); `planned_sessions_not_shown` says how many on every row of the
/// series (``TrendsReport/planned``), as the page says it under its table, so a spreadsheet that
/// stops at session 3 of 27 says why rather than reading as a series that ended.
public enum TrendsLayout {
    public static let header = [
        "series_id", "question_key", "question_kind", "question_prompt", "comparable_from", "session_number",
        "starts_at", "respondents", "response_rate", "response_rate_of", "mean", "ci95_lower", "ci95_upper", "nps",
        "comparable_with_previous", "changes", "withheld", "shown_to", "option_id", "option_label", "percent",
        "statement_key", "statement_label", "statement_mean", "actions_done", "actions_open", "actions_dropped",
        "actions_completion_rate", "planned_sessions_not_shown", ExportTime.zoneColumn,
    ]

    /// Indexes of the columns that hold user text.
    public static let textColumns: Set<Int> = [1, 3, 18, 19, 21, 22]

    /// What a number the privacy rule withholds says.
    static let withheld = "withheld"

    /// The rows of `report`, `starts_at` written in `zone` (``ExportTime``), named `zoneName`.
    public static func columns(_ report: TrendsReport, zone: TimeZone, zoneName: String) -> [[String?]] {
        var rows: [[String?]] = []
        let actions = Dictionary(report.sessions.map { ($0.sessionNumber, $0.actions) }) { first, _ in first }
        let series: [String?] = [String(report.planned), zoneName]
        for trend in report.questions {
            // The domain names the categories no form defines (a choice's "Other"): a row is
            // never left without a label.
            let named = Dictionary((trend.categories ?? []).map { ($0.id, $0.label) }) { first, _ in first }
            let labels = named.merging(report.optionLabels[trend.key] ?? [:]) { _, form in form }
            let part = trend.kind.export
            let hasMean = part?.trendHasMean ?? false
            var items = Set(labels.keys)
            for point in trend.points {
                if let keys = part?.trendCategoryValues(point)?.keys { items.formUnion(keys) }
            }
            let ordered = items.sorted(by: Self.naturalOrder)
            for point in trend.points {
                // A number the point withholds says so; one it simply has not (a short answer's mean) is empty.
                let number = { (value: Double?) -> String? in
                    point.withheld && value == nil ? Self.withheld : value.map { Self.rounded($0) }
                }
                let session: [String?] = [
                    report.seriesID.lowercasedText, trend.key, trend.kind.rawValue, trend.prompt, String(trend.comparableFrom),
                    String(point.sessionNumber), ExportTime.format(point.startsAt, in: zone),
                    point.respondents.map(String.init) ?? (point.withheld ? Self.withheld : nil),
                    point.responseRate.map { Self.rounded($0) }, point.responseRateOf?.rawValue,
                    hasMean ? number(point.mean) : nil,
                    hasMean ? number(point.confidenceInterval95?.lower) : nil,
                    hasMean ? number(point.confidenceInterval95?.upper) : nil,
                    point.nps.map { Self.rounded($0) }, String(point.comparableWithPrevious), point.changes.joined(separator: ";"),
                    String(point.withheld), point.shownTo.map(String.init),
                ]
                let counts = actions[point.sessionNumber] ?? .none
                let actionCells: [String?] = [
                    String(counts.done), String(counts.open), String(counts.dropped), counts.completionRate.map { Self.rounded($0) },
                ]
                if let part, part.trendHasCategories, !ordered.isEmpty {
                    for category in ordered {
                        let value = part.trendCategoryValues(point)?[category]
                        rows.append(
                            session + part.trendCategoryCells(category, label: labels[category], value: number(value)) + actionCells
                                + series)
                    }
                } else {
                    rows.append(session + [nil, nil, nil, nil, nil, nil] + actionCells + series)
                }
            }
        }
        return CSVNumber.transpose(rows, width: Self.header.count)
    }

    /// One decimal, as the pages show it.
    static func rounded(_ value: Double) -> String {
        CSVNumber.text(DisplayRounding.oneDecimal(value)) ?? ""
    }

    /// `o2` before `o10`; `other` (the participants' own answers) last.
    static func naturalOrder(_ first: String, _ second: String) -> Bool {
        if (first == "other") != (second == "other") { return second == "other" }
        return first.compare(second, options: .numeric) == .orderedAscending
    }
}
