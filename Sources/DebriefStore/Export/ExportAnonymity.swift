import PQ

/// How the row layouts write a response to an anonymous form version (`fs.identified` false):
/// the one owner of the rule that an export never tells WHEN an anonymous response arrived, so
/// knowing when a member answered (or when a count moved) cannot pick their row
/// (docs/decisions/0081-who-answered-is-not-an-output.md). Every row layout (`responses`,
/// `answers`, and the .xlsx workbook, which reads those same rows) takes its id, its times and
/// its order from here; a named version's rows are as before, in arrival order to the millisecond.
///
/// - The id: a response id is time-ordered (``Foundation/UUID/timeOrdered(at:)``: its first 48
///   bits are the submission's milliseconds), and a host holds ids with their arrival times (a
///   webhook's `responseId`), so an anonymous row carries a pseudonym instead — the MD5 of the id
///   keyed with the database's secret (`export_pseudonym_key`, SQL/0074), as a UUID: the same in
///   every layout and every export (the two layouts still join), no clock in it, and no way from
///   a known id to its row.
/// - The times (`submitted_at`, `changed_at`, `opened_at`): the day only, in the export's zone;
///   `seconds_after_end` is empty. How long a response took (`duration_seconds`) stays: it is not
///   a moment.
/// - The order: by session, version and day, then by the row's own content (its cells), then the
///   pseudonym — never by arrival.
enum ExportAnonymity {
    /// The `response_id` cell of the response `r` of `fs`.
    static let responseID: SQLQuery = "CASE WHEN fs.identified THEN r.id ELSE " + Self.pseudonym + " END"

    /// The pseudonym of the response `r`.
    static let pseudonym: SQLQuery = "md5((SELECT k.secret FROM export_pseudonym_key k) || r.id::text)::uuid"

    /// A time cell of the response `r` of `fs`: `column` (SQL the program owns, such as
    /// `r.submitted_at`, never input) to the millisecond when named, its day when anonymous.
    static func time(unsafeColumn column: String, zone: String) -> SQLQuery {
        "CASE WHEN fs.identified THEN " + ExportTime.sql(unsafeColumn: column, zone: zone) + " ELSE "
            + SQLQuery(unsafeSQL: "to_char(\(column) AT TIME ZONE ") + "\(zone)::text" + SQLQuery(unsafeSQL: ", 'YYYY-MM-DD') END")
    }

    /// Seconds from the session's end to the submission, named versions only.
    static let secondsAfterEnd: SQLQuery =
        "CASE WHEN fs.identified THEN round(extract(epoch FROM r.submitted_at - fs.ends_at), 3) END"

    /// The `ORDER BY` of the `responses` layout, whose rows have `columns` output columns (the
    /// first the id): named rows by arrival, then anonymous rows by every cell but the id (the
    /// session, the version and the day come first among them), then the pseudonym.
    static func responsesOrder(columns: Int) -> SQLQuery {
        let cells = (2...max(2, columns)).map(String.init).joined(separator: ", ")
        return SQLQuery(
            unsafeSQL: "\nORDER BY CASE WHEN fs.identified THEN r.submitted_at END, CASE WHEN fs.identified THEN r.id END, \(cells), 1")
    }

    /// The `ORDER BY` of the `answers` layout (one row per answer `a` of a question `q`): named
    /// responses by arrival; anonymous ones by session, version, day and the response's content
    /// (its answers, in form order), then the pseudonym; a response's answers in form order.
    static func answersOrder(zone: String) -> SQLQuery {
        let content = SQLQuery(
            unsafeSQL: """
                string_agg(concat_ws(':', a.question_key, a.statement_key, a.option_id, a.rating, a.other_text, a.text_value), '|')
                    OVER (PARTITION BY r.id ORDER BY q.position, a.position ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
                """)
        let named: SQLQuery = "\nORDER BY CASE WHEN fs.identified THEN r.submitted_at END, CASE WHEN fs.identified THEN r.id END, "
        let day: SQLQuery = "fs.meeting_id, fs.version, to_char(r.submitted_at AT TIME ZONE \(zone)::text, 'YYYY-MM-DD'), "
        return named + day + content + ", " + Self.pseudonym + ", q.position, a.position"
    }
}
