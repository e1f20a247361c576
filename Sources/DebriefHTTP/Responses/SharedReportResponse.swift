import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird

/// The shared unfiltered report as an HTTP response: its JSON, encoded once for every reader,
/// with its `ETag`; `304 Not Modified` with no body when `If-None-Match` names that tag.
///
/// `Cache-Control: private, no-cache`: a browser may keep the report but must ask again every
/// time (an unchanged report then costs a `304`); shared caches must not keep a host's results.
struct SharedReportResponse {
    let shared: SharedReport
    let request: Request

    init(_ shared: SharedReport, request: Request) {
        self.shared = shared
        self.request = request
    }

    func response() throws -> Response {
        var headers: HTTPFields = [.eTag: self.shared.etag, .cacheControl: "private, no-cache"]
        if Self.matches(self.request.headers[values: .ifNoneMatch], self.shared.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try self.shared.json())))
    }

    /// RFC 9110 §13.1.2: `*`, or a list of entity tags compared weakly (`W/` ignored).
    static func matches(_ fields: [String], _ etag: String) -> Bool {
        for field in fields {
            for candidate in field.split(separator: ",") {
                let tag = candidate.trimmingCharacters(in: .whitespaces)
                if tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == etag { return true }
            }
        }
        return false
    }
}
