import Debrief
import Foundation
import PQ

/// What the privacy rule (``Disclosure``, one per exported meeting) withholds from the row
/// layouts, as the parameters of their SQL: the layouts decide nothing about k themselves
/// (docs/decisions/0009). A form version no disclosure decided is withheld whole.
public struct ExportPrivacy: Sendable {
    var decided: [UUID] = []
    var forms: [UUID] = []
    var questions: [String] = []
    /// "" for a question as a whole (COPY takes no NULL parameter).
    var statements: [String] = []
    var straightLining: [UUID] = []

    /// The withheld parts of `disclosures`' form versions.
    public init(_ disclosures: [Disclosure]) {
        for disclosure in disclosures {
            self.decided += disclosure.forms
            for cell in disclosure.withheldCells {
                self.forms.append(cell.form)
                self.questions.append(cell.question)
                self.statements.append(cell.statement)
            }
            self.straightLining += disclosure.straightLiningWithheld.sorted { $0.uuidString < $1.uuidString }
        }
    }
}

/// SQL pieces both row layouts share.
enum ExportSQL {
    /// What a withheld cell says, as in the other outputs: never empty, which would read as "not answered".
    static let withheld = "withheld"

    /// The language a response `r` of a form `fs` was given in: stored on forms in several
    /// languages, otherwise the form's own (docs/decisions/0037).
    static let responseLanguage = SQLQuery(unsafeSQL: "coalesce(r.language, fs.definition ->> 'language', 'en')")

    /// `fs`: the published form versions of the exported meetings, with what every row repeats
    /// (`decided`: a disclosure decided the version; `straight_withheld`: its straight-lining
    /// flag would tell a withheld grid statement). Materialized once, so no row re-reads a form's
    /// JSON definition. `wq`: the questions (`statement_key` '') and grid statements whose
    /// answers `privacy` withholds (see ``shownAnswers``).
    static func forms(_ meetings: SQLQuery, _ privacy: ExportPrivacy) -> SQLQuery {
        """
        fs AS MATERIALIZED (
            SELECT f.id, f.version, f.definition, m.id AS meeting_id, m.series_id, m.session_number, m.title, m.ends_at,
                   NOT coalesce((f.definition ->> 'anonymous')::boolean, true) AS identified,
                   f.id = ANY(\(privacy.decided)::uuid[]) AS decided,
                   f.id = ANY(\(privacy.straightLining)::uuid[]) AS straight_withheld
            FROM forms f JOIN meetings m ON m.id = f.meeting_id
            WHERE \(meetings) AND f.published_at IS NOT NULL
        ),
        wq AS MATERIALIZED (
            SELECT * FROM unnest(\(privacy.forms)::uuid[], \(privacy.questions)::text[], \(privacy.statements)::text[])
                AS wq(form_id, question_key, statement_key)
        )
        """
    }

    /// `AND …`: keeps only the `a` rows (answers) of a decided version `fs` whose question (and
    /// grid statement) ``forms(_:_:)`` does not withhold: those never leave the database, whatever
    /// the window.
    static let shownAnswers: SQLQuery =
        """
         AND fs.decided AND NOT EXISTS (SELECT 1 FROM wq WHERE wq.form_id = a.form_id AND wq.question_key = a.question_key
                         AND (wq.statement_key = '' OR wq.statement_key = a.statement_key))
        """

    /// Whether the column of question `key` (and grid `statement`, '' for none; SQL the program
    /// owns) is withheld for the responses of `fs`: then every response's cell says so, answered
    /// or not, since which responses answered would be a count of its own.
    static func withheldColumn(unsafeKey key: String, unsafeStatement statement: String) -> SQLQuery {
        SQLQuery(
            unsafeSQL: """
                (NOT fs.decided OR EXISTS (SELECT 1 FROM wq WHERE wq.form_id = fs.id AND wq.question_key = \(key)
                    AND (wq.statement_key = '' OR wq.statement_key = \(statement))))
                """)
    }

    /// A `timestamptz` column as ``ExportTime`` writes it, in `zone`. `column` is SQL text the
    /// program owns (`r.submitted_at`), never input.
    static func timestamp(unsafeColumn column: String, zone: String) -> SQLQuery {
        ExportTime.sql(unsafeColumn: column, zone: zone)
    }

    /// `true` / `false` (COPY would write PostgreSQL's `t` / `f`). `condition` is SQL text the
    /// program owns, never input.
    static func boolean(unsafeCondition condition: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "CASE WHEN \(condition) THEN 'true' ELSE 'false' END")
    }
}
