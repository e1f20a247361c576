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
                a.numeric_value::text AS numeric_value,
                (SELECT q ->> 'kind' FROM jsonb_array_elements(f.definition -> 'questions') AS q
                 WHERE q ->> 'key' = a.question_key LIMIT 1) AS question_kind
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
            // The row is its question's kind's, in the form version it answered.
            guard let kindName: String = try row.decode("question_kind"), let store = QuestionKind(rawValue: kindName)?.store else { continue }
            values[key] = store.adding(try StoredAnswerPart(row: row), toAnswer: values[key])
        }
        return order.compactMap { key in values[key].map { Answer(questionKey: key, value: $0) } }
    }
}
