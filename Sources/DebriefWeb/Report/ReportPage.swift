import Debrief
import DebriefHTTP
import Foundation

/// The paper a report is laid out for: its `@page` size in the stylesheet (`.report.paper-a4`).
enum ReportPaper: String, CaseIterable, Sendable {
    case a4, letter

    /// The paper `?paper=` names; A4 without it. Anything else is the page's 400 naming `paper`.
    static func requested(_ raw: String?) throws -> ReportPaper {
        guard let raw else { return .a4 }
        guard let paper = ReportPaper(rawValue: raw) else {
            throw APIError.badRequest("paper", "must be one of: " + Self.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return paper
    }

    var name: String { self == .a4 ? "A4" : "Letter" }
}

/// A report's page (`report.mustache`): a heading, the paper choice (not printed), and either a
/// session's panel (every tile, chart, statistic and numbers table of the dashboard) or the
/// series' trends; the numbers tables start open so that the printed page carries them.
struct ReportPage {
    struct PaperChoice {
        var name: String
        var href: String
        var current: Bool
    }

    var heading: String
    var meetingLine: String
    var paper: String
    var papers: [PaperChoice]
    var backHref: String
    var panel: DashboardPanel?
    var trends: TrendsPage?

    init(heading: String, meeting: Meeting, path: String, backHref: String, paper: ReportPaper, language: Language) {
        self.heading = heading
        self.meetingLine = ([meeting.place].compactMap { $0 } + [DateText.meeting(meeting.startsAt, zone: meeting.seriesTimeZone, language)])
            .joined(separator: " · ")
        self.paper = paper.rawValue
        self.papers = ReportPaper.allCases.map { PaperChoice(name: $0.name, href: "\(path)?paper=\($0.rawValue)", current: $0 == paper) }
        self.backHref = backHref
    }
}
