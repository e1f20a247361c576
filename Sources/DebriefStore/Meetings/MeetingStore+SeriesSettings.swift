import Debrief
import Foundation
import PQ

extension MeetingStore {
    /// What saving a series' settings did: the settings now, how many sessions took the new
    /// title, and the zone before (a new zone moves no session: each keeps its instant).
    public struct SeriesSettingsChange: Sendable, Equatable {
        public var settings: SeriesSettings
        public var renamedSessions: Int
        public var previousTimeZone: String

        public var timeZoneChanged: Bool { self.settings.timeZone != self.previousTimeZone }
    }

    /// The series' settings, for anyone who may see the series.
    public func seriesSettings(_ id: UUID, visibleTo viewer: Viewer) async throws -> SeriesSettings {
        try await self.database.withTransaction { connection in
            try await Self.requireSeries(id, visibleTo: viewer, toDo: .read, on: connection)
            return try await Self.settings(of: id, on: connection)
        }
    }

    /// Saves a change of the series' settings under the series' row lock, behind the series'
    /// gate (`edit`: its owner and co-hosts). A new title renames every session that has not
    /// ended and the latest one (the title the series goes by and "Next session" carries);
    /// sessions already held keep the title they were held under (decision 73).
    public func updateSeriesSettings(
        _ id: UUID, by viewer: Viewer, _ patch: SeriesSettingsPatch
    ) async throws -> SeriesSettingsChange {
        try await self.database.withTransaction { connection in
            try await Self.requireSeries(id, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true)
            let current = try await Self.settings(of: id, on: connection)
            let next = patch.applied(to: current)
            try await connection.execute(
                """
                UPDATE meeting_series SET time_zone = \(next.timeZone),
                    default_duration_seconds = \(next.defaultDurationMinutes.map { $0 * 60 }),
                    default_place = \(next.defaultPlace)
                WHERE id = \(id)
                """)
            var renamed = 0
            if let title = patch.title {
                renamed = try await connection.query(
                    """
                    UPDATE meetings AS m SET title = \(title), updated_at = now()
                    WHERE m.series_id = \(id) AND m.trashed_at IS NULL AND m.title IS DISTINCT FROM \(title)
                      AND (m.ends_at > now() OR m.id = (
                          SELECT l.id FROM meetings l WHERE l.series_id = \(id) AND l.trashed_at IS NULL
                          ORDER BY l.starts_at DESC LIMIT 1))
                    RETURNING m.id
                    """
                ).count
            }
            return SeriesSettingsChange(settings: next, renamedSessions: renamed, previousTimeZone: current.timeZone)
        }
    }

    /// The settings as stored: the title is the latest session's.
    static func settings(of id: UUID, on connection: Connection) async throws -> SeriesSettings {
        let row = try await connection.query(
            """
            SELECT s.time_zone, s.default_duration_seconds, s.default_place,
                (SELECT m.title FROM meetings m WHERE m.series_id = s.id AND m.trashed_at IS NULL
                 ORDER BY m.starts_at DESC LIMIT 1) AS title
            FROM meeting_series s WHERE s.id = \(id)
            """
        ).single()
        let seconds: Int? = try row.decode("default_duration_seconds")
        return SeriesSettings(
            title: try row.decode("title", as: String?.self) ?? "", timeZone: try row.decode("time_zone"),
            defaultDurationMinutes: seconds.map { $0 / 60 }, defaultPlace: try row.decode("default_place"))
    }
}

extension MeetingStore {
    /// The series' gate alone, for a handler that settles who may act before it reads a body.
    public func requireSeries(_ id: UUID, visibleTo viewer: Viewer, toDo action: SeriesAction) async throws {
        _ = try await self.database.withTransaction { connection in
            try await Self.requireSeries(id, visibleTo: viewer, toDo: action, on: connection)
        }
    }
}
