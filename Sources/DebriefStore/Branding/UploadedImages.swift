import Debrief
import Foundation
import PQ

/// A table of uploaded images, one per owner (`series_pictures` by series, SQL/0082; `team_logos`
/// by team, SQL/0083): the one place that stores, replaces and removes their rows, and that carries
/// their bytes across the text protocol (base64 both ways: PostgreSQL's `encode` breaks its
/// lines every 76 characters, which the decoding skips). Its callers decide who may, first, on the
/// same connection inside their transaction; only an ``ImageUpload`` can be stored.
struct UploadedImages: Sendable {
    /// The table with the alias its callers' columns use, and its owner's column: fixed names, never input.
    let table: SQLQuery, owner: SQLQuery
    /// What a missing one is called in a not-found problem.
    let noun: String

    static let seriesPictures = UploadedImages(table: "series_pictures AS p", owner: "series_id", noun: "picture")
    static let teamLogos = UploadedImages(table: "team_logos AS l", owner: "team_id", noun: "logo")

    /// Sets `owner`'s image, or replaces it under a new public id; the row as `columns` reads it.
    func put(_ upload: ImageUpload, of owner: UUID, by viewer: Viewer, returning columns: SQLQuery, on connection: Connection) async throws -> Row {
        try await connection.query(
            """
            INSERT INTO \(self.table) (\(self.owner), media_type, width, height, bytes, updated_by)
            VALUES (\(owner), \(upload.format.mediaType), \(upload.width), \(upload.height),
                decode(\(upload.bytes.base64EncodedString()), 'base64'), \(viewer.accountID))
            ON CONFLICT (\(self.owner)) DO UPDATE SET id = gen_random_uuid(), media_type = EXCLUDED.media_type,
                width = EXCLUDED.width, height = EXCLUDED.height, bytes = EXCLUDED.bytes,
                updated_by = EXCLUDED.updated_by, updated_at = now()
            RETURNING \(columns)
            """
        ).single()
    }

    /// Removes `owner`'s image; not-found when it has none.
    func delete(of owner: UUID, on connection: Connection) async throws {
        let count = try await connection.execute("DELETE FROM \(self.table) WHERE \(self.owner) = \(owner)")
        if count == 0 { throw DebriefError.notFound(self.noun) }
    }

    /// The image's bytes from a row that read them as `encode(….bytes, 'base64') AS bytes`.
    func bytes(_ row: Row) throws -> Data {
        guard let bytes = Data(base64Encoded: try row.decode("bytes"), options: .ignoreUnknownCharacters) else {
            throw DebriefError.notFound(self.noun)
        }
        return bytes
    }
}
