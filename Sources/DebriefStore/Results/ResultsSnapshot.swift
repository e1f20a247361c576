import Debrief
import Foundation
import PQ

/// The unfiltered counts of a meeting's published form in TWO exchanges with the server, one
/// snapshot.
///
/// The counts a report needs — the meeting (with the viewer's access), the published versions,
/// their tallies, the time span, attendance and removals — are written so that none depends on
/// another's result: each names the versions by the same subquery instead of by ids read first,
/// and they go as one pipeline after `BEGIN`. The newest texts go second, one backward index scan
/// per text question of the versions just read: a single query that found the questions in the
/// forms' JSON could not be planned well, since the planner cannot know how many answers such a
/// key has (it sorted every text of a question, half a second at a million responses).
/// ``Database/readSnapshot(_:then:function:fileID:)`` runs both stages in one transaction. Under
/// load a report used to wait for a core once per round trip, ten times or more; now twice
/// (decision record 19).
///
/// What participants see has no texts (``Debrief/ResultsReport/participantView``), only the word
/// cloud of short answers: their counts read the short answers' texts, not the "other" texts
/// (``ResultsStore/Texts/shortAnswers``); the second exchange only commits when the form has none.
///
/// Filtered counts read the matching rows themselves and keep ``ResultsStore``'s step-by-step path.
struct ResultsSnapshot {
    let meetingID: UUID
    let viewer: Viewer
    /// Only the versions that share their results with participants (``ResultsStore/sharedCounts(formCode:)``).
    let sharedOnly: Bool
    let texts: ResultsStore.Texts

    /// Reads the snapshot: two exchanges (the second one empty when no version has a text list).
    func read(_ database: Database) async throws -> ResultsCounts? {
        let texts = self.texts
        let read = try await database.readSnapshot(self.queries) { try Self.textQueries(after: $0, texts: texts) }
        return try self.counts(from: read.first, texts: read.then)
    }

    /// The published versions counted, as a subquery of `forms` ids.
    private var versionIDs: SQLQuery {
        let shared: SQLQuery = self.sharedOnly ? " AND coalesce((v.definition ->> 'sharesResultsWithParticipants')::boolean, false)" : ""
        return "SELECT v.id FROM forms v WHERE v.meeting_id = \(self.meetingID) AND v.published_at IS NOT NULL" + shared
    }

    /// The first stage, in the order ``counts(from:texts:)`` reads its results.
    var queries: [SQLQuery] {
        let versions = self.versionIDs
        return [
            "SELECT \(Meeting.columns(for: self.viewer)) FROM meetings m WHERE m.id = \(self.meetingID) AND \(SQLQuery.visible(to: self.viewer))",
            "SELECT \(StoredForm.columns) FROM forms f WHERE f.id IN (" + versions + ") ORDER BY f.version",
            """
            SELECT form_id, question_key, kind, value, sum(n)::bigint AS n FROM (
                SELECT form_id, question_key, kind, value, count AS n FROM result_tallies WHERE form_id IN (\(versions))
                UNION ALL
                SELECT form_id, question_key, kind, value, delta FROM result_tally_deltas WHERE form_id IN (\(versions))
            ) t GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
            """,
            // Per version, so each min and max is one step down the (form_id, submitted_at) index.
            """
            SELECT min(x.first) AS first, max(x.last) AS last FROM (\(versions)) s CROSS JOIN LATERAL (
                SELECT min(r.submitted_at) AS first, max(r.submitted_at) AS last FROM responses r WHERE r.form_id = s.id
            ) x
            """,
            ResultsStore.attendance(meeting: self.meetingID, respondedTo: versions),
            // Removals from every version the report covers, as its responses are.
            "SELECT count(*) AS n FROM response_removals WHERE form_id IN (" + versions + ")",
        ]
    }

    /// One text list a report shows: the newest short answers, or "other" texts, of a question.
    struct TextList {
        let form: UUID
        let key: String
        let column: ResultsStore.TextColumn
    }

    /// The text lists of `versions`: each question's columns, as its kind says, of those `texts`
    /// reads.
    static func textLists(_ versions: [StoredForm], texts: ResultsStore.Texts) -> [TextList] {
        versions.flatMap { version in
            version.definition.questions.flatMap { question in
                (question.kind.store?.textColumns(of: question.body) ?? []).filter(texts.reads).map {
                    TextList(form: version.id, key: question.key.rawValue, column: $0)
                }
            }
        }
    }

    /// The second stage: a query per text list of the versions the first stage read.
    static func textQueries(after first: [QueryResult], texts: ResultsStore.Texts) throws -> [SQLQuery] {
        guard first.count > 1 else { return [] }
        return try Self.textLists(first[1].map(StoredForm.init(row:)), texts: texts).map { list in
            ResultsStore.newestTexts(
                list.column, key: list.key, form: list.form, limit: list.column.limit)
        }
    }

    /// The counts from the results of both stages, or nil when the meeting has no published form.
    func counts(from results: [QueryResult], texts: [QueryResult]) throws -> ResultsCounts? {
        guard results.count == 6 else { throw PQError(.protocolViolation, "a results snapshot has 6 parts") }
        guard let meeting = try results[0].first.map(Meeting.init(row:)) else { throw DebriefError.notFound("meeting") }
        guard meeting.role.may(.read) else { throw SeriesAction.read.refusal }
        let versions = try results[1].map(StoredForm.init(row:))
        guard !versions.isEmpty else { return nil }
        var tallyRows: [UUID: [Row]] = [:]
        for row in results[2] { tallyRows[try row.decode("form_id"), default: []].append(row) }
        let lists = Self.textLists(versions, texts: self.texts)
        guard lists.count == texts.count else { throw PQError(.protocolViolation, "a results snapshot read other text lists") }
        var read: [UUID: [String: QuestionCounts]] = [:]
        for (list, rows) in zip(lists, texts) {
            let values = try rows.map { try $0.decode("text", as: String.self) }
            list.column.keep(values, in: &read[list.form, default: [:]][list.key, default: QuestionCounts()])
        }
        let tallies = try versions.map { version in
            let tally = try FormTally(rows: tallyRows[version.id] ?? [])
            var questions = tally.questions
            for (key, texts) in read[version.id] ?? [:] {
                questions[key, default: QuestionCounts()].texts = texts.texts
                questions[key, default: QuestionCounts()].otherTexts = texts.otherTexts
            }
            return ResultsStore.VersionTally(form: version, all: tally, filtered: tally, questions: questions)
        }
        // Flags from the tallies of every version, judged by the current version's threshold.
        var completion = CompletionTally()
        for tally in tallies { completion.add(tally.all.completion) }
        let threshold = SpeederThreshold.seconds(for: versions[versions.count - 1].definition)
        let span = try results[3].single()
        return try ResultsStore.assemble(
            meeting: meeting, tallies: tallies, filtered: false, first: span.decode("first"), last: span.decode("last"),
            people: results[4].single(), removedByHost: results[5].single().decode("n"), quality: completion.quality(threshold: threshold))
    }
}
