import Debrief
import Foundation
import PQ

/// Counts a form's answers for the results view. Every query applies the same filter, so two
/// numbers on one screen never disagree.
public struct ResultsStore: Sendable {
    let database: Database
    /// Where lag-tolerant reads go: filtered counts, trends and answer pages (the unfiltered
    /// counts feed ``SharedResults`` once per change and stay on the primary).
    let reads: ReadReplica
    /// How many of the newest texts feed a word list or an "other" list.
    static let textSample = 1000
    static let otherTextLimit = 50

    public init(database: Database, reads: ReadReplica? = nil) {
        self.database = database
        self.reads = reads ?? .primaryOnly(database)
    }

    /// Counts for the meeting's latest published form, all read in one transaction (one
    /// consistent snapshot), or nil when it has none.
    ///
    /// Unfiltered counts come from the precomputed tallies (``ResultTallies``), so they cost the
    /// same at any number of responses; a filter (`since`, `until`, checked-in only) counts the
    /// matching rows themselves. Both give the same rows to the same code.
    public func counts(meeting meetingID: UUID, visibleTo viewer: Viewer, filter: ResultsFilter) async throws -> ResultsCounts? {
        try await self.counts(meeting: meetingID, version: nil, visibleTo: viewer, filter: filter)
    }

    /// Counts of one published version of the meeting's form (the latest when `version` is nil).
    func counts(meeting meetingID: UUID, version: Int?, visibleTo viewer: Viewer, filter: ResultsFilter) async throws -> ResultsCounts? {
        try await (filter.isEmpty ? self.database : self.reads.database()).withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            guard let meeting = try await MeetingStore.find(meetingID, visibleTo: viewer, on: connection) else {
                throw DebriefError.notFound("meeting")
            }
            let found: StoredForm?
            if let version {
                found = try await connection.query(
                    """
                    SELECT \(StoredForm.columns) FROM forms f
                    WHERE f.meeting_id = \(meetingID) AND f.version = \(version) AND f.published_at IS NOT NULL
                    """
                ).first.map(StoredForm.init(row:))
            } else {
                found = try await FormStore.latestPublished(meetingID, on: connection)
            }
            guard let form = found else { return nil }
            let all = try FormTally(rows: try await connection.query(ResultTallies.stored(form: form.id)))
            let scope = Self.responseScope(form: form.id, filter)
            let tally = filter.isEmpty ? all : try FormTally(rows: try await connection.query(ResultTallies.counted(form: form.id, scope: scope)))
            let span = try await connection.query(
                "SELECT min(r.submitted_at) AS first, max(r.submitted_at) AS last FROM responses r WHERE \(scope)"
            ).single()
            var questions = tally.questions
            try await self.readTexts(into: &questions, form: form, filter: filter, on: connection)
            let people = try await connection.query(Self.attendance(meeting: meetingID, scope: scope)).single()
            var counts = ResultsCounts(
                meeting: meeting, form: form, responses: tally.responses, allResponses: all.responses,
                checkIns: try people.decode("people"),
                firstResponseAt: try span.decode("first"), lastResponseAt: try span.decode("last"),
                times: tally.times, questions: questions, unfilteredQuestions: filter.isEmpty ? nil : all.questions)
            counts.checkedInResponded = try people.decode("responded")
            counts.possibleDuplicateCheckIns = try people.decode("possible")
            counts.removedByHost = try await connection.query(
                "SELECT count(*) AS n FROM response_removals WHERE form_id = \(form.id)"
            ).single().decode("n")
            return counts
        }
    }

    /// The unfiltered counts participants may see behind a public form code: those of the very
    /// version the code was published with, when that version shares its results; nil otherwise
    /// (unknown code, draft, or results not shared — indistinguishable on purpose). Sharing is
    /// decided per version, so a code never shows more than its own version allows.
    public func sharedCounts(formCode: String) async throws -> ResultsCounts? {
        guard
            let row = try await self.database.query(
                """
                SELECT f.meeting_id, f.version FROM forms f
                WHERE f.code = \(formCode) AND f.published_at IS NOT NULL
                  AND (f.definition ->> 'sharesResultsWithParticipants')::boolean
                """
            ).first
        else { return nil }
        return try await self.counts(
            meeting: try row.decode("meeting_id"), version: try row.decode("version"), visibleTo: .service, filter: ResultsFilter())
    }

    /// Every session of a series with what was counted for it, for trends.
    public func seriesCounts(series seriesID: UUID, visibleTo viewer: Viewer) async throws -> [SessionCounts] {
        try await self.reads.database().withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let rows = try await connection.query(
                """
                SELECT m.id AS meeting_id, m.session_number, m.starts_at, m.expected_head_count,
                       (SELECT \(Self.people) FROM check_ins c WHERE c.meeting_id = m.id) AS check_ins,
                       (SELECT count(DISTINCT \(Self.person)) FROM responses r JOIN check_ins c ON c.id = r.check_in_id
                        WHERE r.form_id = f.id AND c.duplicate_status IS DISTINCT FROM 'possible') AS responded, \(StoredForm.columns)
                FROM meeting_series s JOIN meetings m ON m.series_id = s.id AND m.trashed_at IS NULL
                LEFT JOIN LATERAL (
                    SELECT * FROM forms WHERE meeting_id = m.id AND published_at IS NOT NULL ORDER BY version DESC LIMIT 1
                ) f ON true
                WHERE s.id = \(seriesID) AND \(SQLQuery.visible(to: viewer, alias: "s"))
                ORDER BY m.session_number
                """)
            guard !rows.isEmpty else { throw DebriefError.notFound("series") }
            var sessions: [SessionCounts] = []
            for row in rows {
                let form = row.isNull("id") ? nil : try StoredForm(row: row)
                // Trends need counts only, no texts.
                var tally = try FormTally(rows: [Row]())
                if let form { tally = try FormTally(rows: try await connection.query(ResultTallies.stored(form: form.id))) }
                sessions.append(
                    SessionCounts(
                        sessionNumber: try row.decode("session_number"), meetingID: try row.decode("meeting_id"),
                        startsAt: try row.decode("starts_at"), form: form?.definition, responses: tally.responses,
                        checkedIn: try row.decode("check_ins"), checkedInResponded: try row.decode("responded"),
                        expectedHeadCount: try row.decode("expected_head_count"), questions: tally.questions))
            }
            return sessions
        }
    }

    /// People checked in to the meeting (`people`: a merged repeat counts once, a possible
    /// duplicate not at all), how many of them have a response among the `r` rows of `scope`
    /// (`responded`: a subset of `people`, so the rate of those checked in cannot pass 100 %), and
    /// the possible duplicates (`possible`). Counted from the rows: check-ins are people, few.
    static func attendance(meeting meetingID: UUID, scope: SQLQuery) -> SQLQuery {
        """
        SELECT
            (SELECT \(Self.people) FROM check_ins c WHERE c.meeting_id = \(meetingID)) AS people,
            (SELECT count(*) FROM check_ins c WHERE c.meeting_id = \(meetingID) AND c.duplicate_status = 'possible') AS possible,
            (SELECT count(DISTINCT \(Self.person)) FROM responses r JOIN check_ins c ON c.id = r.check_in_id
             WHERE \(scope) AND c.meeting_id = \(meetingID) AND c.duplicate_status IS DISTINCT FROM 'possible') AS responded
        """
    }

    /// The person a check-in `c` stands for: its roster member (checked in or marked by the
    /// host, once however often), else the check-in a merged repeat points at, else itself.
    static let person = SQLQuery(
        unsafeSQL: "coalesce(c.roster_member_id, CASE WHEN c.duplicate_status = 'merged' THEN c.duplicate_of ELSE c.id END)")

    /// People among the check-ins `c`: distinct persons, possible duplicates left out (an
    /// aggregate over `check_ins c`).
    static let people = SQLQuery(
        unsafeSQL: "count(DISTINCT coalesce(c.roster_member_id, CASE WHEN c.duplicate_status = 'merged' THEN c.duplicate_of ELSE c.id END)) FILTER (WHERE c.duplicate_status IS DISTINCT FROM 'possible')")

    /// `r` rows of the form that pass the filter.
    static func responseScope(form: UUID, _ filter: ResultsFilter) -> SQLQuery {
        var scope: SQLQuery = "r.form_id = \(form)"
        if let since = filter.since { scope = scope + " AND r.submitted_at >= \(since)::timestamptz" }
        if let until = filter.until { scope = scope + " AND r.submitted_at < \(until)::timestamptz" }
        if filter.checkedInOnly {
            // Possible duplicate check-ins (SQL/0007) are left out until the host decides.
            scope = scope + """
                 AND r.check_in_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM check_ins d WHERE d.id = r.check_in_id AND d.duplicate_status = 'possible')
                """
        }
        return scope
    }

    /// The newest short answers and "other" texts of each question, which are not tallied.
    private func readTexts(
        into questions: inout [String: QuestionCounts], form: StoredForm, filter: ResultsFilter, on connection: Connection
    ) async throws {
        for question in form.definition.questions {
            let key = question.key.rawValue
            switch question.body {
            case .shortAnswer:
                questions[key, default: QuestionCounts()].texts = try await self.newestTexts(
                    .textValue, key: key, form: form.id, filter: filter, limit: Self.textSample, on: connection)
            case .choice(let spec) where spec.allowsOther:
                questions[key, default: QuestionCounts()].otherTexts = try await self.newestTexts(
                    .otherText, key: key, form: form.id, filter: filter, limit: Self.otherTextLimit, on: connection)
            default:
                break
            }
        }
    }

    /// The two text columns of `answers`.
    enum TextColumn: String {
        case textValue = "text_value"
        case otherText = "other_text"
    }

    /// Up to `limit` texts of one question, newest response first. Unfiltered, one backward scan
    /// of the column's partial index on `(form_id, question_key, response_id)` — response ids are
    /// time-ordered — so the cost does not grow with the number of responses. A filter needs
    /// the responses' times and check-ins: those rows are joined and sorted.
    private func newestTexts(
        _ column: TextColumn, key: String, form: UUID, filter: ResultsFilter, limit: Int, on connection: Connection
    ) async throws -> [String] {
        // A fixed column name from the enum above, never input.
        let value = SQLQuery(unsafeSQL: "a." + column.rawValue)
        let query: SQLQuery
        if filter.isEmpty {
            query = """
                SELECT \(value) AS text FROM answers a
                WHERE a.form_id = \(form) AND a.question_key = \(key) AND \(value) IS NOT NULL
                ORDER BY a.response_id DESC LIMIT \(limit)
                """
        } else {
            query = """
                SELECT \(value) AS text FROM answers a JOIN responses r ON r.id = a.response_id
                WHERE a.form_id = \(form) AND a.question_key = \(key) AND \(value) IS NOT NULL
                  AND \(Self.responseScope(form: form, filter))
                ORDER BY r.submitted_at DESC, r.id DESC LIMIT \(limit)
                """
        }
        return try await connection.query(query).map { try $0.decode("text", as: String.self) }
    }
}
