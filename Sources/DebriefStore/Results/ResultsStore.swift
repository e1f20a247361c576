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

    /// Whether `viewer` may see the meeting now, asked of the primary: a co-host's reads of a
    /// report served from memory ask it every time, so a revoked share holds from the next read.
    public func isVisible(meeting meetingID: UUID, to viewer: Viewer) async throws -> Bool {
        try await !self.database.query("SELECT 1 FROM meetings m WHERE m.id = \(meetingID) AND \(SQLQuery.visible(to: viewer))").isEmpty
    }

    /// Counts for the meeting's published form, every version of it, all read in one
    /// transaction (one consistent snapshot), or nil when it has none.
    ///
    /// Unfiltered counts come from the precomputed tallies (``ResultTallies``), so they cost the
    /// same at any number of responses; a filter (`since`, `until`, checked-in only) counts the
    /// matching rows themselves. Both give the same rows to the same code. Each version is
    /// counted on its own; the report merges the comparable questions.
    public func counts(meeting meetingID: UUID, visibleTo viewer: Viewer, filter: ResultsFilter) async throws -> ResultsCounts? {
        try await self.counts(meeting: meetingID, sharedOnly: false, visibleTo: viewer, filter: filter)
    }

    /// Which texts a count reads besides the tallies.
    enum Texts {
        /// The newest short answers and "other" texts of each question, for the host's report.
        case newest
        /// The newest short answers only, for what participants see
        /// (``Debrief/ResultsReport/participantView``): no text itself, but the words of short
        /// answers that at least k respondents used (their word cloud, docs/decisions/0064);
        /// no "other" texts (unfiltered counts only).
        case shortAnswers

        /// Whether a count of this sort reads `column`.
        func reads(_ column: TextColumn) -> Bool { self == .newest || column == .textValue }
    }

    /// As above; `sharedOnly` counts only the versions that share their results with participants.
    func counts(
        meeting meetingID: UUID, sharedOnly: Bool, visibleTo viewer: Viewer, filter: ResultsFilter, texts: Texts = .newest
    ) async throws -> ResultsCounts? {
        if filter.isEmpty {
            return try await ResultsSnapshot(meetingID: meetingID, viewer: viewer, sharedOnly: sharedOnly, texts: texts).read(self.database)
        }
        return try await self.reads.database().withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            guard let meeting = try await MeetingStore.find(meetingID, visibleTo: viewer, toDo: .read, on: connection) else {
                throw DebriefError.notFound("meeting")
            }
            var versions = try await Self.publishedVersions(meetingID, on: connection)
            if sharedOnly { versions = versions.filter(\.definition.sharesResultsWithParticipants) }
            guard let form = versions.last else { return nil }
            // The current version's speeder threshold judges the responses of every version.
            let seconds = SpeederThreshold.seconds(for: form.definition)
            var tallies: [VersionTally] = []
            for version in versions {
                let all = try FormTally(rows: try await connection.query(ResultTallies.stored(form: version.id)))
                let filtered = try FormTally(
                    rows: try await connection.query(
                        ResultTallies.counted(
                            form: version.id, scope: Self.responseScope(forms: [version.id], filter, speederSeconds: seconds))))
                var questions = filtered.questions
                try await self.readTexts(into: &questions, form: version, filter: filter, speederSeconds: seconds, on: connection)
                tallies.append(VersionTally(form: version, all: all, filtered: filtered, questions: questions))
            }
            let scope = Self.responseScope(forms: versions.map(\.id), filter, speederSeconds: seconds)
            let span = try await connection.query(
                "SELECT min(r.submitted_at) AS first, max(r.submitted_at) AS last FROM responses r WHERE \(scope)"
            ).single()
            // Flags are counted within the other filters, flagged responses included: what excluding them removes.
            let quality = try ResponseFlags.quality(
                try await connection.query(
                    ResponseFlags.counts(
                        scope: Self.responseScope(forms: versions.map(\.id), filter.includingFlagged, speederSeconds: seconds),
                        seconds: seconds)
                ).single())
            return try Self.assemble(
                meeting: meeting, tallies: tallies, filtered: true, first: span.decode("first"), last: span.decode("last"),
                people: try await connection.query(Self.attendance(meeting: meetingID, scope: scope)).single(),
                // Removals from every version the report covers, as its responses are.
                removedByHost: try await connection.query(
                    "SELECT count(*) AS n FROM response_removals WHERE form_id = ANY(\(versions.map { $0.id.lowercasedText })::uuid[])"
                ).single().decode("n"), quality: quality)
        }
    }

    /// One published version's counts: all of them, those the filter keeps (the same when
    /// unfiltered), and per question the filtered counts with the newest texts.
    struct VersionTally {
        var form: StoredForm
        var all: FormTally
        var filtered: FormTally
        var questions: [String: QuestionCounts]
    }

    /// The counts of a meeting from what was read of it (versions oldest first, at least one).
    static func assemble(
        meeting: Meeting, tallies: [VersionTally], filtered: Bool, first: Date?, last: Date?, people: Row, removedByHost: Int,
        quality: QualityCounts
    ) throws -> ResultsCounts {
        var perMinute: [Int64: Int] = [:]
        var languages: [String: Int] = [:]
        for tally in tallies {
            perMinute.merge(tally.filtered.times.counts, uniquingKeysWith: +)
            languages.merge(tally.filtered.languages, uniquingKeysWith: +)
        }
        let current = tallies[tallies.count - 1]
        var counts = ResultsCounts(
            meeting: meeting, form: current.form, responses: tallies.reduce(0) { $0 + $1.filtered.responses },
            allResponses: tallies.reduce(0) { $0 + $1.all.responses }, checkIns: try people.decode("people"),
            firstResponseAt: first, lastResponseAt: last, times: ResponseTimes(perMinute: perMinute), questions: current.questions,
            unfilteredQuestions: filtered ? current.all.questions : nil)
        counts.earlierVersions = tallies.dropLast().map {
            VersionCounts(
                form: $0.form, responses: $0.filtered.responses, allResponses: $0.all.responses, questions: $0.questions,
                unfilteredQuestions: filtered ? $0.all.questions : nil)
        }
        counts.languages = languages
        counts.quality = quality
        counts.checkedInResponded = try people.decode("responded")
        counts.personalLinkAnswers = try people.decode("link_answers")
        counts.possibleDuplicateCheckIns = try people.decode("possible")
        counts.removedByHost = removedByHost
        return counts
    }

    /// Every published version of the meeting's form, oldest first.
    static func publishedVersions(_ meetingID: UUID, on connection: Connection) async throws -> [StoredForm] {
        try await connection.query(
            """
            SELECT \(StoredForm.columns) FROM forms f
            WHERE f.meeting_id = \(meetingID) AND f.published_at IS NOT NULL ORDER BY f.version
            """
        ).map(StoredForm.init(row:))
    }

    /// The unfiltered counts participants may see behind a public form code (any code the
    /// meeting's form was published under), with no text but short answers' words: when the current version shares its
    /// results, the counts of the versions that share theirs; nil otherwise (unknown code, draft, or results
    /// not shared — indistinguishable on purpose). See decision record 20.
    public func sharedCounts(formCode: String) async throws -> ResultsCounts? {
        guard
            let row = try await self.database.query(
                "SELECT f.meeting_id, f.definition FROM \(ParticipantFormStore.current(formCode))"
            ).first,
            try row.decode("definition", as: SQLJSON<FormDefinition>.self).value.sharesResultsWithParticipants
        else { return nil }
        return try await self.counts(
            meeting: try row.decode("meeting_id"), sharedOnly: true, visibleTo: .service, filter: ResultsFilter(), texts: .shortAnswers)
    }

    /// The meeting behind `formCode` when its current published version shares its results live
    /// with participants (``FormDefinition/sharesResultsLive``); nil otherwise (unknown code,
    /// draft, not shared, not live: indistinguishable on purpose).
    public func liveMeeting(formCode: String) async throws -> UUID? {
        guard
            let row = try await self.database.query(
                "SELECT f.meeting_id, f.definition FROM \(ParticipantFormStore.current(formCode))"
            ).first,
            Self.sharesLive(try row.decode("definition", as: SQLJSON<FormDefinition>.self).value)
        else { return nil }
        return try row.decode("meeting_id")
    }

    /// The counts participants see live for `meetingID` (only the versions that share results,
    /// with short answers' texts for their words only), or nil once its current published version does not share them live.
    public func liveSharedCounts(meeting meetingID: UUID) async throws -> ResultsCounts? {
        guard
            let row = try await self.database.query(
                """
                SELECT f.definition FROM forms f
                WHERE f.meeting_id = \(meetingID) AND f.published_at IS NOT NULL AND f.trashed_at IS NULL
                ORDER BY f.version DESC LIMIT 1
                """
            ).first,
            Self.sharesLive(try row.decode("definition", as: SQLJSON<FormDefinition>.self).value)
        else { return nil }
        return try await self.counts(meeting: meetingID, sharedOnly: true, visibleTo: .service, filter: ResultsFilter(), texts: .shortAnswers)
    }

    private static func sharesLive(_ form: FormDefinition) -> Bool {
        form.sharesResultsWithParticipants && form.sharesResultsLive
    }

    /// Every session of a series with what was counted for it, for trends. A session's actions
    /// are counted by status in one scan of them (at most ``ActionItemRules/maxPerSession``):
    /// counts only, as trends are `read`; titles and owners stay behind the actions' own gate
    /// (``ActionItemStore``, `.edit`).
    public func seriesCounts(series seriesID: UUID, visibleTo viewer: Viewer) async throws -> [SessionCounts] {
        try await self.reads.database().withTransaction { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let rows = try await connection.query(
                """
                SELECT m.id AS meeting_id, m.session_number, m.starts_at, m.expected_head_count,
                       (SELECT \(Self.people) FROM check_ins c WHERE c.meeting_id = m.id) AS check_ins,
                       (SELECT \(Self.responded(to: "SELECT v.id FROM forms v WHERE v.meeting_id = m.id AND v.published_at IS NOT NULL"))
                        FROM check_ins c WHERE c.meeting_id = m.id) AS responded,
                       (SELECT count(*) FROM roster_answered ra WHERE ra.meeting_id = m.id) AS link_answers,
                       act.actions_done, act.actions_open, act.actions_dropped, act.action_questions, \(StoredForm.columns)
                FROM meeting_series s JOIN meetings m ON m.series_id = s.id AND m.trashed_at IS NULL
                LEFT JOIN LATERAL (
                    SELECT * FROM forms WHERE meeting_id = m.id AND published_at IS NOT NULL ORDER BY version DESC LIMIT 1
                ) f ON true
                CROSS JOIN LATERAL (
                    SELECT count(*) FILTER (WHERE status = 'done') AS actions_done,
                           count(*) FILTER (WHERE status = 'open') AS actions_open,
                           count(*) FILTER (WHERE status = 'dropped') AS actions_dropped,
                           coalesce(jsonb_agg(jsonb_build_object('actionId', id, 'questionKey', question_key, 'status', status)
                                              ORDER BY created_at, id) FILTER (WHERE question_key IS NOT NULL), '[]') AS action_questions
                    FROM action_items WHERE meeting_id = m.id
                ) act
                WHERE s.id = \(seriesID) AND \(SQLQuery.seriesVisible(to: viewer))
                ORDER BY m.session_number
                """)
            guard !rows.isEmpty else { throw DebriefError.notFound("series") }
            var sessions: [SessionCounts] = []
            for row in rows {
                let form = row.isNull("id") ? nil : try StoredForm(row: row)
                // Trends need counts only, no texts: every published version's, the comparable
                // questions of earlier versions counted with the latest one's (as results do).
                var responses = 0
                var questions: [String: QuestionCounts] = [:]
                if let form {
                    var earlier: [VersionCounts] = []
                    for version in try await Self.publishedVersions(form.meetingID, on: connection) {
                        let tally = try FormTally(rows: try await connection.query(ResultTallies.stored(form: version.id)))
                        responses += tally.responses
                        if version.id == form.id {
                            questions = MergedQuestion.merge(
                                current: form.definition, version: form.version, counts: tally.questions, unfiltered: nil,
                                responses: tally.responses, earlier: earlier
                            ).mapValues(\.counts)
                        } else {
                            earlier.append(
                                VersionCounts(form: version, responses: tally.responses, allResponses: tally.responses, questions: tally.questions))
                        }
                    }
                }
                sessions.append(
                    SessionCounts(
                        sessionNumber: try row.decode("session_number"), meetingID: try row.decode("meeting_id"),
                        startsAt: try row.decode("starts_at"), form: form?.definition, responses: responses,
                        checkedIn: try row.decode("check_ins"), checkedInResponded: try row.decode("responded"),
                        personalLinkAnswers: try row.decode("link_answers"),
                        expectedHeadCount: try row.decode("expected_head_count"), questions: questions,
                        actions: ActionCounts(
                            done: try row.decode("actions_done"), open: try row.decode("actions_open"),
                            dropped: try row.decode("actions_dropped")),
                        actionQuestions: try row.decode("action_questions", as: SQLJSON<[ActionQuestionLink]>.self).value))
            }
            return sessions
        }
    }

    /// People checked in to the meeting (`people`: a merged repeat counts once, a possible
    /// duplicate not at all), how many of them responded to one of `versions` (a subquery of form
    /// ids; `responded`: a subset of `people`, so the rate of those checked in cannot pass 100 %),
    /// and the possible duplicates (`possible`), in one scan of the meeting's check-ins: its cost
    /// is the room's size, whatever the number of responses.
    static func attendance(meeting meetingID: UUID, respondedTo versions: SQLQuery) -> SQLQuery {
        """
        SELECT \(Self.people) AS people, count(*) FILTER (WHERE c.duplicate_status = 'possible') AS possible,
               \(Self.responded(to: versions)) AS responded,
               (SELECT count(*) FROM roster_answered ra WHERE ra.meeting_id = \(meetingID)) AS link_answers
        FROM check_ins c WHERE c.meeting_id = \(meetingID)
        """
    }

    /// People among the check-ins `c` who responded to one of `versions` (an aggregate over
    /// `check_ins c`): each check-in names the form version of its one response
    /// (`response_form_id`, kept by triggers on `responses`, SQL/0051), so no response is read.
    static func responded(to versions: SQLQuery) -> SQLQuery {
        "count(DISTINCT \(Self.person)) FILTER (WHERE c.duplicate_status IS DISTINCT FROM 'possible' AND c.response_form_id IN (" + versions
            + "))"
    }

    /// As ``attendance(meeting:respondedTo:)``, with `responded` among the `r` rows of `scope`
    /// (a filter of times, check-ins or flags): a filtered read counts the matching rows anyway.
    static func attendance(meeting meetingID: UUID, scope: SQLQuery) -> SQLQuery {
        """
        SELECT
            (SELECT \(Self.people) FROM check_ins c WHERE c.meeting_id = \(meetingID)) AS people,
            (SELECT count(*) FROM check_ins c WHERE c.meeting_id = \(meetingID) AND c.duplicate_status = 'possible') AS possible,
            (SELECT count(*) FROM roster_answered ra WHERE ra.meeting_id = \(meetingID)) AS link_answers,
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

    /// `r` rows of the form versions `forms` that pass the filter; `speederSeconds` is the
    /// threshold the exclusion of flagged responses judges speeders by.
    static func responseScope(forms: [UUID], _ filter: ResultsFilter, speederSeconds: Int) -> SQLQuery {
        var scope: SQLQuery =
            forms.count == 1 ? "r.form_id = \(forms[0])" : "r.form_id = ANY(\(forms.map { $0.lowercasedText })::uuid[])"
        if let since = filter.since { scope = scope + " AND r.submitted_at >= \(since)::timestamptz" }
        if let until = filter.until { scope = scope + " AND r.submitted_at < \(until)::timestamptz" }
        if filter.checkedInOnly {
            // Possible duplicate check-ins (SQL/0007) are left out until the host decides.
            scope = scope + """
                 AND r.check_in_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM check_ins d WHERE d.id = r.check_in_id AND d.duplicate_status = 'possible')
                """
        }
        if filter.excludeFlagged {
            scope = scope + " AND NOT \(ResponseFlags.flagged(seconds: speederSeconds))"
        }
        return scope
    }

    /// The newest short answers and "other" texts of each question, which are not tallied.
    private func readTexts(
        into questions: inout [String: QuestionCounts], form: StoredForm, filter: ResultsFilter, speederSeconds: Int,
        on connection: Connection
    ) async throws {
        for question in form.definition.questions {
            let key = question.key.rawValue
            for column in question.kind.store?.textColumns(of: question.body) ?? [] {
                let texts = try await self.newestTexts(
                    column, key: key, form: form.id, filter: filter, speederSeconds: speederSeconds, limit: column.limit, on: connection)
                column.keep(texts, in: &questions[key, default: QuestionCounts()])
            }
        }
    }

    /// Up to `limit` texts of one question, newest response first, whatever the filter: one
    /// backward scan of the column's partial index on `(form_id, question_key, response_id)` —
    /// response ids are time-ordered — so the cost does not grow with the number of responses.
    /// The scan is in SQL functions (`SQL/0052_newest_texts.sql`) that rule out the sort the
    /// planner chose for a new form growing fast.
    static func newestTexts(_ column: TextColumn, key: String, form: UUID, limit: Int) -> SQLQuery {
        // A fixed function name from the enum below, never input.
        let function = SQLQuery(unsafeSQL: column.newestFunction)
        return "SELECT t AS text FROM \(function)(\(form), \(key), \(limit)) AS t"
    }

    /// Up to `limit` texts of one question that pass the filter, newest response first: the
    /// responses' times and check-ins are joined and sorted (unfiltered reads take
    /// ``newestTexts(_:key:form:limit:)`` instead).
    private func newestTexts(
        _ column: TextColumn, key: String, form: UUID, filter: ResultsFilter, speederSeconds: Int, limit: Int,
        on connection: Connection
    ) async throws -> [String] {
        // A fixed column name from the enum above, never input.
        let value = SQLQuery(unsafeSQL: "a." + column.rawValue)
        let query: SQLQuery = """
            SELECT \(value) AS text FROM answers a JOIN responses r ON r.id = a.response_id
            WHERE a.form_id = \(form) AND a.question_key = \(key) AND \(value) IS NOT NULL
              AND \(Self.responseScope(forms: [form], filter, speederSeconds: speederSeconds))
            ORDER BY r.submitted_at DESC, r.id DESC LIMIT \(limit)
            """
        return try await connection.query(query).map { try $0.decode("text", as: String.self) }
    }
}
