@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Browser-like requests for the page tests: form posts, cookies, `Accept-Language`.
extension ParticipantAPI {
    /// `GET` with optional cookie and language headers.
    func page(_ uri: String, language: String? = nil, cookie: String? = nil) async throws -> ParticipantReply {
        var headers: HTTPFields = [:]
        if let language { headers[.acceptLanguage] = language }
        if let cookie { headers[.cookie] = cookie }
        return try await self.send(.get, uri, headers: headers)
    }

    /// A form post (`application/x-www-form-urlencoded`), fields in order, names repeatable.
    func post(
        _ uri: String, _ fields: [(String, String)], language: String? = nil, cookie: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> ParticipantReply {
        var headers = extra
        headers[.contentType] = "application/x-www-form-urlencoded"
        if let language { headers[.acceptLanguage] = language }
        if let cookie { headers[.cookie] = cookie }
        let body = fields.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&")
        let response = try await self.client.executeRequest(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
        return ParticipantReply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
    }

    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }
}

extension ParticipantReply {
    /// The value of the first `<input … name="NAME" value="…">` of the page (attributes in the
    /// order the templates write them).
    func inputValue(_ name: String) -> String? {
        guard let range = self.text.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = self.text[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    var isHTML: Bool { self.headers[.contentType] == "text/html; charset=utf-8" }
}
