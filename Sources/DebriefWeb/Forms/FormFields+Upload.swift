import DebriefHTTP
import Foundation
import Hummingbird

extension FormFields {
    /// A page's post that may carry files (`<form enctype="multipart/form-data">`): its text
    /// fields, and each file field's bytes by name (an empty file input, which browsers send with
    /// no name and no bytes, is left out). A form-encoded post is read as ``read(_:limit:)`` reads
    /// it, with no files. 413 above `limit` bytes, 415 for another content type, 400 for a body
    /// that is not what its type says (text fields must be UTF-8).
    static func readUpload(_ request: Request, limit: Int) async throws -> (fields: FormFields, files: [String: [UInt8]]) {
        let (fields, files) = try await Self.readUploadParts(request, limit: limit)
        return (fields, files.mapValues(\.bytes))
    }

    /// ``readUpload(_:limit:)`` with each file's part whole: its bytes and the type it was sent as
    /// (an image upload refuses a type other than PNG or JPEG, as the API does).
    static func readUploadParts(_ request: Request, limit: Int) async throws -> (fields: FormFields, files: [String: MultipartFormData.Part]) {
        let contentType = request.headers[.contentType] ?? ""
        let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "multipart/form-data" else { return (try await Self.read(request, limit: limit), [:]) }
        guard let boundary = MultipartFormData.boundary(of: contentType) else {
            throw APIError.badRequest("body", "is multipart/form-data without a boundary")
        }
        let body = try await request.readBody(upTo: limit)
        guard let form = MultipartFormData(Array(body.readableBytesView), boundary: boundary) else {
            throw APIError.badRequest("body", "is not valid multipart/form-data")
        }
        var pairs: [(name: String, value: String)] = []
        var files: [String: MultipartFormData.Part] = [:]
        for part in form.parts {
            if part.filename != nil {
                if !(part.filename ?? "").isEmpty || !part.bytes.isEmpty { files[part.name] = part }
            } else {
                guard let text = String(validating: part.bytes, as: UTF8.self) else {
                    throw APIError.badRequest(part.name, "is not UTF-8 text")
                }
                pairs.append((part.name, text))
            }
        }
        return (FormFields(pairs), files)
    }
}
