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
            SELECT a.question_key, a.option_id, a.other_text, a.rating, a.text_value, a.statement_key,
                a.number_value::text AS number_value
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
            values[key] = Self.adding(try StoredAnswerPart(row: row), to: values[key])
        }
        return order.compactMap { key in values[key].map { Answer(questionKey: key, value: $0) } }
    }

    /// `value` with one more stored row of the same question, as the kind that claims the row adds it
    /// (``StoreKindPart``); a row no kind claims is left out.
    private static func adding(_ part: StoredAnswerPart, to value: AnswerValue?) -> AnswerValue? {
        guard let kind = QuestionKind.allCases.first(where: { $0.store?.claims(part) == true }), let store = kind.store else { return value }
        return store.adding(part, toAnswer: value)
    }
}
