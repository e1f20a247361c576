import Debrief
import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird

/// A series' picture over the JSON API (`/v1/series/{id}/picture`, decision 92): `PUT` with the
/// image itself as the body (`Content-Type: image/png` or `image/jpeg`, no multipart: one file,
/// one request, nothing to parse but the image) sets or replaces it; `DELETE` removes it; `GET`
/// says what it is and where it is served. Editors of the series and above (``SeriesRole/may(_:)``);
/// a series the viewer may not see is 404, one they may only view is 403 for a change.
///
/// The body is cut at ``ImageUpload/maxBytes``: a declared larger `Content-Length` is refused
/// before a byte is read, a longer body as soon as the limit is passed, with 413 (the connection
/// then closes, so the rest is never read) and a problem naming `picture`. Anything else wrong
/// with the bytes is 422 naming `picture`, and nothing is stored.
public struct SeriesPictureController: Sendable {
    let pictures: SeriesPictureActions

    public init(pictures: SeriesPictureActions) {
        self.pictures = pictures
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("series/:id/picture") { _, context -> SeriesPictureResponse in
            let series = try context.requireID("id", "series")
            guard let picture = try await self.pictures.picture(series: series, by: try context.requireViewer()) else {
                throw APIError.notFound("picture")
            }
            return SeriesPictureResponse(picture)
        }
        group.put("series/:id/picture") { request, context -> SeriesPictureResponse in
            let series = try context.requireID("id", "series")
            let viewer = try context.requireViewer()
            let bytes = try await Self.readImage(request)
            let picture = try await self.pictures.put(
                series: series, bytes: bytes, declaredType: request.headers[.contentType], by: viewer)
            return SeriesPictureResponse(picture)
        }
        group.delete("series/:id/picture") { _, context -> Response in
            let series = try context.requireID("id", "series")
            try await self.pictures.delete(series: series, by: try context.requireViewer())
            return Response(status: .noContent)
        }
    }

    /// The body up to ``ImageUpload/maxBytes``; past it, 413 naming `field` (a team's logo reads its body here too).
    static func readImage(_ request: Request, field: String = SeriesPictureActions.field) async throws -> Data {
        do {
            let buffer = try await request.readBody(upTo: ImageUpload.maxBytes)
            return Data(buffer.readableBytesView)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            let problem = FieldProblem(path: field, message: "is larger than \(ImageUpload.maxBytes) bytes (256 KB)")
            throw APIError(.contentTooLarge, code: "body_too_large", detail: "\(problem.path): \(problem.message)", fieldProblems: [problem])
        }
    }
}

/// `GET|PUT /v1/series/{id}/picture`: what the picture is and where it is served.
struct SeriesPictureResponse: ResponseEncodable {
    var id: UUID
    var seriesID: UUID
    /// Where the bytes are (`/series-pictures/{id}`), new at every upload.
    var url: String
    var contentType: String
    var width: Int
    var height: Int
    var etag: String
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, seriesID = "seriesId", url, contentType, width, height, etag, updatedAt
    }

    init(_ picture: SeriesPicture) {
        self.id = picture.id
        self.seriesID = picture.seriesID
        self.url = picture.path
        self.contentType = picture.format.mediaType
        self.width = picture.width
        self.height = picture.height
        self.etag = "\"\(picture.sha256)\""
        self.updatedAt = picture.updatedAt
    }
}
