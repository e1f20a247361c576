import Debrief
import Foundation

/// The dashboard's "how the responses were given" box (docs/decisions/0036): the report's
/// `quality` section in words, and the link that leaves flagged responses out of the results
/// (or shows them again). The filter is an ordinary results filter: the privacy threshold and
/// the "no reveal by difference" rule apply to what it leaves.
struct QualityView {
    var heading: String
    var lines: [String]
    var toggleHref: String
    var toggleText: String
    var excludedNote: String?

    /// Nil when the report has no quality section (the results participants see).
    init?(_ report: ResultsReport, baseHref: String, language: Language) {
        guard let quality = report.quality else { return nil }
        let t = Localizer(language)
        self.heading = t(.qualityHeading)
        let threshold = String(quality.speederThresholdSeconds)
        let source = quality.speederThresholdIsDefault ? t(.qualityThresholdDefault) : t(.qualityThresholdSet)
        // A count the privacy rule withholds reads as such, never as a number.
        let withheld = t(.answersWithheld, ["k": String(report.disclosure.threshold)])
        let count = { (n: Int?) in n.map(String.init) ?? "–" }
        self.lines = [
            t(.qualitySpeeders, ["seconds": threshold, "n": count(quality.speeders)]) + " (\(source))",
            t(.qualityStraightLiners, ["n": count(quality.straightLiners)]),
            t(.qualityFlagged, ["n": count(quality.flagged)]),
            quality.medianCompletionSeconds.map { t(.qualityMedian, ["seconds": ResultsView.number($0)]) } ?? t(.qualityNoTimes),
        ] + ([quality.speeders, quality.straightLiners, quality.flagged].contains(nil) ? [withheld] : [])
        self.toggleHref = quality.flaggedExcluded ? baseHref : baseHref + "?excludeFlagged=true"
        self.toggleText = quality.flaggedExcluded ? t(.includeFlaggedLink) : t(.excludeFlaggedLink)
        self.excludedNote = quality.flaggedExcluded ? t(.flaggedExcludedNote) : nil
    }
}
