import Debrief

/// A team's logo as a page shows it (decision 95): an `img` at most ``maxHeight`` high with its
/// width and height (the page reserves its space before it loads), the team's name as its alt
/// text. Names differ from any page's own (`teamLogo…`): mustache looks outward.
struct TeamLogoPart: Sendable, Equatable {
    var teamLogoSrc: String
    var teamLogoWidth: Int
    var teamLogoHeight: Int
    var teamLogoAlt: String

    /// A header line's height (3rem at 16 px): the stylesheet keeps it there on a phone too.
    static let maxHeight = 48

    /// The look's logo, or nil when the team has none.
    init?(_ look: TeamLook) {
        guard let logo = look.logo else { return nil }
        let shown = logo.shown(maxHeight: Self.maxHeight)
        self.teamLogoSrc = logo.path
        self.teamLogoWidth = shown.width
        self.teamLogoHeight = shown.height
        self.teamLogoAlt = look.teamName
    }
}
