import Debrief
import Foundation
import PQ

/// The precomputed result counts of SQL/0004: how they are read, and how their queue of deltas
/// is folded into them.
public struct ResultTallies: Sendable {
    let database: Database
    /// Delta rows this instance folds between two vacuums of the queue (see ``foldMeasured()``).
    let vacuumEvery: Int
    private let foldedSinceVacuum = FoldedRows()

    /// `vacuumEvery`: how many delta rows this instance folds before it vacuums the queue.
    public init(database: Database, vacuumEvery: Int = 20_000) {
        self.database = database
        self.vacuumEvery = max(1, vacuumEvery)
    }

    /// Moves every committed delta into `result_tallies`, in one transaction; returns how many
    /// delta rows it folded (0 when another fold holds the lock: one at a time across instances,
    /// so two folds never wait on each other's tally rows).
    ///
    /// Readers add tallies and deltas in one snapshot (``stored(form:)``), and this transaction
    /// deletes the deltas it adds, so each change is counted exactly once whenever it runs.
    /// Deltas of deleted forms are dropped.
    @discardableResult
    public func fold() async throws -> Int {
        try await self.foldMeasured().rows
    }

    /// What one fold did: the delta rows it folded, and how long the oldest of them had waited
    /// (nil when it folded nothing, or another instance held the fold).
    public struct Fold: Sendable, Equatable {
        public var rows: Int
        public var oldestAgeSeconds: Double?
    }

    /// ``fold()``, also telling how far behind it was (for `debrief_tally_fold_lag_seconds`).
    ///
    /// Every `vacuumEvery` rows folded, the queue is vacuumed too. Each fold deletes what it
    /// folds, and every report reads the queue (``stored(form:)``), so until a vacuum every dead
    /// row is read again: autovacuum looks once a minute at most, and a room submitting 3,000
    /// responses a second leaves some 30,000 dead rows a second, so a report read an ever longer
    /// queue (issue 37: 8 ms at 38,000 dead rows 13 s into a live session, 150 ms at 143,000
    /// responses). Vacuumed this often, the queue stays a few hundred pages whatever the number
    /// of responses.
    public func foldMeasured() async throws -> Fold {
        let fold = try await self.foldOnce()
        if self.foldedSinceVacuum.add(fold.rows, reaching: self.vacuumEvery) {
            try await self.vacuumQueue()
        }
        return fold
    }

    /// `VACUUM` of the queue, outside any transaction (as VACUUM must be); skipped when another
    /// instance is vacuuming it right now.
    func vacuumQueue() async throws {
        try await self.database.execute("VACUUM (SKIP_LOCKED) result_tally_deltas")
    }

    private func foldOnce() async throws -> Fold {
        try await self.database.withTransaction { connection in
            // Prepared, as every statement of a timer is: an idle instance folds four times a
            // second, and planning the fold took nine times as long as running it.
            let locked: Bool = try await connection.preparedQuery("SELECT pg_try_advisory_xact_lock(\(Self.foldLock)) AS locked").single().decode("locked")
            guard locked else { return Fold(rows: 0, oldestAgeSeconds: nil) }
            let row = try await connection.preparedQuery(
                    """
                    WITH d AS (
                        DELETE FROM result_tally_deltas RETURNING form_id, question_key, kind, value, delta, queued_at
                    ), s AS (
                        SELECT form_id, question_key, kind, value, sum(delta) AS delta, count(*) AS rows
                        FROM d GROUP BY 1, 2, 3, 4
                    ), t AS (
                        INSERT INTO result_tallies AS t (form_id, question_key, kind, value, count)
                        SELECT s.form_id, s.question_key, s.kind, s.value, s.delta FROM s
                        WHERE EXISTS (SELECT 1 FROM forms f WHERE f.id = s.form_id)
                        ORDER BY 1, 2, 3, 4
                        ON CONFLICT (form_id, question_key, kind, value) DO UPDATE SET count = t.count + excluded.count
                    )
                    SELECT coalesce(sum(rows), 0)::bigint AS folded,
                        (SELECT extract(epoch FROM clock_timestamp() - min(queued_at))::float8 FROM d) AS oldest_age
                    FROM s
                    """).single()
            let folded: Int = try row.decode("folded")
            let age: Double? = try row.decode("oldest_age")
            return Fold(rows: folded, oldestAgeSeconds: age)
        }
    }

    /// How many deltas wait to be folded (for operators and benchmarks).
    public func pending() async throws -> Int {
        try await self.database.query("SELECT count(*) AS n FROM result_tally_deltas").single().decode("n")
    }

    /// Rows folded since the last vacuum of the queue, on this instance.
    //
    // `@unchecked Sendable`: `rows` is only touched under `lock`.
    private final class FoldedRows: @unchecked Sendable {
        private let lock = NSLock()
        private var rows = 0

        /// Adds `folded`; true (and back to 0) once `limit` is reached.
        func add(_ folded: Int, reaching limit: Int) -> Bool {
            self.lock.withLock {
                self.rows += folded
                guard self.rows >= limit else { return false }
                self.rows = 0
                return true
            }
        }
    }

    /// `pg_try_advisory_xact_lock` key of the fold: any fixed number no other lock uses.
    static let foldLock: Int64 = 0x6465_6272_6965_6601

    /// One form's tallies as rows for ``FormTally/init(rows:)``: the folded counts plus the
    /// deltas not folded yet. Run it in a REPEATABLE READ transaction with the other reads.
    static func stored(form formID: UUID) -> SQLQuery {
        """
        SELECT question_key, kind, value, sum(n)::bigint AS n FROM (
            SELECT question_key, kind, value, count AS n FROM result_tallies WHERE form_id = \(formID)
            UNION ALL
            SELECT question_key, kind, value, delta FROM result_tally_deltas WHERE form_id = \(formID)
        ) t GROUP BY 1, 2, 3 HAVING sum(n) <> 0
        """
    }

    /// Check-ins on every form of a meeting, from the tallies.
    static func checkIns(meeting meetingID: UUID) -> SQLQuery {
        """
        SELECT coalesce(sum(n), 0)::bigint AS n FROM (
            SELECT t.count AS n FROM result_tallies t JOIN forms f ON f.id = t.form_id
            WHERE f.meeting_id = \(meetingID) AND t.kind = 'checkins'
            UNION ALL
            SELECT d.delta FROM result_tally_deltas d JOIN forms f ON f.id = d.form_id
            WHERE f.meeting_id = \(meetingID) AND d.kind = 'checkins'
        ) t
        """
    }

    /// The same rows as ``stored(form:)`` (check-ins aside), counted from the responses `r` that
    /// match `scope` and their answers: for filtered views, and to check the tallies against.
    static func counted(form formID: UUID, scope: SQLQuery) -> SQLQuery {
        let answers: SQLQuery = "answers a JOIN responses r ON r.id = a.response_id WHERE a.form_id = \(formID) AND \(scope)"
        let shared: SQLQuery = """
            SELECT '' AS question_key, 'responses' AS kind, '' AS value, count(*) AS n FROM responses r WHERE \(scope)
            UNION ALL
            SELECT '', 'minute', floor(extract(epoch FROM r.submitted_at) / 60)::bigint::text, count(*)
            FROM responses r WHERE \(scope) GROUP BY 3
            UNION ALL
            SELECT '', 'language', r.language, count(*) FROM responses r WHERE \(scope) AND r.language IS NOT NULL GROUP BY 3
            UNION ALL
            SELECT '', 'completion', debrief_completion(r.opened_at, r.submitted_at, r.straight_lined), count(*) FROM responses r
            WHERE \(scope) AND debrief_completion(r.opened_at, r.submitted_at, r.straight_lined) IS NOT NULL GROUP BY 3
            UNION ALL
            SELECT a.question_key, 'respondents', '', count(DISTINCT a.response_id) FROM \(answers) GROUP BY 1
            UNION ALL
            SELECT a.question_key, 'option', a.option_id, count(*) FROM \(answers) AND a.option_id IS NOT NULL GROUP BY 1, 3
            UNION ALL
            SELECT a.question_key, 'other', '', count(*) FROM \(answers) AND a.other_text IS NOT NULL GROUP BY 1
            UNION ALL
            SELECT a.question_key, 'rating', a.rating::text, count(*) FROM \(answers) AND a.rating IS NOT NULL AND a.statement_key IS NULL
            GROUP BY 1, 3
            UNION ALL
            SELECT a.question_key, 'statement', a.statement_key || ':' || a.rating::text, count(*) FROM \(answers)
                AND a.statement_key IS NOT NULL AND a.rating IS NOT NULL GROUP BY 1, 3
            UNION ALL
            SELECT a.question_key, 'value', a.text_value, count(*) FROM \(answers) AND a.numeric_value IS NOT NULL GROUP BY 1, 3
            """
        return shared
    }
}
