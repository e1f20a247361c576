import PQ

/// SQL pieces both row layouts share.
enum ExportSQL {
    /// `fs`: the published form versions of the exported meetings, with what every row repeats.
    /// Materialized once, so no row re-reads a form's JSON definition.
    static func forms(_ meetings: SQLQuery) -> SQLQuery {
        """
        fs AS MATERIALIZED (
            SELECT f.id, f.version, f.definition, m.id AS meeting_id, m.series_id, m.session_number, m.title, m.ends_at,
                   NOT coalesce((f.definition ->> 'anonymous')::boolean, true) AS identified
            FROM forms f JOIN meetings m ON m.id = f.meeting_id
            WHERE \(meetings) AND f.published_at IS NOT NULL
        )
        """
    }

    /// A `timestamptz` column as ISO 8601 in UTC with milliseconds, `2026-05-04T09:00:00.000Z`:
    /// rounded to the millisecond exactly as the JSON API writes it (`Timestamps.format`), so a
    /// response's time reads the same in both. `column` is SQL text the program owns
    /// (`r.submitted_at`), never input.
    static func timestamp(unsafeColumn column: String) -> SQLQuery {
        SQLQuery(
            unsafeSQL:
                "to_char(date_trunc('milliseconds', \(column) + interval '500 microseconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')")
    }

    /// `true` / `false` (COPY would write PostgreSQL's `t` / `f`). `condition` is SQL text the
    /// program owns, never input.
    static func boolean(unsafeCondition condition: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "CASE WHEN \(condition) THEN 'true' ELSE 'false' END")
    }
}
