import Debrief
import Foundation
import PQ

/// The flags of a response as SQL over `responses r` (docs/decisions/0036): a speeder completed
/// faster than the threshold in force, a straight-liner was marked when its answers were
/// validated. Speeders are decided here, when results are read, so a retuned threshold applies
/// to every response already given; a response whose opened time is unknown is never one.
enum ResponseFlags {
    /// True for a speeder under `seconds`.
    static func speeder(seconds: Int) -> SQLQuery {
        "(r.opened_at IS NOT NULL AND r.submitted_at - r.opened_at < \(seconds)::int * interval '1 second')"
    }

    /// True for a response with either flag.
    static func flagged(seconds: Int) -> SQLQuery {
        "(r.straight_lined OR \(speeder(seconds: seconds)))"
    }

    /// The counts of the `r` rows of `scope`: timed, speeders, straight-lined, flagged, and the
    /// median completion time in whole seconds (null without a timed response), as
    /// ``CompletionTally`` counts the same from the tallies for unfiltered results.
    static func counts(scope: SQLQuery, seconds: Int) -> SQLQuery {
        """
        SELECT count(r.opened_at) AS timed,
            count(*) FILTER (WHERE \(speeder(seconds: seconds))) AS speeders,
            count(*) FILTER (WHERE r.straight_lined) AS straight_lined,
            count(*) FILTER (WHERE \(flagged(seconds: seconds))) AS flagged,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY least(floor(extract(epoch FROM r.submitted_at - r.opened_at)), \(CompletionTally.cap)))
                FILTER (WHERE r.opened_at IS NOT NULL) AS median_seconds
        FROM responses r WHERE \(scope)
        """
    }

    /// Reads ``counts(scope:seconds:)``'s row.
    static func quality(_ row: Row) throws -> QualityCounts {
        QualityCounts(
            timed: try row.decode("timed"), speeders: try row.decode("speeders"), straightLined: try row.decode("straight_lined"),
            flagged: try row.decode("flagged"), medianSeconds: try row.decode("median_seconds"))
    }
}
