import Debrief
import Foundation
import PQ

/// Where a series' stable code leads right now (docs/decisions/0050).
public enum SeriesSession: Sendable, Equatable {
    /// The current session: the form code its participant link uses.
    case open(formCode: String)
    /// No session of the series accepts answers now; when the next one starts, if one is planned,
    /// and the series' zone, in which a participant reads that time (decision 59).
    case noneOpen(nextStartsAt: Date?, timeZone: String)
}

/// Resolves series codes (SQL/0050) for participants: no account involved, like form codes.
///
/// The current session is the latest one (by session number) whose published form accepts
/// answers now, judged by the database clock with the same gate as every participant write
/// (``FormGate``): so a session published ahead of its start does not hide the one still running,
/// and a closed session is never offered.
public struct SeriesCodeStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Where the series behind `raw` leads; throws not-found when `raw` is no series' code (a
    /// form's code, a trashed series, or nothing).
    public func currentSession(seriesCode raw: String) async throws -> SeriesSession {
        guard let code = FormCode.normalize(raw) else { throw DebriefError.notFound("form") }
        let rows = try await self.database.query(
            """
            SELECT
                (SELECT cf.code FROM meetings m
                    CROSS JOIN LATERAL (
                        SELECT f.code, \(FormGate.columns) FROM forms f
                        WHERE f.meeting_id = m.id AND f.published_at IS NOT NULL AND f.trashed_at IS NULL
                        ORDER BY f.version DESC LIMIT 1
                    ) cf
                    WHERE m.series_id = s.id AND m.trashed_at IS NULL AND cf.gate_open
                    ORDER BY m.session_number DESC LIMIT 1) AS form_code,
                (SELECT min(m.starts_at) FROM meetings m
                    WHERE m.series_id = s.id AND m.trashed_at IS NULL AND m.starts_at > now()) AS next_starts_at,
                s.time_zone
            FROM meeting_series s WHERE s.code = \(code) AND s.trashed_at IS NULL
            """)
        guard let row = rows.first else { throw DebriefError.notFound("form") }
        if let formCode: String = try row.decode("form_code") { return .open(formCode: formCode) }
        return .noneOpen(nextStartsAt: try row.decode("next_starts_at"), timeZone: try row.decode("time_zone"))
    }
}

extension ParticipantFormStore {
    /// The series codes, read from the same database as the forms.
    public var seriesCodes: SeriesCodeStore { SeriesCodeStore(database: self.database) }
}
