import Debrief
import Foundation
import PQ

/// Whose results an export takes out.
public enum ExportTarget: Sendable, Equatable {
    /// Every form version of one meeting (one session).
    case meeting(UUID)
    /// Every session of a recurring meeting.
    case series(UUID)
    /// Every meeting of one host, found by email (operators only: the CLI).
    case host(email: String)
    /// Every meeting (operators only: the CLI).
    case all
    /// Every series a team owns, as its summary (``TeamExport``): `GET /v1/teams/{id}/export.csv`
    /// and `debrief export --team`, recorded by the same code as every other export (decision 91).
    case team(UUID)
}

/// Submission times an export keeps: `since` inclusive, `until` exclusive, as the results API.
///
/// Only a window whose start lies before its end can be made.
public struct SubmissionWindow: Sendable, Equatable {
    public let since: Date?
    public let until: Date?

    /// Every submission.
    public static let all = SubmissionWindow(uncheckedSince: nil, until: nil)

    /// A window, or nil when `since` is not before `until`.
    public init?(since: Date?, until: Date?) {
        if let since, let until, since >= until { return nil }
        self.init(uncheckedSince: since, until: until)
    }

    private init(uncheckedSince since: Date?, until: Date?) {
        self.since = since
        self.until = until
    }

    /// The same window as a results filter, so the summary layout counts what `GET …/results` counts.
    public var resultsFilter: ResultsFilter { ResultsFilter(since: self.since, until: self.until) }

    /// `AND r.submitted_at …` for the `r` rows (responses) of a query.
    var sql: SQLQuery {
        var clause: SQLQuery = ""
        if let since { clause = clause + " AND r.submitted_at >= \(since)::timestamptz" }
        if let until { clause = clause + " AND r.submitted_at < \(until)::timestamptz" }
        return clause
    }
}

/// The shape of an export's rows. Trends are always unfiltered (as `GET /v1/series/{id}/trends`),
/// so they carry no submission window.
public enum ExportLayout: Sendable, Equatable {
    /// Wide: one row per response, one column per question.
    case responses(SubmissionWindow)
    /// Long (tidy): one row per answer value.
    case answers(SubmissionWindow)
    /// One row per session × question × chart category, the numbers of `GET …/results`.
    case summary(SubmissionWindow)
    /// One row per series × question key × session, as `GET /v1/series/{id}/trends`.
    case trends
    /// One row per action item of each session (decision 74): the host's words, read through the
    /// actions' own gate (`.edit`), never filtered by submission time.
    case actions
    /// One row per question from the room (decision 75), as the host's list shows them (every
    /// status, hidden ones flagged; votes counted, never a voter), never filtered.
    case roomQuestions

    /// The layout names the CLI and the HTTP API accept.
    public enum Name: String, Sendable, CaseIterable {
        case responses, answers, summary, trends, actions, roomQuestions
    }

    public var name: Name {
        switch self {
        case .responses: return .responses
        case .answers: return .answers
        case .summary: return .summary
        case .trends: return .trends
        case .actions: return .actions
        case .roomQuestions: return .roomQuestions
        }
    }

    /// The submission window of a row layout (`responses`, `answers`); nil for the computed ones.
    var rowWindow: SubmissionWindow? {
        switch self {
        case .responses(let window), .answers(let window): return window
        case .summary, .trends, .actions, .roomQuestions: return nil
        }
    }

    /// The layout `name` over `window`; nil for a layout that is never filtered (trends, actions,
    /// room questions) with a window, which it cannot honour.
    public init?(_ name: Name, window: SubmissionWindow) {
        switch name {
        case .responses: self = .responses(window)
        case .answers: self = .answers(window)
        case .summary: self = .summary(window)
        case .trends, .actions, .roomQuestions:
            guard window == .all else { return nil }
            switch name {
            case .actions: self = .actions
            case .roomQuestions: self = .roomQuestions
            default: self = .trends
            }
        }
    }
}

/// How the CSV is written.
public struct CSVOptions: Sendable, Equatable {
    /// The field separator (comma unless asked otherwise).
    public var delimiter: CopyFormat.Delimiter
    /// Start with a UTF-8 byte order mark, which Excel needs to read UTF-8.
    public var byteOrderMark: Bool
    /// Prefix cells a spreadsheet would execute with `'` (on by default; off for trusted pipelines).
    public var neutralizesFormulas: Bool

    public init(delimiter: CopyFormat.Delimiter = .comma, byteOrderMark: Bool = false, neutralizesFormulas: Bool = true) {
        self.delimiter = delimiter
        self.byteOrderMark = byteOrderMark
        self.neutralizesFormulas = neutralizesFormulas
    }

    /// `comma`, `semicolon`, `tab`, `pipe`, or the character itself.
    public static func delimiter(named name: String) -> CopyFormat.Delimiter? {
        switch name.lowercased() {
        case "comma", ",": return .comma
        case "semicolon", ";": return .semicolon
        case "tab", "\t", "\\t": return .tab
        case "pipe", "|": return .pipe
        default: return nil
        }
    }
}

/// The file an export writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// One layout as CSV.
    case csv
    /// An Excel workbook with one sheet per layout (`summary`, `responses`, `trends`),
    /// docs/decisions/0044-xlsx-writing.md.
    case xlsx
}

/// One export: what, in which layout, written how.
public struct ExportRequest: Sendable, Equatable {
    public var target: ExportTarget
    /// For .xlsx, the window of its `summary` and `responses` sheets (its sheets are fixed).
    public var layout: ExportLayout
    public var csv: CSVOptions
    public var format: ExportFormat

    public init(target: ExportTarget, layout: ExportLayout, csv: CSVOptions = CSVOptions(), format: ExportFormat = .csv) {
        self.target = target
        self.layout = layout
        self.csv = csv
        self.format = format
    }

    /// A file name that says what the file holds when the target's title is not known:
    /// `debrief-meeting-<id>-responses.csv`, `debrief-host-<email>.xlsx`.
    public var suggestedFileName: String {
        let what: String
        switch self.target {
        case .meeting(let id): what = "meeting-" + id.lowercasedText
        case .series(let id): what = "series-" + id.lowercasedText
        case .host(let email):
            let safe = email.lowercased().unicodeScalars.map { scalar -> String in
                CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII ? String(scalar) : "_"
            }.joined()
            what = "host-" + safe
        case .all: what = "all"
        case .team(let id): what = "team-" + id.lowercasedText
        }
        return "debrief-\(what)" + self.fileNameSuffix
    }

    /// `-responses-utf8.csv` (the layout, how the file is encoded, then the extension), or `.xlsx`
    /// (every layout in one file). The encoding is in the name because a reader must pick it when
    /// opening the file: `utf8-bom` is the copy for Excel, and a separator other than the comma is
    /// named (`-semicolon-utf8.csv`), so two downloads of one layout never share a name.
    var fileNameSuffix: String {
        switch self.format {
        case .csv:
            let separator = self.csv.delimiter == .comma ? "" : "-\(Self.delimiterName(self.csv.delimiter))"
            return "-\(self.layout.name.rawValue)\(separator)-\(self.csv.byteOrderMark ? "utf8-bom" : "utf8").csv"
        case .xlsx: return ".xlsx"
        }
    }

    /// The separator's word, as ``CSVOptions/delimiter(named:)`` reads it.
    static func delimiterName(_ delimiter: CopyFormat.Delimiter) -> String {
        switch delimiter {
        case .comma: return "comma"
        case .semicolon: return "semicolon"
        case .tab: return "tab"
        case .pipe: return "pipe"
        }
    }
}
