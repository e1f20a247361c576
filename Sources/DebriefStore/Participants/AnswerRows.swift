import Debrief
import PQ

/// The answers of one response as column arrays, so they go into the database in ONE statement
/// (`INSERT … SELECT … FROM unnest($1::text[], $2::smallint[], …)`) whatever their number.
///
/// One row per selected option, one for an "other" text, one per rating or text answer;
/// `position` keeps the order of a choice's selections.
struct AnswerRows: Sendable {
    var questionKeys: [String] = []
    var positions: [Int] = []
    var optionIds: [String?] = []
    var otherTexts: [String?] = []
    var ratings: [Int?] = []
    var texts: [String?] = []

    init(_ answers: [Answer]) {
        for answer in answers {
            let key = answer.questionKey.rawValue
            switch answer.value {
            case .choice(let ids, let other):
                for (position, id) in ids.enumerated() {
                    self.append(key, position, optionId: id)
                }
                if let other { self.append(key, ids.count, otherText: other) }
            case .rating(let value):
                self.append(key, 0, rating: value)
            case .text(let text):
                self.append(key, 0, text: text)
            }
        }
    }

    private mutating func append(
        _ key: String, _ position: Int, optionId: String? = nil, otherText: String? = nil, rating: Int? = nil,
        text: String? = nil
    ) {
        self.questionKeys.append(key)
        self.positions.append(position)
        self.optionIds.append(optionId)
        self.otherTexts.append(otherText)
        self.ratings.append(rating)
        self.texts.append(text)
    }

    /// `INSERT INTO answers …` for response `responseID` of form `formID`, as a statement or a
    /// CTE body; `source` (e.g. `w`) is joined in, so no row is written when it is empty.
    func insert(response responseID: SQLQuery, form formID: SQLQuery, from source: SQLQuery? = nil) -> SQLQuery {
        let join: SQLQuery = source.map { $0 + ", " } ?? ""
        return """
            INSERT INTO answers (response_id, form_id, question_key, position, option_id, other_text, rating, text_value)
            SELECT \(responseID), \(formID), u.question_key, u.position, u.option_id, u.other_text, u.rating, u.text_value
            FROM \(join)unnest(\(self.questionKeys)::text[], \(self.positions)::smallint[], \(self.optionIds)::text[],
                        \(self.otherTexts)::text[], \(self.ratings)::smallint[], \(self.texts)::text[])
                 AS u(question_key, position, option_id, other_text, rating, text_value)
            """
    }
}
