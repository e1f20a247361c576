import Debrief
import PQ

/// The answers of one response as column arrays, so they go into the database in ONE statement
/// (`INSERT … SELECT … FROM unnest($1::text[], $2::smallint[], …)`) whatever their number.
///
/// One row per selected option, one for an "other" text, one per rating or text answer, one per
/// rated statement of a grid (with its `statement_key`); `position` keeps the order of a
/// choice's selections and of a grid's rated statements. A value with a numeric form has it in
/// `numeric_value` and its written form in `text_value` (SQL/0079).
struct AnswerRows: Sendable {
    var questionKeys: [String] = []
    var positions: [Int] = []
    var optionIds: [String?] = []
    var otherTexts: [String?] = []
    var ratings: [Int?] = []
    var texts: [String?] = []
    var statementKeys: [String?] = []
    var numerics: [String?] = []

    init(_ answers: [Answer]) {
        for answer in answers {
            let key = answer.questionKey.rawValue
            answer.value.kind.store?.appendRows(of: answer.value, question: key, to: &self)
        }
    }

    /// One row; each kind's ``StoreKindPart`` says which columns its answer fills.
    mutating func append(
        _ key: String, _ position: Int, optionId: String? = nil, otherText: String? = nil, rating: Int? = nil,
        text: String? = nil, statementKey: String? = nil, numeric: String? = nil
    ) {
        self.questionKeys.append(key)
        self.positions.append(position)
        self.optionIds.append(optionId)
        self.otherTexts.append(otherText)
        self.ratings.append(rating)
        self.texts.append(text)
        self.statementKeys.append(statementKey)
        self.numerics.append(numeric)
    }

    /// Appends `other`'s rows.
    mutating func append(contentsOf other: AnswerRows) {
        self.questionKeys += other.questionKeys
        self.positions += other.positions
        self.optionIds += other.optionIds
        self.otherTexts += other.otherTexts
        self.ratings += other.ratings
        self.texts += other.texts
        self.statementKeys += other.statementKeys
        self.numerics += other.numerics
    }

    /// The column arrays of `unnest(…)`, in the order of ``columns``.
    var unnestArguments: SQLQuery {
        """
        \(self.questionKeys)::text[], \(self.positions)::smallint[], \(self.optionIds)::text[], \(self.otherTexts)::text[],
        \(self.ratings)::smallint[], \(self.texts)::text[], \(self.statementKeys)::text[],
        \(self.numerics)::numeric[]
        """
    }

    /// The columns of `answers` these rows fill, besides the response and the form.
    static let columns: SQLQuery = "question_key, position, option_id, other_text, rating, text_value, statement_key, numeric_value"

    /// `INSERT INTO answers …` for response `responseID` of form `formID`, as a statement or a
    /// CTE body; `source` (e.g. `w`) is joined in, so no row is written when it is empty.
    func insert(response responseID: SQLQuery, form formID: SQLQuery, from source: SQLQuery? = nil) -> SQLQuery {
        let join: SQLQuery = source.map { $0 + ", " } ?? ""
        return """
            INSERT INTO answers (response_id, form_id, \(Self.columns))
            SELECT \(responseID), \(formID), u.*
            FROM \(join)unnest(\(self.unnestArguments)) AS u(\(Self.columns))
            """
    }
}
