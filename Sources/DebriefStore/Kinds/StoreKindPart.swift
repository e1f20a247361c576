import Debrief
import PQ

/// What the store asks of a question kind (docs/decisions/0065): its answer's rows in `answers`
/// and back, and its columns in the raw responses layout. A stored row is read back by the kind
/// of its question (its form version's), never guessed from the columns it fills; what a row adds
/// to the tallies follows from those columns (SQL/0079), so no kind names a tally of its own. Each kind adopts it in
/// `<Kind>+Store.swift`; ``QuestionKind``'s `store` finds it, and `StoreKindPartTests` proves
/// every registered kind has one.
protocol StoreKindPart: QuestionKindDescriptor {
    /// Appends the rows of `value`, an answer to question `key` (``AnswerRows``).
    static func appendRows(_ value: Value, question key: String, to rows: inout AnswerRows)
    /// `value` with one more stored row of the same question (rows come in `position` order).
    static func adding(_ part: StoredAnswerPart, to value: Value?) -> Value
    /// The raw responses layout's columns of a question: one per part shown on its own (a grid's
    /// statements), else one; whether it has an "other" column, option codes and numbers only.
    static func exportColumns(_ spec: Spec) -> ExportColumns
    /// The text columns a report reads of a question, newest first (none by default): a short
    /// answer's written texts, a choice's "other" texts when it allows them.
    static func textColumns(_ spec: Spec) -> [ResultsStore.TextColumn]
}

/// One row of `answers`: one selected option, "other" text, rating, text, grid rating, or one
/// value with a numeric form (`numeric_value`, its written form in `text`; SQL/0079).
struct StoredAnswerPart {
    var optionID: String?
    var otherText: String?
    var rating: Int?
    var text: String?
    var statementKey: String?
    /// `numeric_value` as text.
    var numeric: String?

    init(
        optionID: String? = nil, otherText: String? = nil, rating: Int? = nil, text: String? = nil, statementKey: String? = nil,
        numeric: String? = nil
    ) {
        self.optionID = optionID
        self.otherText = otherText
        self.rating = rating
        self.text = text
        self.statementKey = statementKey
        self.numeric = numeric
    }

    init(row: Row) throws {
        self.optionID = try row.decode("option_id")
        self.otherText = try row.decode("other_text")
        self.rating = try row.decode("rating")
        self.text = try row.decode("text_value")
        self.statementKey = try row.decode("statement_key")
        self.numeric = try row.decode("numeric_value")
    }
}

/// A question's columns in the raw responses layout.
struct ExportColumns {
    /// One part of an answer with a column of its own (a grid's statement, a ranking's option):
    /// its key in `statement_key` and the label the header shows.
    struct Statement: Equatable {
        var key: String
        var label: String
    }

    /// One column per statement; `[nil]`: one column for the whole answer.
    var statements: [Statement?] = [nil]
    var hasOther = false
    var hasCodes = false
    var numeric = false
}

extension QuestionKind {
    /// This kind's store part (nil only for a kind registered without one, which a test refuses).
    var store: (any StoreKindPart.Type)? { self.descriptor as? any StoreKindPart.Type }
}

extension StoreKindPart {
    static func appendRows(of answer: AnswerValue, question key: String, to rows: inout AnswerRows) {
        guard let value = value(of: answer) else { return }
        appendRows(value, question: key, to: &rows)
    }

    static func adding(_ part: StoredAnswerPart, toAnswer answer: AnswerValue?) -> AnswerValue {
        self.answer(adding(part, to: answer.flatMap { value(of: $0) }))
    }

    static func exportColumns(of body: QuestionBody) -> ExportColumns {
        spec(of: body).map { exportColumns($0) } ?? ExportColumns()
    }

    static func textColumns(_ spec: Spec) -> [ResultsStore.TextColumn] { [] }

    static func textColumns(of body: QuestionBody) -> [ResultsStore.TextColumn] {
        spec(of: body).map { textColumns($0) } ?? []
    }
}
