import PQ

/// "The previous session" and "the next session" of a series as the actions' review reads them
/// (docs/decisions/0074): by start, strictly before or after, the trash left out. One definition,
/// so the review and the form that carries "did this help?" (decision 78) agree on which session
/// reviews which.
enum SessionOrder {
    /// A query of one `id`: the latest session of `series` that starts before `start` (SQL
    /// expressions: a column of the caller's query or a bound value).
    static func previous(series: SQLQuery, before start: SQLQuery) -> SQLQuery {
        """
        SELECT p.id FROM meetings p
        WHERE p.series_id = \(series) AND p.starts_at < \(start) AND p.trashed_at IS NULL
        ORDER BY p.starts_at DESC, p.id DESC LIMIT 1
        """
    }

    /// A query of one `id`: the earliest session of `series` that starts after `start`.
    static func next(series: SQLQuery, after start: SQLQuery) -> SQLQuery {
        """
        SELECT n.id FROM meetings n
        WHERE n.series_id = \(series) AND n.starts_at > \(start) AND n.trashed_at IS NULL
        ORDER BY n.starts_at, n.id LIMIT 1
        """
    }
}
