import Debrief
import Foundation
import PQ

/// A team's look (SQL/0083, decision 95): its logo (`team_logos`, an upload as a series' picture
/// is) and its accent (`teams.accent`). Its admins change it and every member reads it
/// (``TeamAccess``, the one reader of a member's role, inside the write's transaction); only an
/// ``ImageUpload`` can be stored as a logo and only a checked ``AccentColour`` as the accent.
public struct TeamLookStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The team's look, for its members (and installation admins); `notFound` for anyone else.
    public func look(team teamID: UUID, by viewer: Viewer) async throws -> TeamLook {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(teamID, visibleTo: viewer, toDo: .read, on: connection)
            return try await Self.look(teamID, on: connection)
        }
    }

    /// Sets the team's logo, or replaces it under a new public id (its admins).
    public func putLogo(team teamID: UUID, _ upload: ImageUpload, by viewer: Viewer) async throws -> TeamLogo {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(teamID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            let row = try await UploadedImages.teamLogos.put(upload, of: teamID, by: viewer, returning: Self.logoColumns, on: connection)
            return try Self.logo(row)
        }
    }

    /// Removes the team's logo (its admins); not-found when it has none.
    public func deleteLogo(team teamID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(teamID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            try await UploadedImages.teamLogos.delete(of: teamID, on: connection)
        }
    }

    /// Sets the team's accent, or clears it with nil (its admins); the look as it now is.
    public func setAccent(team teamID: UUID, _ accent: AccentColour?, by viewer: Viewer) async throws -> TeamLook {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(teamID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            try await connection.execute("UPDATE teams SET accent = \(accent?.description) WHERE id = \(teamID)")
            return try await Self.look(teamID, on: connection)
        }
    }

    /// The logo's bytes behind a public id, when whoever asks may see them: anyone where the
    /// participant page of one of the team's series is public (a session with a published form,
    /// neither in the trash), else a signed-in member of the team (or an installation admin).
    /// Nil otherwise, so a logo nobody may see and one that does not exist look the same.
    public func servedLogo(_ logoID: UUID, to viewer: Viewer?) async throws -> StoredImage? {
        try await self.database.withTransaction { connection in
            guard let row = try await connection.query(
                """
                SELECT \(Self.logoColumns), l.team_id, encode(l.bytes, 'base64') AS bytes,
                    EXISTS (SELECT 1 FROM meeting_series s JOIN meetings m ON m.series_id = s.id JOIN forms f ON f.meeting_id = m.id
                        WHERE s.team_id = l.team_id AND s.trashed_at IS NULL AND m.trashed_at IS NULL
                        AND f.published_at IS NOT NULL AND f.trashed_at IS NULL) AS public
                FROM team_logos l WHERE l.id = \(logoID)
                """
            ).first else { return nil }
            if try !row.decode("public", as: Bool.self) {
                guard let viewer else { return nil }
                do {
                    try await TeamAccess.require(try row.decode("team_id"), visibleTo: viewer, toDo: .read, on: connection)
                } catch let error as DebriefError where error.code == .notFound {
                    return nil
                }
            }
            let logo = try Self.logo(row)
            return StoredImage(format: logo.format, sha256: logo.sha256, name: "team-logo", bytes: try UploadedImages.teamLogos.bytes(row))
        }
    }

    /// A column `team_look` for a page's own query: the look of the team that owns the series
    /// `series` (an SQL expression the caller writes, never input), as ``look(_:)`` reads it, or
    /// NULL when no team owns it.
    public static func lookColumn(series: SQLQuery) -> SQLQuery {
        """
        (SELECT jsonb_build_object('teamId', t.id, 'teamName', t.name, 'accent', t.accent, 'logo',
            (SELECT jsonb_build_object('id', l.id, 'mediaType', l.media_type, 'width', l.width, 'height', l.height,
                'sha256', l.sha256, 'updatedAt', extract(epoch FROM l.updated_at)) FROM team_logos l WHERE l.team_id = t.id))
         FROM meeting_series ls JOIN teams t ON t.id = ls.team_id WHERE ls.id = 
        """ + series + ") AS team_look"
    }

    /// The `team_look` column of ``lookColumn(series:)``.
    public static func look(_ row: Row) throws -> TeamLook? {
        try row.decode("team_look", as: SQLJSON<LookJSON>?.self)?.value.look
    }

    static func look(_ teamID: UUID, on connection: Connection) async throws -> TeamLook {
        let row = try await connection.query(
            "SELECT t.id, t.name, t.accent FROM teams t WHERE t.id = \(teamID)"
        ).single()
        let logo = try await connection.query("SELECT \(Self.logoColumns) FROM team_logos l WHERE l.team_id = \(teamID)").first.map(Self.logo)
        return TeamLook(
            teamID: try row.decode("id"), teamName: try row.decode("name"),
            accent: try row.decode("accent", as: String?.self).flatMap(AccentColour.init(hex:)), logo: logo)
    }

    static let logoColumns: SQLQuery = "l.id, l.media_type, l.width, l.height, l.sha256, l.updated_at"

    static func logo(_ row: Row) throws -> TeamLogo {
        guard let format = ImageFormat(mediaType: try row.decode("media_type")) else { throw DebriefError.notFound("logo") }
        return TeamLogo(
            id: try row.decode("id"), format: format, width: try row.decode("width"), height: try row.decode("height"),
            sha256: try row.decode("sha256"), updatedAt: try row.decode("updated_at"))
    }

    /// The look as ``lookColumn(series:)`` writes it.
    public struct LookJSON: Codable, Sendable {
        var teamId: UUID
        var teamName: String
        var accent: String?
        var logo: LogoJSON?

        struct LogoJSON: Codable, Sendable {
            var id: UUID
            var mediaType: String
            var width: Int
            var height: Int
            var sha256: String
            /// Seconds since 1970 (a JSON number: no date format to agree on).
            var updatedAt: Double
        }

        var look: TeamLook {
            TeamLook(
                teamID: self.teamId, teamName: self.teamName, accent: self.accent.flatMap(AccentColour.init(hex:)),
                logo: self.logo.flatMap { logo in
                    ImageFormat(mediaType: logo.mediaType).map {
                        TeamLogo(id: logo.id, format: $0, width: logo.width, height: logo.height, sha256: logo.sha256,
                            updatedAt: Date(timeIntervalSince1970: logo.updatedAt))
                    }
                })
        }
    }
}
