import Debrief
import Foundation
import PQ

/// One page of a short-answer question's answers, newest first.
public struct TextAnswerPage: Sendable {
    public struct Item: Sendable, Encodable {
        public var text: String
        public var submittedAt: Date
    }

    public var items: [Item]
    public var nextCursor: String?
    /// True when the results withhold the question (``Disclosure``), so its texts are not shown.
    public var withheld: Bool
}

extension ResultsStore {
    /// Short answers to `key` of the meeting's latest published form, with those of the earlier
    /// versions where the question is comparable (as in the results), `limit` at a time; none
    /// when `disclosure` (the results' privacy decision) withholds the question.
    public func textAnswers(
        meeting meetingID: UUID, question key: String, visibleTo viewer: Viewer, after cursor: String?, limit: Int,
        disclosure: Disclosure
    ) async throws -> TextAnswerPage {
        var position: MeetingCursor?
        if let cursor {
            guard let decoded = MeetingCursor(encoded: cursor) else {
                throw ValidationFailure(problems: [FieldProblem(path: "cursor", message: "is not a cursor this service issued")])
            }
            position = decoded
        }
        return try await self.reads.database().withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            guard try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .read, on: connection) != nil else {
                throw DebriefError.notFound("short-answer question")
            }
            let versions = try await Self.publishedVersions(meetingID, on: connection)
            guard let form = versions.last,
                let question = form.definition.questions.first(where: { $0.key.rawValue == key }), question.kind == .shortAnswer
            else { throw DebriefError.notFound("short-answer question") }
            let ids = versions.filter { $0.id == form.id || form.definition.countsAnswers(of: $0.definition, to: question.key) }
                .map { $0.id.lowercasedText }
            let forms: SQLQuery = "a.form_id = ANY(\(ids)::uuid[])"
            if disclosure.reason(question: key, in: form.id) != nil {
                return TextAnswerPage(items: [], nextCursor: nil, withheld: true)
            }
            var after: SQLQuery = ""
            if let position {
                after = " AND (r.submitted_at, r.id) < (\(position.startsAt)::timestamptz, \(position.id)::uuid)"
            }
            let rows = try await connection.query(
                """
                SELECT a.text_value, r.submitted_at, r.id FROM answers a JOIN responses r ON r.id = a.response_id
                WHERE \(forms) AND a.question_key = \(key) AND a.text_value IS NOT NULL\(after)
                ORDER BY r.submitted_at DESC, r.id DESC LIMIT \(limit + 1)
                """)
            let items = try rows.prefix(limit).map {
                TextAnswerPage.Item(text: try $0.decode("text_value"), submittedAt: try $0.decode("submitted_at"))
            }
            var next: String?
            if rows.count > limit, let last = rows.dropLast().last {
                next = MeetingCursor(startsAt: try last.decode("submitted_at"), id: try last.decode("id")).encoded
            }
            return TextAnswerPage(items: items, nextCursor: next, withheld: false)
        }
    }
}
