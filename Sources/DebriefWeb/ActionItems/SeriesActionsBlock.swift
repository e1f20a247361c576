import Debrief
import Foundation

/// "Open actions of this series" on the trends page (decision 85): the series' one list of the
/// actions not yet done or dropped, from every session, oldest first, each with the session that
/// decided it and how many sessions it has been open. Read from the same use case as
/// `GET /v1/series/{id}/actions`; no buttons (an action is marked in a session's review).
struct SeriesActionsBlock {
    var items: [ActionLine]
    var hasItems: Bool
    var empty: String
    /// "The oldest 500 are shown.", when the list is at ``ActionItemRules/maxListed``.
    var more: String?

    /// `zone`: the series' (``Meeting/seriesTimeZone``), in which the sessions' times are shown.
    init(lines: [ActionReview.Line], zone: String?, language: Language) {
        let t = Localizer(language)
        self.items = lines.map { line in
            var row = ActionLine(line.item, statusAction: "", deleteAction: nil, buttons: [], questions: [:], t)
            ActionReviewBlock.age(&row, line, zone: zone, t)
            return row
        }
        self.hasItems = !lines.isEmpty
        self.empty = t(ActionPhrase.seriesActionsEmpty)
        self.more = lines.count >= ActionItemRules.maxListed ? t(ActionPhrase.seriesActionsMore, ["max": String(ActionItemRules.maxListed)]) : nil
    }
}
