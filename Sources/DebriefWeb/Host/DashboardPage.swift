import Debrief
import DebriefCharts
import DebriefStore
import Foundation
import QRCode

/// What `dashboard.mustache` shows around the live panel: the meeting, its participant link,
/// and where the script finds the stream and the panel.
struct DashboardPage {
    var meetingTitle: String
    var meetingLine: String
    var liveURL: String
    var panelURL: String
    var refreshURL: String
    var trendsURL: String
    /// The session's report to print (``ReportPagesController``).
    var reportURL = ""
    var participantURL: String?
    var formCode: String?
    /// The participant link as a QR code (``QRMatrix`` SVG markup), for the room to scan.
    var participantQRSVG: String?
    /// The series' stable link (`/f/{seriesCode}`, docs/decisions/0050), its code and QR code:
    /// one to print for every session of the series.
    var seriesURL: String?
    var seriesCode: String?
    var seriesQRSVG: String?
    var panel: DashboardPanel
    var rosterURL: String
    /// The series' settings page (title, zone, default length and place; decision 73).
    var seriesSettingsURL = ""
    /// The CSV downloads of the meeting and of its series (exports take the page session).
    var meetingExportURL: String
    var seriesExportURL: String
    /// The meeting's .xlsx workbook (summary, responses and trends sheets).
    var meetingWorkbookURL: String
    /// Set when the public URL is a loopback address phones cannot reach: said here, beside the
    /// QR codes it is about, and on no other page.
    var loopbackWarning: String?
    /// What the reader may do here (docs/decisions/0033-co-hosts.md): a viewer sees no edit
    /// links, only the owner the delete link; the server refuses the rest anyway.
    var canEdit: Bool
    var canManage: Bool
    /// "Shared with you · Viewer" for a co-host.
    var sharedBadge: String?
    /// The `<iframe>` markup for another site, or how to turn embedding on.
    var embed: EmbedBlock
    /// The series' team chat channel, for those who may edit the series.
    var chat: ChatBlock? = nil
    /// The session's actions and the review of the previous session's (issue 50), for editors.
    var actions: ActionsBlock? = nil
    var review: ActionReviewBlock? = nil
    /// Questions from the room: settings and moderation (docs/decisions/0075).
    var roomQuestions: RoomQuestionsHostBlock? = nil
    /// The room's reaction counts (docs/decisions/0100).
    var reactions: ReactionCountsBlock? = nil
}

extension DashboardPage {
    /// The QR code of `url`, or nil if it cannot be one (it always can: links are short).
    static func qrCode(_ url: String, title: String) -> String? {
        try? QRMatrix(encoding: url).svg(pixels: 240, title: title)
    }
}

/// The part of the dashboard that changes as answers arrive: `dashboard-panel.mustache`,
/// rendered into the page and, alone, for the script (`/m/{id}/panel`).
struct DashboardPanel {
    struct Tile {
        var label: String
        var value: String
        /// Why a rate is not shown.
        var note: String? = nil
    }

    var hasForm: Bool
    var formStateText: String
    var tiles: [Tile]
    var results: ResultsView?
    /// Responses per minute and attendance, as ``ChartSVG`` markup.
    var timelineSVG = ""
    var attendanceSVG = ""
    var updatedText: String
    /// "1 response removed by the host", when the host removed any.
    var removedText: String?
    /// Speeders, straight-liners and the filter that leaves them out (docs/decisions/0036).
    var quality: QualityView?

    /// Charts stand two side by side on a 1280-pixel projector, each about 600 pixels wide: drawn
    /// 720 units wide, their 22-unit labels show at about 18 pixels.
    static let chartWidth = 720

    /// `report` is nil when the meeting has no published form yet. The time shown is when the
    /// report was counted (so a panel kept for many dashboards says so), or now without one.
    /// `zone` is the series' (``Meeting/seriesTimeZone``): that time and the per-minute axis are
    /// in it, named (decision 86), as the room reads the meeting's times.
    init(report results: ResultsReport?, language: Language, zone: String?, dashboardHref: String = "") {
        let t = Localizer(language)
        self.updatedText = DateText.meeting(results?.generatedAt ?? Date(), zone: zone, language)
        guard let results else {
            self.hasForm = false
            self.formStateText = ""
            self.tiles = []
            return
        }
        let summary = results.summary
        self.hasForm = true
        self.formStateText = results.formState == .open ? t(.formOpen) : t(.formClosed)
        var tiles = [
            Tile(label: t(.responsesLabel), value: String(summary.responses)),
            Tile(label: t(.checkedInLabel), value: String(summary.checkedIn)),
        ]
        // Each rate names what it is a rate of; one that cannot be honest shows why instead.
        if summary.checkedIn > 0 || summary.responseRateOfCheckedIn != nil {
            tiles.append(Self.checkedInTile(summary, t))
        }
        if let expected = summary.expectedHeadCount {
            tiles.append(Tile(
                label: t(.responseRateExpected, ["n": String(expected)]),
                value: summary.responseRateOfExpected.map { ResultsView.number($0) + "%" } ?? "–",
                note: summary.responseRateOfExpected == nil ? summary.responseRateOfExpectedReason : nil))
        }
        if summary.possibleDuplicateCheckIns > 0 {
            tiles.append(Tile(label: t(.possibleDuplicates), value: String(summary.possibleDuplicateCheckIns)))
        }
        // Every version of the form is counted; the split says how many answered which.
        if results.versions.count > 1 {
            tiles.append(Tile(
                label: t(.formVersionsLabel), value: String(results.versions.count),
                note: results.versions.map { t(.versionResponses, ["version": String($0.version), "n": String($0.responses)]) }
                    .joined(separator: " · ")))
        }
        // A form in several languages: how many answered in each.
        if let languages = results.languages {
            tiles += Self.languageTiles(languages, threshold: results.disclosure.threshold, t)
        }
        self.tiles = tiles
        self.removedText = ResponsesPage.removedText(summary.responsesRemovedByHost, t)
        self.quality = QualityView(results, baseHref: dashboardHref, language: language)
        // Every chart sits under its own heading on the page, which is its title (shown once).
        let style = ChartStyle(
            theme: .light, width: Self.chartWidth, timeZone: HostTimeZone.zone(zone) ?? ChartStyle.utc, language: language, drawsTitle: false)
        self.results = ResultsView(
            results.questions, earlier: results.earlierQuestions, language: language, chartWidth: Self.chartWidth, headingLevel: 3)
        self.timelineSVG = ChartSVG.timeline(results.timeline, style: style)
        self.attendanceSVG = ChartSVG.attendance(AttendanceFigures(summary), style: style)
    }
}

extension DashboardPanel {
    /// The rate of those checked in, with the numbers it is made of: "100% of the 1 checked in
    /// answered (1 of 1)". Responses are tied to a check-in only when the participant checked in
    /// first (their token); anonymous responses are not, so the rate is checked-in people who
    /// answered ÷ people checked in (``ResponseRate``), and the responses it leaves out are said
    /// beside it rather than letting "100 %" sit next to 8 responses and 1 check-in.
    static func checkedInTile(_ summary: ResultsReport.Summary, _ t: Localizer) -> Tile {
        guard let rate = summary.responseRateOfCheckedIn else {
            return Tile(label: t(.responseRateCheckedIn), value: "–", note: summary.responseRateOfCheckedInReason)
        }
        let unlinked = summary.responses - summary.checkedInResponded
        return Tile(
            label: t(.checkedInAnsweredLabel, ["n": String(summary.checkedIn), "answered": String(summary.checkedInResponded)]),
            value: ResultsView.number(rate) + "%",
            note: unlinked > 0 ? t(.responsesWithoutCheckIn, ["unlinked": String(unlinked), "total": String(summary.responses)]) : nil)
    }

    /// One tile per language with the responses given in it; when ``Disclosure`` withholds the
    /// split (a language with fewer than k), one tile saying so, never a count of languages
    /// standing where a count of responses would.
    static func languageTiles(_ languages: ChartSeries, threshold: Int, _ t: Localizer) -> [Tile] {
        let counts = languages.rows.compactMap { row in row.count.map { (row.label, $0) } }
        guard counts.count == languages.rows.count else {
            return [Tile(
                label: t(.languagesTile), value: "–",
                note: t(.languagesWithheldNote, ["k": String(threshold)]) + ": " + languages.rows.map(\.label).joined(separator: " · "))]
        }
        return counts.map { Tile(label: t(.answeredInLanguage, ["language": $0.0]), value: String($0.1)) }
    }
}
