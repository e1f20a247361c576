import PQ

/// "The previous session" and "the next session" of a series as the actions' review reads them
/// (docs/decisions/0074, 0085): in the order ``SeriesClock`` holds a series' sessions (by start,
/// then session number), strictly before or after, the trash left out. One definition, so the
/// review, its candidates and the form that carries "did this help?" (decision 78) agree on
/// which session reviews which.
enum SessionOrder {
    /// A query of one `id`: the latest session of `series` before the one that starts at `start`
    /// with number `number` (SQL expressions: a column of the caller's query or a bound value).
    static func previous(series: SQLQuery, before start: SQLQuery, number: SQLQuery) -> SQLQuery {
        """
        SELECT p.id FROM meetings p
        WHERE p.series_id = \(series) AND (p.starts_at, p.session_number) < (\(start), \(number)) AND p.trashed_at IS NULL
        ORDER BY p.starts_at DESC, p.session_number DESC LIMIT 1
        """
    }

    /// A query of one `id`: the earliest session of `series` after the one at `start`, `number`.
    static func next(series: SQLQuery, after start: SQLQuery, number: SQLQuery) -> SQLQuery {
        """
        SELECT n.id FROM meetings n
        WHERE n.series_id = \(series) AND (n.starts_at, n.session_number) > (\(start), \(number)) AND n.trashed_at IS NULL
        ORDER BY n.starts_at, n.session_number LIMIT 1
        """
    }
}
