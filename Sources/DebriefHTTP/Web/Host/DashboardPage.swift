import Debrief
import DebriefStore
import Foundation

/// What `dashboard.mustache` shows around the live panel: the meeting, its participant link,
/// and where the script finds the stream and the panel.
struct DashboardPage {
    var meetingTitle: String
    var meetingLine: String
    var liveURL: String
    var panelURL: String
    var refreshURL: String
    var trendsURL: String
    var participantURL: String?
    var formCode: String?
    var panel: DashboardPanel
}

/// The part of the dashboard that changes as answers arrive: `dashboard-panel.mustache`,
/// rendered into the page and, alone, for the script (`/m/{id}/panel`).
struct DashboardPanel {
    struct Tile {
        var label: String
        var value: String
    }

    var hasForm: Bool
    var formStateText: String
    var tiles: [Tile]
    var results: ResultsView?
    var updatedText: String

    /// `counts` is nil when the meeting has no published form yet.
    init(counts: ResultsStore.Counts?, language: Language, now: Date = Date()) {
        let t = Localizer(language)
        self.updatedText = DateText.dateTime(now, language)
        guard let counts else {
            self.hasForm = false
            self.formStateText = ""
            self.tiles = []
            return
        }
        let results = ResultsResponse(counts, filter: ResultsFilter(), now: now)
        let summary = results.summary
        self.hasForm = true
        self.formStateText = results.formState == .open ? t(.formOpen) : t(.formClosed)
        var tiles = [
            Tile(label: t(.responsesLabel), value: String(summary.responses)),
            Tile(label: t(.checkedInLabel), value: String(summary.checkedIn)),
        ]
        if let rate = summary.responseRateOfCheckedIn {
            tiles.append(Tile(label: t(.responseRateCheckedIn), value: ResultsView.number(rate) + "%"))
        }
        if let rate = summary.responseRateOfExpected, let expected = summary.expectedHeadCount {
            tiles.append(Tile(label: t(.responseRateExpected, ["n": String(expected)]), value: ResultsView.number(rate) + "%"))
        }
        self.tiles = tiles
        self.results = ResultsView(results.questions, language: language)
    }
}
