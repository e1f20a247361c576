import Debrief
import Foundation

/// How a chart looks: its theme, its width, the time zone of its time labels and the language
/// of its words.
///
/// Type sizes are fixed in SVG units (a 22-unit label on a 960-unit chart), so a wider chart
/// gives labels more room rather than bigger letters; the image scales as a whole wherever it is
/// shown, which keeps it readable on a projector.
public struct ChartStyle: Sendable, Equatable {
    /// Light for pages and print, dark for dimmed rooms and dark dashboards.
    public enum Theme: String, Sendable, CaseIterable {
        case light
        case dark
    }

    /// Accepted widths, in SVG units.
    public static let widthRange = 320...2400
    /// The width when none is asked for.
    public static let defaultWidth = 960

    public let theme: Theme
    /// Always within ``widthRange``.
    public let width: Int
    /// Time labels (timeline ticks, session dates) are shown in this zone and say which it is.
    public let timeZone: TimeZone
    /// Headings, captions, messages, descriptions and dates are in this language.
    public let language: Language
    /// Whether the chart draws its title above the plot. A page that puts the chart under its own
    /// heading turns it off, so the title is shown once and wraps as the page's text does; the
    /// document keeps its `<title>` (its accessible name) either way.
    public let drawsTitle: Bool

    /// UTC, the default zone of time labels.
    public static let utc = TimeZone(identifier: "UTC")!

    /// The zone's name as a chart states it: "UTC" for UTC, as the pages say (Foundation may
    /// call it "GMT"), else its IANA identifier.
    public var timeZoneName: String {
        self.timeZone.secondsFromGMT() == 0 && ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(self.timeZone.identifier)
            ? "UTC" : self.timeZone.identifier
    }

    /// A style; a width outside ``widthRange`` is clamped into it.
    public init(
        theme: Theme = .light, width: Int = ChartStyle.defaultWidth, timeZone: TimeZone = ChartStyle.utc, language: Language = .en,
        drawsTitle: Bool = true
    ) {
        self.theme = theme
        self.width = min(max(width, Self.widthRange.lowerBound), Self.widthRange.upperBound)
        self.timeZone = timeZone
        self.language = language
        self.drawsTitle = drawsTitle
    }

    var palette: Palette { Palette(self.theme) }
    var strings: ChartStrings { ChartStrings(self.language) }
}

/// Colors chosen for contrast, so a washed-out projector still shows them: every text color
/// (`ink`, `muted`, `accent`) is at least 7:1 against the background (WCAG AAA) and bars at
/// least 4.5:1; grid lines and bar tracks are faint on purpose.
struct Palette {
    let background: String
    let ink: String
    let muted: String
    let grid: String
    let track: String
    let bar: String
    let accent: String
    /// The lines of a trend with several (options, statements), in order: told apart by hue and
    /// lightness, each at least 3:1 against the background.
    let series: [String]

    init(_ theme: ChartStyle.Theme) {
        switch theme {
        case .light:
            self.background = "#ffffff"
            self.ink = "#111111"
            self.muted = "#3d3d3d"
            self.grid = "#c4c4c4"
            self.track = "#ececec"
            self.bar = "#1d4ed8"
            self.accent = "#8a2c0d"
            self.series = ["#1d4ed8", "#b45309", "#047857", "#7e22ce", "#be123c", "#0e7490", "#4d7c0f", "#a21caf"]
        case .dark:
            self.background = "#0b0f17"
            self.ink = "#f5f7fa"
            self.muted = "#d0d5dc"
            self.grid = "#4a5260"
            self.track = "#1c2330"
            self.bar = "#6ea8ff"
            self.accent = "#ffb347"
            self.series = ["#6ea8ff", "#ffb347", "#34d399", "#c4b5fd", "#fb7185", "#67e8f9", "#bef264", "#f0abfc"]
        }
    }
}
