import Debrief
import DebriefStore
import Foundation

/// A series' picture (decision 92): its editors and above set, replace and remove it; the
/// participant page, the presenter, the home page and mails show it. Every upload passes the
/// domain's reader (``ImageUpload``) before the store sees a byte, so a refused upload stores
/// nothing and names the field.
public struct SeriesPictureActions: Sendable {
    let pictures: SeriesPictureStore

    /// The field an upload's problems name (the JSON route's body, the settings page's input).
    public static let field = "picture"

    public init(pictures: SeriesPictureStore) {
        self.pictures = pictures
    }

    /// Reads `bytes` as sent with `declaredType` and stores them as the series' picture.
    public func put(series: UUID, bytes: Data, declaredType: String?, by viewer: Viewer) async throws -> SeriesPicture {
        let upload = try ImageUpload.read(bytes, declaredType: declaredType, field: Self.field)
        return try await self.pictures.put(series: series, upload, by: viewer)
    }

    public func delete(series: UUID, by viewer: Viewer) async throws {
        try await self.pictures.delete(series: series, by: viewer)
    }

    public func picture(series: UUID, by viewer: Viewer) async throws -> SeriesPicture? {
        try await self.pictures.picture(series: series, by: viewer)
    }

    /// The pictures of series a page was allowed to list.
    public func pictures(series: [UUID]) async throws -> [UUID: SeriesPicture] {
        try await self.pictures.pictures(series: series)
    }

    /// The bytes behind a picture's public id, if whoever asks may see them (``SeriesPictureStore/served(_:to:)``).
    public func served(_ pictureID: UUID, to viewer: Viewer?) async throws -> StoredImage? {
        try await self.pictures.served(pictureID, to: viewer)
    }
}
