import Debrief
import Foundation
import PQ

/// The honest-responses columns of the row layouts (docs/decisions/0036): when the form was
/// opened, how long the response took, whether it is a speeder under the threshold in force (the
/// meeting's current version's, as in results) and whether it straight-lined a grid.
struct ExportFlags: Sendable {
    /// Meetings and the speeder threshold of each one's current published version.
    var meetingIDs: [UUID] = []
    var seconds: [Int] = []

    static let header = ["opened_at", "duration_seconds", "speeder", "straight_lined"]

    /// Reads the thresholds of the exported meetings (`meetings` is a condition on `m`). The
    /// default threshold follows the form's length, which only the domain computes, so it is
    /// read here rather than in SQL.
    static func read(meetings: SQLQuery, database: Database) async throws -> ExportFlags {
        let rows = try await database.query(
            """
            SELECT DISTINCT ON (m.id) m.id, f.definition FROM forms f JOIN meetings m ON m.id = f.meeting_id
            WHERE \(meetings) AND f.published_at IS NOT NULL
            ORDER BY m.id, f.version DESC
            """)
        var flags = ExportFlags()
        for row in rows {
            flags.meetingIDs.append(try row.decode("id"))
            flags.seconds.append(SpeederThreshold.seconds(for: try row.decode("definition", as: SQLJSON<FormDefinition>.self).value))
        }
        return flags
    }

    /// `sp`: meeting id → threshold, to join on `fs.meeting_id`.
    var thresholds: SQLQuery {
        "sp AS MATERIALIZED (SELECT * FROM unnest(\(self.meetingIDs)::uuid[], \(self.seconds)::int[]) AS sp(meeting_id, seconds))"
    }

    /// The four cells of ``header`` for the response `r` of a form in `fs`, joined with `sp`.
    /// `straight_lined` says `withheld` where the privacy rule withholds a grid statement of the
    /// version (``ExportSQL/forms(_:_:)``): "all statements alike" would tell its rating.
    static func cells(zone: String) -> SQLQuery {
        // An anonymous response's opening is a moment too: its day only (ExportAnonymity, decision 81).
        ExportAnonymity.time(unsafeColumn: "r.opened_at", zone: zone)
        + ", round(extract(epoch FROM r.submitted_at - r.opened_at), 3), "
        + "CASE WHEN r.opened_at IS NULL THEN NULL WHEN r.submitted_at - r.opened_at < sp.seconds * interval '1 second' THEN 'true' ELSE 'false' END, "
            + SQLQuery(unsafeSQL: "CASE WHEN fs.straight_withheld OR NOT fs.decided THEN '\(ExportSQL.withheld)' WHEN r.straight_lined THEN 'true' ELSE 'false' END")
    }

    /// Joins `sp` for the response `r` of `fs`.
    static let join: SQLQuery = "LEFT JOIN sp ON sp.meeting_id = fs.meeting_id"

    /// The option ids of question `key` (SQL the program owns) as the response `r` was shown
    /// them, joined by `;`; empty when the question was not shuffled for it.
    static func presentedOrder(unsafeKey key: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "(SELECT string_agg(x, ';' ORDER BY n) FROM jsonb_array_elements_text(r.option_orders -> \(key)) WITH ORDINALITY AS e(x, n))")
    }
}
