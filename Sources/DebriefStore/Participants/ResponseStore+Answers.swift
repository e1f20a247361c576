import Debrief
import Foundation
import PQ

extension ResponseStore {
    /// The answers of `responseID` — a response without a participant token to the form of
    /// `meeting`, any version — as the participant sent them, to show them again for a change;
    /// nil when there is no such response (the host removed it, or it is another meeting's).
    public func tokenlessAnswers(of responseID: UUID, meeting: UUID) async throws -> [Answer]? {
        let rows = try await self.database.query(
            """
            SELECT a.question_key, a.option_id, a.other_text, a.rating, a.text_value, a.statement_key
            FROM responses r JOIN forms f ON f.id = r.form_id
            LEFT JOIN answers a ON a.response_id = r.id
            WHERE r.id = \(responseID) AND r.check_in_id IS NULL AND f.meeting_id = \(meeting)
            ORDER BY a.question_key, a.position
            """)
        guard !rows.isEmpty else { return nil }
        var order: [QuestionKey] = []
        var values: [QuestionKey: AnswerValue] = [:]
        for row in rows {
            // A response without answers (every question optional) has one row of NULLs.
            guard let name: String = try row.decode("question_key"), let key = QuestionKey(rawValue: name) else { continue }
            if values[key] == nil { order.append(key) }
            values[key] = Self.adding(try StoredPart(row: row), to: values[key])
        }
        return order.compactMap { key in values[key].map { Answer(questionKey: key, value: $0) } }
    }

    /// One row of `answers`: one selected option, "other" text, rating, text, or grid rating.
    private struct StoredPart {
        var optionID: String?
        var otherText: String?
        var rating: Int?
        var text: String?
        var statementKey: String?

        init(row: Row) throws {
            self.optionID = try row.decode("option_id")
            self.otherText = try row.decode("other_text")
            self.rating = try row.decode("rating")
            self.text = try row.decode("text_value")
            self.statementKey = try row.decode("statement_key")
        }
    }

    /// `value` with one more stored row of the same question (rows come in `position` order).
    private static func adding(_ part: StoredPart, to value: AnswerValue?) -> AnswerValue? {
        if let statement = part.statementKey, let rating = part.rating {
            guard case .grid(let ratings)? = value else { return .grid([GridRating(statementKey: statement, value: rating)]) }
            return .grid(ratings + [GridRating(statementKey: statement, value: rating)])
        }
        if let rating = part.rating { return .rating(rating) }
        if let text = part.text { return .text(text) }
        var ids: [String] = []
        var other: String?
        if case .choice(let earlier, let earlierOther)? = value { (ids, other) = (earlier, earlierOther) }
        if let id = part.optionID { ids.append(id) }
        if let text = part.otherText { other = text }
        return .choice(optionIds: ids, otherText: other)
    }
}
