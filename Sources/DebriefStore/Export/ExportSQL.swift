import Debrief
import PQ

/// SQL pieces both row layouts share.
enum ExportSQL {
    /// `fs`: the published form versions of the exported meetings, with what every row repeats.
    /// Materialized once, so no row re-reads a form's JSON definition. `wq`: the questions
    /// (`statement_key` null) and grid statements whose answers are withheld (see ``shownAnswers``).
    /// The language a response `r` of a form `fs` was given in: stored on forms in several
    /// languages, otherwise the form's own (docs/decisions/0037).
    static let responseLanguage = SQLQuery(unsafeSQL: "coalesce(r.language, fs.definition ->> 'language', 'en')")

    static func forms(_ meetings: SQLQuery) -> SQLQuery {
        """
        fs AS MATERIALIZED (
            SELECT f.id, f.version, f.definition, m.id AS meeting_id, m.series_id, m.session_number, m.title, m.ends_at,
                   NOT coalesce((f.definition ->> 'anonymous')::boolean, true) AS identified,
                   coalesce((f.definition ->> 'privacyThreshold')::int, \(Self.defaultThreshold)) AS k
            FROM forms f JOIN meetings m ON m.id = f.meeting_id
            WHERE \(meetings) AND f.published_at IS NOT NULL
        ),
        wq AS MATERIALIZED (
            SELECT t.form_id, t.question_key, t.statement_key FROM fs JOIN (
                SELECT form_id, question_key, NULL AS statement_key, count AS n FROM result_tallies
                WHERE kind = 'respondents' AND form_id IN (SELECT id FROM fs WHERE NOT fs.identified)
                UNION ALL
                SELECT form_id, question_key, NULL, delta FROM result_tally_deltas
                WHERE kind = 'respondents' AND form_id IN (SELECT id FROM fs WHERE NOT fs.identified)
                UNION ALL
                SELECT form_id, question_key, split_part(value, ':', 1), count FROM result_tallies
                WHERE kind = 'statement' AND form_id IN (SELECT id FROM fs WHERE NOT fs.identified)
                UNION ALL
                SELECT form_id, question_key, split_part(value, ':', 1), delta FROM result_tally_deltas
                WHERE kind = 'statement' AND form_id IN (SELECT id FROM fs WHERE NOT fs.identified)
            ) t ON t.form_id = fs.id
            WHERE NOT fs.identified AND fs.k > 1
            GROUP BY t.form_id, t.question_key, t.statement_key, fs.k HAVING sum(t.n) > 0 AND sum(t.n) < fs.k
        )
        """
    }

    /// The threshold of a stored form that does not name one, as SQL text (a number the program owns).
    static let defaultThreshold = SQLQuery(unsafeSQL: String(FormDefinition.defaultPrivacyThreshold))

    /// `AND NOT EXISTS …`: keeps only the `a` rows (answers) of questions (and grid statements)
    /// ``forms(_:)`` does not withhold. The raw layouts follow the results' privacy rule: on an anonymous form, the
    /// answers to a question fewer than k people answered (`wq`, counted from the tallies in the
    /// export's own snapshot) never leave the database, whatever the window.
    static let shownAnswers: SQLQuery =
        """
         AND NOT EXISTS (SELECT 1 FROM wq WHERE wq.form_id = a.form_id AND wq.question_key = a.question_key
                         AND (wq.statement_key IS NULL OR wq.statement_key = a.statement_key))
        """

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
