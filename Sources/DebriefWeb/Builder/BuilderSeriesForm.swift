import Debrief
import Foundation

/// What the builder says of the series' form (docs/decisions/0063): whether this session uses
/// it (then Save changes it for every session not yet published, unless "this session only" is
/// ticked), or has its own copy (then "Make this the series' form" pushes it back).
struct BuilderSeriesForm {
    var note: String
    /// The session uses the series' form (or has none yet): the "this session only" box shows.
    var follows: Bool
    /// The session has a form of its own: the push button shows.
    var canPush: Bool
    var pushAction: String
    /// "Each session's form closes 24 hours after the session ends."
    var closeRule: String?

    init(meeting: Meeting, stored: StoredForm?, series: SeriesForm?, language: Language) {
        let t = Localizer(language)
        let follows = stored.map { $0.followsSeries && $0.state() == .draft } ?? true
        self.follows = follows
        self.canPush = stored != nil && !follows
        if stored == nil && series == nil {
            self.note = t(.seriesFormNone)
        } else {
            self.note = t(follows ? .seriesFormFollows : .seriesFormOwn)
        }
        self.pushAction = "/m/\(meeting.id.lowercasedText)/form/to-series"
        self.closeRule = series?.closeRule.map { t(.seriesCloseRule, ["rule": CloseRuleText.text($0, language)]) }
    }
}
