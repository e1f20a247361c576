import Debrief
import PQ

/// What the store asks of a question kind (docs/decisions/0065): its answer's rows in `answers`
/// and back, and its columns in the raw responses layout. Each kind adopts it in
/// `<Kind>+Store.swift`; ``QuestionKind``'s `store` finds it, and `StoreKindPartTests` proves
/// every registered kind has one.
protocol StoreKindPart: QuestionKindDescriptor {
    /// Appends the rows of `value`, an answer to question `key` (``AnswerRows``).
    static func appendRows(_ value: Value, question key: String, to rows: inout AnswerRows)
    /// Whether a stored row is part of an answer of this kind (exactly one kind claims a row).
    static func claims(_ part: StoredAnswerPart) -> Bool
    /// `value` with one more stored row of the same question (rows come in `position` order).
    static func adding(_ part: StoredAnswerPart, to value: Value?) -> Value
    /// The raw responses layout's columns of a question: one per part shown on its own (a grid's
    /// statements), else one; whether it has an "other" column, option codes and numbers only.
    static func exportColumns(_ spec: Spec) -> ExportColumns
    /// The `kind` of this kind's own rows in `result_tallies` (a number's `'number'`, SQL/0063):
    /// each answer's value by its plain text, counted into ``QuestionCounts/valueCounts``; nil when
    /// the shared rows (options, ratings, statements) count its answers.
    static var valueTally: String? { get }
    /// The same rows counted from `answers` (`answers a JOIN responses r … WHERE …`), as
    /// `question_key, kind, value, count` for ``ResultTallies/counted(form:scope:)``; nil without
    /// `valueTally`.
    static func countedValueTally(answers: SQLQuery) -> SQLQuery?
}

extension StoreKindPart {
    static var valueTally: String? { nil }
    static func countedValueTally(answers: SQLQuery) -> SQLQuery? { nil }
}

/// One row of `answers`: one selected option, "other" text, rating, text, grid rating, or number
/// (its plain text, SQL/0063).
struct StoredAnswerPart {
    var optionID: String?
    var otherText: String?
    var rating: Int?
    var text: String?
    var statementKey: String?
    var number: String?

    init(
        optionID: String? = nil, otherText: String? = nil, rating: Int? = nil, text: String? = nil, statementKey: String? = nil,
        number: String? = nil
    ) {
        self.optionID = optionID
        self.otherText = otherText
        self.rating = rating
        self.text = text
        self.statementKey = statementKey
        self.number = number
    }

    init(row: Row) throws {
        self.optionID = try row.decode("option_id")
        self.otherText = try row.decode("other_text")
        self.rating = try row.decode("rating")
        self.text = try row.decode("text_value")
        self.statementKey = try row.decode("statement_key")
        self.number = try row.decode("number_value")
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
}
