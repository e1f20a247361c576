import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /series-pictures/{id}` (HEAD too): a series' picture's bytes (decision 92). Public where
/// the participant page is (a session of the series has a published form); otherwise only to a
/// signed-in host who may see the series; else 404, as for an id that names nothing.
///
/// Served as what the bytes are, never as what was declared: the detected `Content-Type`,
/// `X-Content-Type-Options: nosniff` (from ``SecurityHeadersMiddleware``), `Content-Security-Policy:
/// default-src 'none'` (opened alone, the image runs nothing), `Content-Disposition: inline` with a
/// name this route makes, a strong `ETag` (the SHA-256 of the bytes) and `304` for it. The bytes
/// under an id never change (a replaced picture gets a new id), so a browser may keep them a
/// day; `private`, since some are a host's only.
struct SeriesPictureRoute: Sendable {
    let pictures: SeriesPictureActions
    let accounts: AccountActions

    static let cacheControl = "private, max-age=86400"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("series-pictures/:pictureId") { request, context -> Response in
            guard let text = context.parameters.get("pictureId"), let id = UUID(uuidString: text) else { throw HTTPError(.notFound) }
            let viewer = try await Self.signedInViewer(request, accounts: self.accounts)
            guard let image = try await self.pictures.served(id, to: viewer) else { throw HTTPError(.notFound) }
            return Self.response(image, request: request)
        }
    }

    /// The host signed in on this browser, if any: a picture of a series (a team's logo) not yet
    /// public is theirs to see.
    static func signedInViewer(_ request: Request, accounts: AccountActions) async throws -> Viewer? {
        guard let token = SessionCookie.token(in: request) else { return nil }
        return try await accounts.account(forToken: token, presentedAs: .sessionCookie)?.viewer
    }

    static func response(_ image: StoredImage, request: Request) -> Response {
        let etag = "\"\(image.sha256)\""
        var headers: HTTPFields = [
            .eTag: etag, .cacheControl: Self.cacheControl, .contentSecurityPolicy: ContentSecurityPolicy.api,
        ]
        if Self.matches(request.headers[values: .ifNoneMatch], etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = image.format.mediaType
        headers[.contentDisposition] = "inline; filename=\"\(image.name).\(image.format.fileExtension)\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    /// RFC 9110 §13.1.2: `*`, or a list of entity tags compared weakly.
    static func matches(_ fields: [String], _ etag: String) -> Bool {
        fields.flatMap { $0.split(separator: ",") }.contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == etag
        }
    }
}
