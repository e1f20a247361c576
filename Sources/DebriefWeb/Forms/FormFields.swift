import DebriefHTTP
import Foundation
import Hummingbird
import NIOCore

/// The fields of an `application/x-www-form-urlencoded` body, in order, repeated names kept
/// (a group of checkboxes sends one field per ticked box).
struct FormFields: Sendable {
    private(set) var pairs: [(name: String, value: String)]

    /// Parses a body; nil when it is not valid form encoding (a `%` not followed by two hex
    /// digits, or bytes that are not UTF-8 once decoded).
    init?(encoded text: String) {
        var pairs: [(String, String)] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(halves[0]) else { return nil }
            let value = halves.count > 1 ? Self.decode(halves[1]) : ""
            guard let value else { return nil }
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    init(_ pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// The first value of `name`, if sent.
    subscript(_ name: String) -> String? {
        self.pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in the order sent.
    func values(_ name: String) -> [String] {
        self.pairs.filter { $0.name == name }.map(\.value)
    }

    /// `+` is a space in form encoding; `%XX` are UTF-8 bytes.
    private static func decode(_ raw: Substring) -> String? {
        raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// Reads and parses a form post of at most `limit` bytes: 413 above it, 415 for another
    /// content type, 400 for a body that is not form encoding.
    static func read(_ request: Request, limit: Int) async throws -> FormFields {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/x-www-form-urlencoded" else {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type", detail: "a form post is expected")
        }
        let body = try await request.readBody(upTo: limit)
        guard let fields = FormFields(encoded: String(decoding: body.readableBytesView, as: UTF8.self)) else {
            throw APIError.badRequest("body", "is not valid form encoding")
        }
        return fields
    }
}
