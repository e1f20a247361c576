import Debrief
import Foundation
import PQ

/// The unfiltered counts of a meeting's published form in ONE exchange with the server.
///
/// Every read a report needs — the meeting (with the viewer's access), the published versions,
/// their tallies, their newest texts, the time span, attendance and removals — is written so that
/// none depends on another's result: each names the versions by the same subquery instead of by
/// ids read first. ``Database/readSnapshot(_:function:fileID:)`` then sends them with `BEGIN` and
/// `COMMIT` as one pipeline, one consistent snapshot. Under load a report used to wait for a core
/// once per round trip, about ten times; now it waits once (decision record 19's "what a host's
/// read needs").
///
/// Filtered counts read the matching rows themselves and keep ``ResultsStore``'s step-by-step path.
struct ResultsSnapshot {
    let meetingID: UUID
    let viewer: Viewer
    /// Only the versions that share their results with participants (``ResultsStore/sharedCounts(formCode:)``).
    let sharedOnly: Bool

    /// The published versions counted, as a subquery of `forms` ids.
    private var versionIDs: SQLQuery {
        let shared: SQLQuery = self.sharedOnly ? " AND coalesce((v.definition ->> 'sharesResultsWithParticipants')::boolean, false)" : ""
        return "SELECT v.id FROM forms v WHERE v.meeting_id = \(self.meetingID) AND v.published_at IS NOT NULL" + shared
    }

    /// The statements, in the order ``counts(from:)`` reads their results.
    var queries: [SQLQuery] {
        let versions = self.versionIDs
        let scope: SQLQuery = "r.form_id IN (" + versions + ")"
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
            ResultsStore.attendance(meeting: self.meetingID, scope: scope),
            """
            SELECT count(*) AS n FROM response_removals WHERE form_id = (
                SELECT v.id FROM forms v WHERE v.id IN (\(versions)) ORDER BY v.version DESC LIMIT 1)
            """,
            self.newestTexts(versions),
        ]
    }

    /// The newest short answers (up to ``ResultsStore/textSample``) and "other" texts (up to
    /// ``ResultsStore/otherTextLimit``) of every question of every version, newest first: each a
    /// backward scan of its partial index on `(form_id, question_key, response_id)`, as before.
    private func newestTexts(_ versions: SQLQuery) -> SQLQuery {
        """
        SELECT q.form_id, q.question_key, t.other, t.text FROM (
            SELECT v.id AS form_id, e.question ->> 'key' AS question_key, e.question ->> 'kind' AS kind,
                coalesce((e.question ->> 'allowsOther')::boolean, false) AS allows_other
            FROM forms v CROSS JOIN LATERAL jsonb_array_elements(v.definition -> 'questions') AS e(question)
            WHERE v.id IN (\(versions))
        ) q CROSS JOIN LATERAL (
            (SELECT false AS other, a.text_value AS text, a.response_id FROM answers a
             WHERE q.kind = 'shortAnswer' AND a.form_id = q.form_id AND a.question_key = q.question_key AND a.text_value IS NOT NULL
             ORDER BY a.response_id DESC LIMIT \(ResultsStore.textSample))
            UNION ALL
            (SELECT true, a.other_text, a.response_id FROM answers a
             WHERE q.kind = 'choice' AND q.allows_other AND a.form_id = q.form_id AND a.question_key = q.question_key
               AND a.other_text IS NOT NULL
             ORDER BY a.response_id DESC LIMIT \(ResultsStore.otherTextLimit))
        ) t
        ORDER BY q.form_id, q.question_key, t.other, t.response_id DESC
        """
    }

    /// The counts from the results of ``queries``, or nil when the meeting has no published form.
    func counts(from results: [QueryResult]) throws -> ResultsCounts? {
        guard results.count == 7 else { throw PQError(.protocolViolation, "a results snapshot has 7 parts") }
        guard let meeting = try results[0].first.map(Meeting.init(row:)) else { throw DebriefError.notFound("meeting") }
        guard meeting.role.may(.read) else { throw SeriesAction.read.refusal }
        let versions = try results[1].map(StoredForm.init(row:))
        guard !versions.isEmpty else { return nil }
        var tallyRows: [UUID: [Row]] = [:]
        for row in results[2] { tallyRows[try row.decode("form_id"), default: []].append(row) }
        var texts: [UUID: [String: QuestionCounts]] = [:]
        for row in results[6] {
            let form: UUID = try row.decode("form_id")
            let key: String = try row.decode("question_key")
            let text: String = try row.decode("text")
            if try row.decode("other", as: Bool.self) {
                texts[form, default: [:]][key, default: QuestionCounts()].otherTexts.append(text)
            } else {
                texts[form, default: [:]][key, default: QuestionCounts()].texts.append(text)
            }
        }
        let tallies = try versions.map { version in
            let tally = try FormTally(rows: tallyRows[version.id] ?? [])
            var questions = tally.questions
            let read = texts[version.id] ?? [:]
            for question in version.definition.questions {
                let key = question.key.rawValue
                switch question.body {
                case .shortAnswer: questions[key, default: QuestionCounts()].texts = read[key]?.texts ?? []
                case .choice(let spec) where spec.allowsOther:
                    questions[key, default: QuestionCounts()].otherTexts = read[key]?.otherTexts ?? []
                default: break
                }
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
