import PQ

/// The `answers` layout (long, tidy): one row per answer value — per selected option, per "other"
/// text, per rating, per text — for pandas, R and SQL. Rows come ordered by submission (an
/// anonymous version's by day and content instead, with a pseudonymous id: ``ExportAnonymity``),
/// then by the question's place in its form, then by the order of selection. A grid has one row per rated
/// statement, with `statement_key` and `statement_label`. Each row ends with the response's
/// ``ExportFlags/header`` columns and, for a choice question shuffled for that participant, the
/// presented order (`presented_order`, option ids joined by `;`) and the 1-based place of this
/// row's option in it (`presented_position`; `other` for the participant's own answer).
///
/// The answers to a question or grid statement the privacy rule withholds (`privacy`) have no
/// row; `straight_lined` says `withheld` when it would tell one (docs/decisions/0009).
struct AnswersLayout {
    let meetings: SQLQuery
    let window: SubmissionWindow
    /// The part of the window this statement reads (``ExportParallelism``): all of it, or one range.
    var range = SubmissionRange.all
    let csv: CSVCopy
    let privacy: ExportPrivacy
    /// The zone of the times (``ExportTime``), the last column of every row.
    let zone: String
    var flags = ExportFlags()

    static let header = [
        "response_id", "meeting_id", "series_id", "session_number", "form_version", "submitted_at", "checked_in",
        "participant_name", "language", "question_key", "question_position", "question_kind", "question_prompt", "position",
        "option_id", "option_label", "other_text", "rating", "text", "statement_key", "statement_label",
    ] + ExportFlags.header + ["presented_order", "presented_position", ExportTime.zoneColumn]

    /// The columns of ``header`` that hold user text: name, language, key, prompt, option id
    /// and label, other text, text, statement key and label, presented order.
    static let textColumns: Set<Int> = [7, 8, 9, 12, 14, 15, 16, 18, 19, 20, header.count - 3]

    func select() -> SQLQuery {
        let with: SQLQuery = "WITH " + ExportSQL.forms(self.meetings, self.privacy) + """
            ,
            q AS MATERIALIZED (
                SELECT fs.id AS form_id, e.n AS position, e.question ->> 'key' AS key, e.question ->> 'kind' AS kind,
                       e.question ->> 'prompt' AS prompt, e.question -> 'options' AS options, e.question -> 'statements' AS statements
                FROM fs, jsonb_array_elements(fs.definition -> 'questions') WITH ORDINALITY AS e(question, n)
            ),
            o AS MATERIALIZED (
                SELECT q.form_id, q.key, option ->> 'id' AS id, option ->> 'label' AS label
                FROM q, jsonb_array_elements(coalesce(q.options, '[]'::jsonb)) AS option
            ),
            st AS MATERIALIZED (
                SELECT q.form_id, q.key, statement ->> 'key' AS id, statement ->> 'label' AS label
                FROM q, jsonb_array_elements(coalesce(q.statements, '[]'::jsonb)) AS statement
            ),
            """ + self.flags.thresholds
        let csv = self.csv
        let select: SQLQuery =
            """
                SELECT \(ExportAnonymity.responseID), fs.meeting_id, fs.series_id, fs.session_number, fs.version, \(ExportAnonymity.time(unsafeColumn: "r.submitted_at", zone: self.zone)),
                       \(ExportSQL.boolean(unsafeCondition: "r.check_in_id IS NOT NULL")), CASE WHEN fs.identified THEN
                """
            + " " + csv.cell(unsafeColumn: "c.name") + " END, " + csv.cell(ExportSQL.responseLanguage) + ", "
            + csv.cell(unsafeColumn: "a.question_key")
            + ", q.position, q.kind, " + csv.cell(unsafeColumn: "q.prompt") + ", a.position, " + csv.cell(unsafeColumn: "a.option_id")
            + ", " + csv.cell(unsafeColumn: "o.label") + ", " + csv.cell(unsafeColumn: "a.other_text") + ", a.rating, "
            + csv.cell(unsafeColumn: "a.text_value") + ", " + csv.cell(unsafeColumn: "a.statement_key") + ", "
            + csv.cell(unsafeColumn: "st.label") + ", " + ExportFlags.cells(zone: self.zone) + ", "
            + ExportFlags.presentedOrder(unsafeKey: "a.question_key")
            + """
                , (SELECT e.n FROM jsonb_array_elements_text(r.option_orders -> a.question_key) WITH ORDINALITY AS e(x, n)
                   WHERE e.x = coalesce(a.option_id, CASE WHEN a.other_text IS NOT NULL THEN 'other' END))
                """ + ", \(self.zone)::text"
        let from: SQLQuery = """
            FROM fs JOIN responses r ON r.form_id = fs.id
            JOIN answers a ON a.response_id = r.id
            LEFT JOIN q ON q.form_id = a.form_id AND q.key = a.question_key
            LEFT JOIN o ON o.form_id = a.form_id AND o.key = a.question_key AND o.id = a.option_id
            LEFT JOIN st ON st.form_id = a.form_id AND st.key = a.question_key AND st.id = a.statement_key
            LEFT JOIN check_ins c ON c.id = r.check_in_id
            """ + "\n" + ExportFlags.join
        return with + "\n" + select + "\n" + from + "\nWHERE true" + ExportSQL.shownAnswers + self.window.sql + self.range.sql
            + ExportAnonymity.answersOrder(zone: self.zone)
    }
}
