import Debrief
import Foundation
import HTTPTypes
import Hummingbird

/// An RFC 9457 problem document (`application/problem+json`).
struct Problem: Codable, Sendable {
    var type: String = "about:blank"
    var title: String
    var status: Int
    var detail: String?
    /// A stable, machine-readable code (`validation_failed`, `not_found`, …).
    var code: String
    /// Every invalid field, for validation problems.
    var errors: [FieldProblem]?
    /// The request id, to find the request in the logs.
    var requestID: String?
    /// Extra members some problems carry (the colliding meeting of a 409, for example).
    var conflictingID: String?
    var closedAt: Date?

    enum CodingKeys: String, CodingKey {
        case type, title, status, detail, code, errors, requestID = "requestId", conflictingID = "conflictingId", closedAt
    }
}

/// An expected failure that knows its HTTP status: everything a client can cause or fix.
///
/// Anything thrown that is not an `APIError` (or one of the few mapped kinds in
/// ``ProblemMiddleware``) is shown to clients only as a 500 "internal error".
public struct APIError: Error, Sendable {
    public var status: HTTPResponse.Status
    public var code: String
    public var detail: String
    public var fieldProblems: [FieldProblem]
    public var headers: HTTPFields
    var conflictingID: String?
    var closedAt: Date?

    public init(
        _ status: HTTPResponse.Status, code: String, detail: String, fieldProblems: [FieldProblem] = [],
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.code = code
        self.detail = detail
        self.fieldProblems = fieldProblems
        self.headers = headers
    }

    public static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "not_found", detail: "\(what) was not found")
    }

    public static func validation(_ problems: [FieldProblem]) -> APIError {
        APIError(
            .unprocessableContent, code: "validation_failed",
            detail: problems.map { "\($0.path): \($0.message)" }.joined(separator: "; "),
            fieldProblems: problems)
    }

    public static func badRequest(_ path: String, _ message: String) -> APIError {
        APIError(
            .badRequest, code: "bad_request", detail: "\(path): \(message)",
            fieldProblems: [FieldProblem(path: path, message: message)])
    }

    public static func conflict(_ detail: String, field: String? = nil, conflictingID: String? = nil) -> APIError {
        var error = APIError(
            .conflict, code: "conflict", detail: detail,
            fieldProblems: field.map { [FieldProblem(path: $0, message: detail)] } ?? [])
        error.conflictingID = conflictingID
        return error
    }

    /// `/results` of a meeting that exists but has no published form yet: a state the host can
    /// change (publish), not a missing meeting, so not the 404 of an unknown one.
    public static let noPublishedForm = APIError(
        .conflict, code: "no_published_form", detail: "the meeting has no published form yet; publish its form to see results")

    public static let unauthorized = APIError(
        .unauthorized, code: "unauthorized", detail: "a valid bearer token is required",
        headers: [.wwwAuthenticate: "Bearer"])

    public static func tooManyRequests(retryAfterSeconds: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "rate_limited", detail: "too many requests; retry after \(retryAfterSeconds) seconds",
            headers: [.retryAfter: String(retryAfterSeconds)])
    }

    var problem: Problem {
        Problem(
            title: self.status.reasonPhrase, status: self.status.code, detail: self.detail, code: self.code,
            errors: self.fieldProblems.isEmpty ? nil : self.fieldProblems,
            conflictingID: self.conflictingID, closedAt: self.closedAt)
    }
}

extension APIError {
    /// The one status each domain error code stands for.
    init(_ error: DebriefError) {
        let status: HTTPResponse.Status
        var headers: HTTPFields = [:]
        switch error.code {
        case .notFound: status = .notFound
        case .conflict: status = .conflict
        case .gone: status = .gone
        case .unauthenticated:
            status = .unauthorized
            headers[.wwwAuthenticate] = "Bearer"
        case .forbidden: status = .forbidden
        case .rateLimited:
            status = .tooManyRequests
            headers[.retryAfter] = String(error.retryAfterSeconds ?? 60)
        }
        self.init(
            status, code: Self.code(for: error.code), detail: error.message,
            fieldProblems: error.field.map { [FieldProblem(path: $0, message: error.message)] } ?? [], headers: headers)
        self.conflictingID = error.relatedID
        self.closedAt = error.closedAt
    }

    private static func code(for code: DebriefError.Code) -> String {
        switch code {
        case .notFound: return "not_found"
        case .conflict: return "conflict"
        case .gone: return "gone"
        case .unauthenticated: return "unauthorized"
        case .rateLimited: return "rate_limited"
        case .forbidden: return "forbidden"
        }
    }
}
