import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578), as a page's form with a file field
/// sends it: each part's field name, its file name when it is a file, and its bytes. Only what a
/// browser sends is read — a `Content-Disposition: form-data; name="…"` header per part — and
/// anything else makes the body unreadable (nil), which the caller answers with a 400.
struct MultipartFormData: Sendable {
    struct Part: Sendable {
        var name: String
        var filename: String?
        /// The part's `Content-Type` as sent (a browser names a file's type by its extension); nil
        /// without one. A reader that takes only some types checks it, as the API checks a body's.
        var contentType: String? = nil
        var bytes: [UInt8]
    }

    /// The most parts one body may hold: a page's form has a dozen fields.
    static let maxParts = 64

    var parts: [Part]

    /// The boundary of a `Content-Type: multipart/form-data; boundary=…` value, or nil.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            // RFC 2046: 1–70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    init?(_ body: [UInt8], boundary: String) {
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [13, 10]
        // The body is the preamble, then "--boundary" lines separating parts, the last "--boundary--".
        guard var at = Self.find(delimiter, in: body, from: 0) else { return nil }
        var parts: [Part] = []
        while true {
            at += delimiter.count
            if body.count >= at + 2, body[at] == 45, body[at + 1] == 45 { break }  // "--": the end
            guard body.count >= at + 2, body[at..<at + 2].elementsEqual(crlf) else { return nil }
            at += 2
            guard let headerEnd = Self.find(crlf + crlf, in: body, from: at) else { return nil }
            let headers = String(decoding: body[at..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let next = Self.find(crlf + delimiter, in: body, from: contentStart) else { return nil }
            guard let (name, filename) = Self.disposition(headers) else { return nil }
            parts.append(Part(name: name, filename: filename, contentType: Self.contentType(headers), bytes: Array(body[contentStart..<next])))
            guard parts.count <= Self.maxParts else { return nil }
            at = next + 2
        }
        self.parts = parts
    }

    /// The `name` and `filename` of a part's `Content-Disposition: form-data` header.
    private static func disposition(_ headers: String) -> (String, String?)? {
        for line in headers.components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" else { continue }
            var name: String?, filename: String?
            for parameter in pair[1].split(separator: ";").dropFirst() {
                let kv = parameter.split(separator: "=", maxSplits: 1)
                guard kv.count == 2 else { continue }
                var value = kv[1].trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                switch kv[0].trimmingCharacters(in: .whitespaces).lowercased() {
                case "name": name = value
                case "filename": filename = value
                default: break
                }
            }
            return name.map { ($0, filename) }
        }
        return nil
    }

    /// The value of a part's `Content-Type` header, or nil.
    private static func contentType(_ headers: String) -> String? {
        for line in headers.components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-type" else { continue }
            return pair[1].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
