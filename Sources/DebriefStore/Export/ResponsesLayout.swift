import Debrief
import PQ

/// The `responses` layout (wide): one row per response, one column per question, in arrival
/// order — an anonymous version's rows with a pseudonymous id, day-only times and in content
/// order instead (``ExportAnonymity``, decision 81).
///
/// Columns: the fixed ``fixedHeader`` columns, then per question, in form order, a column headed
/// `<prompt> [<key>]` and, for choice questions that allow "other", `<prompt> [<key>] (other)`;
/// a grid has a column per statement instead, `<prompt>: <statement> [<key>.<statement key>]`.
/// A cell holds the rating, the text, or the selected options' labels (in the wording of the
/// version answered) joined by ``labelSeparator`` in the order they were selected; a choice
/// question also has a column `<prompt> [<key>] (code)` with the option ids joined by
/// ``separator``, for pipelines that match on codes (labels may change between versions). When the exported meetings have different forms (a series, a host,
/// everything), the columns are the union of their question keys in first-seen order (forms
/// taken by meeting start, then version), headed with the newest wording of each key.
///
/// After the fixed columns come ``ExportFlags/header`` (opened time, duration, speeder,
/// straight-lined), and a choice question that shuffles its options has a column
/// `<prompt> [<key>] (order)` with the option ids as that participant saw them (docs/decisions/0036).
///
/// A cell of a question or grid statement the privacy rule withholds (`privacy`) says
/// `withheld` in every response to that form version, answered or not (docs/decisions/0009).
struct ResponsesLayout {
    let meetings: SQLQuery
    let window: SubmissionWindow
    /// The part of the window this statement reads (``ExportParallelism``): all of it, or one range.
    var range = SubmissionRange.all
    let csv: CSVCopy
    let privacy: ExportPrivacy
    /// The zone of the times (``ExportTime``), named in the last column of every row.
    let zone: String
    var flags = ExportFlags()

    /// Joins the option ids of a multiple-choice answer. Option ids are `[a-z0-9_-]`, so it never
    /// appears inside one.
    static let separator = ";"
    /// Joins the labels of a multiple-choice answer (labels are the host's text and may hold `;`:
    /// the code column is the one to split).
    static let labelSeparator = "; "

    static let fixedHeader = [
        "response_id", "meeting_id", "series_id", "meeting_title", "session_number", "form_version", "submitted_at",
        "changed_at", "seconds_after_end", "checked_in", "participant_name", "language",
    ]

    struct QuestionColumn: Equatable {
        var key: String
        var prompt: String
        var hasOther: Bool
        /// A grid's statement this column holds the rating of.
        var statement: ExportColumns.Statement? = nil
        /// A choice question shuffled in some version: the presented order gets a column.
        var shuffled = false
        /// A choice question: its option ids get a column beside the labels.
        var hasCodes = false
        /// A rating or a grid statement: the cell is a number.
        var numeric = false
    }

    /// The question columns of the exported meetings' published forms.
    func questionColumns(database: Database) async throws -> [QuestionColumn] {
        let rows = try await database.query(
            """
            SELECT f.definition FROM forms f JOIN meetings m ON m.id = f.meeting_id
            WHERE \(self.meetings) AND f.published_at IS NOT NULL
            ORDER BY m.starts_at, m.id, f.version
            """)
        var columns: [QuestionColumn] = []
        for row in rows {
            let form = try row.decode("definition", as: SQLJSON<FormDefinition>.self).value
            for question in form.questions {
                let parts = question.kind.store?.exportColumns(of: question.body) ?? ExportColumns()
                let (hasOther, hasCodes, numeric) = (parts.hasOther, parts.hasCodes, parts.numeric)
                let shuffled = question.shufflesOptions
                for statement in parts.statements {
                    if let index = columns.firstIndex(where: { $0.key == question.key.rawValue && $0.statement?.key == statement?.key }) {
                        columns[index].prompt = question.prompt
                        columns[index].hasOther = columns[index].hasOther || hasOther
                        columns[index].statement = statement
                        columns[index].shuffled = columns[index].shuffled || shuffled
                        columns[index].hasCodes = columns[index].hasCodes || hasCodes
                        columns[index].numeric = columns[index].numeric && numeric
                    } else {
                        columns.append(
                            QuestionColumn(
                                key: question.key.rawValue, prompt: question.prompt, hasOther: hasOther, statement: statement,
                                shuffled: shuffled, hasCodes: hasCodes, numeric: numeric))
                    }
                }
            }
        }
        return columns
    }

    func header(_ columns: [QuestionColumn]) -> [String] {
        Self.fixedHeader + ExportFlags.header + columns.flatMap { column -> [String] in
            if let statement = column.statement {
                return ["\(column.prompt): \(statement.label) [\(column.key).\(statement.key)]"]
            }
            let name = "\(column.prompt) [\(column.key)]"
            return [name] + (column.hasCodes ? [name + " (code)"] : []) + (column.hasOther ? [name + " (other)"] : [])
                + (column.shuffled ? [name + " (order)"] : [])
        } + [ExportTime.zoneColumn]
    }

    /// The indexes of the columns of ``header(_:)`` that hold user text: the meeting's title, the
    /// participant's name and language, and every question column but a rating's or a grid's.
    func textColumns(_ columns: [QuestionColumn]) -> Set<Int> {
        var text: Set<Int> = [3, 10, 11]
        var index = Self.fixedHeader.count + ExportFlags.header.count
        for column in columns {
            let cells = 1 + (column.statement == nil ? [column.hasCodes, column.hasOther, column.shuffled].filter { $0 }.count : 0)
            for offset in 0..<cells where offset > 0 || !column.numeric { text.insert(index + offset) }
            index += cells
        }
        return text
    }

    func select(_ columns: [QuestionColumn]) -> SQLQuery {
        var with: SQLQuery = "WITH " + ExportSQL.forms(self.meetings, self.privacy)
        var values: SQLQuery = ""
        var aggregates: SQLQuery = ""
        if !columns.isEmpty {
            // The keys are bound values, read once from `p` rather than once per answer row.
            var keys: SQLQuery = ""
            for (index, column) in columns.enumerated() {
                keys = keys + (index > 0 ? ", " : "") + "\(column.key)::text AS " + SQLQuery(unsafeSQL: "k\(index)")
                    // COPY takes no NULL parameter: '' stands for "no statement".
                    + ", \(column.statement?.key ?? "")::text AS " + SQLQuery(unsafeSQL: "s\(index)")
                let value = "v\(index)", code = "c\(index)", other = "o\(index)", key = "p.k\(index)", statement = "p.s\(index)"
                // A statement's column (a grid's, or a ranking's option: SQL/0064) holds its number,
                // the rating or the rank, never the option's label.
                aggregates = aggregates + (index > 0 ? ",\n" : "") + SQLQuery(unsafeSQL: """
                    string_agg(CASE WHEN a.statement_key IS NOT NULL THEN a.rating::text
                        ELSE coalesce(ol.label, a.option_id, a.rating::text, a.text_value) END, '\(Self.labelSeparator)' ORDER BY a.position)
                        FILTER (WHERE a.question_key = \(key) AND a.other_text IS NULL
                                AND coalesce(a.statement_key, '') = \(statement)) AS \(value),
                    string_agg(a.option_id, '\(Self.separator)' ORDER BY a.position)
                        FILTER (WHERE a.question_key = \(key) AND a.option_id IS NOT NULL) AS \(code),
                    max(a.other_text) FILTER (WHERE a.question_key = \(key)) AS \(other)
                    """)
                let withheld = ExportSQL.withheldColumn(unsafeKey: key, unsafeStatement: statement)
                let marked = { (cell: SQLQuery) -> SQLQuery in
                    "CASE WHEN " + withheld + SQLQuery(unsafeSQL: " THEN '\(ExportSQL.withheld)' ELSE ") + cell + " END"
                }
                values = values + ", " + marked(self.csv.cell(unsafeColumn: "a.\(value)"))
                if column.hasCodes { values = values + ", " + marked(self.csv.cell(unsafeColumn: "a.\(code)")) }
                if column.hasOther { values = values + ", " + marked(self.csv.cell(unsafeColumn: "a.\(other)")) }
                if column.shuffled { values = values + ", " + ExportFlags.presentedOrder(unsafeKey: key) }
            }
            with = with + ", p AS MATERIALIZED (SELECT " + keys + ")" + """
                ,
                ol AS MATERIALIZED (
                    SELECT fs.id AS form_id, question ->> 'key' AS key, option ->> 'id' AS id, option ->> 'label' AS label
                    FROM fs, jsonb_array_elements(fs.definition -> 'questions') AS question,
                         jsonb_array_elements(coalesce(question -> 'options', '[]'::jsonb)) AS option
                )
                """
        }
        with = with + ", " + self.flags.thresholds
        var from: SQLQuery = """
            FROM fs JOIN responses r ON r.form_id = fs.id
            LEFT JOIN check_ins c ON c.id = r.check_in_id
            """ + "\n" + ExportFlags.join
        if !columns.isEmpty {
            from = from + "\nCROSS JOIN p LEFT JOIN LATERAL (SELECT " + aggregates
                + " FROM answers a LEFT JOIN ol ON ol.form_id = a.form_id AND ol.key = a.question_key AND ol.id = a.option_id"
                + " WHERE a.response_id = r.id" + ExportSQL.shownAnswers + ") a ON true"
        }
        let fixed: SQLQuery =
            // The id, the times and the order of an anonymous version's rows are ExportAnonymity's (decision 81).
            "SELECT " + ExportAnonymity.responseID + ", fs.meeting_id, fs.series_id, " + self.csv.cell(unsafeColumn: "fs.title")
            + """
                , fs.session_number, fs.version, \(ExportAnonymity.time(unsafeColumn: "r.submitted_at", zone: self.zone)), \(ExportAnonymity.time(unsafeColumn: "r.changed_at", zone: self.zone)),
                \(ExportAnonymity.secondsAfterEnd), \(ExportSQL.boolean(unsafeCondition: "r.check_in_id IS NOT NULL")),
                CASE WHEN fs.identified THEN
                """
            + " " + self.csv.cell(unsafeColumn: "c.name") + " END, "
            + self.csv.cell(ExportSQL.responseLanguage) + ", " + ExportFlags.cells(zone: self.zone)
        return with + "\n" + fixed + values + ", \(self.zone)::text\n" + from + "\nWHERE true" + self.window.sql + self.range.sql
            + ExportAnonymity.responsesOrder(columns: self.header(columns).count)
    }
}
