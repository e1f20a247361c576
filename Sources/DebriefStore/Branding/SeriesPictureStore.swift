import Debrief
import Foundation
import PQ

/// A series' picture (SQL/0082, decision 92): one per series, its bytes in `bytea`. Set, replaced
/// and removed by those who may edit the series (``SeriesRole/may(_:)`` at
/// `MeetingStore.requireSeries`, inside the write's transaction); only an ``ImageUpload`` (bytes
/// the domain has read and bounded) can be stored.
public struct SeriesPictureStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Sets the series' picture, or replaces it under a new public id.
    public func put(series seriesID: UUID, _ upload: ImageUpload, by viewer: Viewer) async throws -> SeriesPicture {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true)
            let row = try await UploadedImages.seriesPictures.put(upload, of: seriesID, by: viewer, returning: Self.columns, on: connection)
            return try Self.picture(row)
        }
    }

    /// Removes the series' picture; not-found when it has none.
    public func delete(series seriesID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true)
            try await UploadedImages.seriesPictures.delete(of: seriesID, on: connection)
        }
    }

    /// The series' picture, for those who may see the series; nil when it has none.
    public func picture(series seriesID: UUID, by viewer: Viewer) async throws -> SeriesPicture? {
        try await self.database.withConnection { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .read, on: connection)
            return try await connection.query("SELECT \(Self.columns) FROM series_pictures p WHERE p.series_id = \(seriesID)")
                .first.map(Self.picture)
        }
    }

    /// The pictures of series a page already shows (the home page's cards): what it was allowed
    /// to list, it may illustrate.
    public func pictures(series seriesIDs: [UUID]) async throws -> [UUID: SeriesPicture] {
        guard !seriesIDs.isEmpty else { return [:] }
        let rows = try await self.database.query(
            "SELECT \(Self.columns) FROM series_pictures p WHERE p.series_id = ANY(\(seriesIDs.map { $0.lowercasedText })::uuid[])")
        return Dictionary(try rows.map { let picture = try Self.picture($0); return (picture.seriesID, picture) }, uniquingKeysWith: { a, _ in a })
    }

    /// The bytes behind a public id, when whoever asks may see them: anyone where the
    /// participant page is public (a session of the series has a published form, not in the
    /// trash), else only a signed-in `viewer` who may see the series. Nil otherwise, so a picture
    /// nobody may see and one that does not exist look the same.
    public func served(_ pictureID: UUID, to viewer: Viewer?) async throws -> StoredImage? {
        let signedIn: SQLQuery = viewer.map { "OR " + SQLQuery.seriesVisible(to: $0) } ?? ""
        guard let row = try await self.database.query(
            """
            SELECT \(Self.columns), encode(p.bytes, 'base64') AS bytes
            FROM series_pictures p JOIN meeting_series s ON s.id = p.series_id
            WHERE p.id = \(pictureID) AND (
                (s.trashed_at IS NULL AND EXISTS (SELECT 1 FROM meetings m JOIN forms f ON f.meeting_id = m.id
                    WHERE m.series_id = s.id AND m.trashed_at IS NULL AND f.published_at IS NOT NULL AND f.trashed_at IS NULL))
                \(signedIn))
            """
        ).first else { return nil }
        return StoredImage(picture: try Self.picture(row), bytes: try UploadedImages.seriesPictures.bytes(row))
    }

    /// A column `picture` for a page's own query: the picture of the series `series` (an SQL
    /// expression the caller writes, never input) as ``reference(_:)`` reads it, or NULL.
    public static func referenceColumn(series: SQLQuery) -> SQLQuery {
        "(SELECT jsonb_build_object('id', p.id, 'width', p.width, 'height', p.height) FROM series_pictures p WHERE p.series_id = "
            + series + ") AS picture"
    }

    /// The `picture` column of ``referenceColumn(series:)``.
    public static func reference(_ row: Row) throws -> PictureReference? {
        try row.decode("picture", as: SQLJSON<PictureReference>?.self)?.value
    }

    static let columns: SQLQuery = "p.id, p.series_id, p.media_type, p.width, p.height, p.sha256, p.updated_at"

    static func picture(_ row: Row) throws -> SeriesPicture {
        guard let format = ImageFormat(mediaType: try row.decode("media_type")) else { throw DebriefError.notFound("picture") }
        return SeriesPicture(
            id: try row.decode("id"), seriesID: try row.decode("series_id"), format: format, width: try row.decode("width"),
            height: try row.decode("height"), sha256: try row.decode("sha256"), updatedAt: try row.decode("updated_at"))
    }
}
