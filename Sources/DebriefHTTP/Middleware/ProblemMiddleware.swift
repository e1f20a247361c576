import Debrief
import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PQ

/// Turns every error into an RFC 9457 problem document, and logs what clients cannot see.
///
/// Expected failures (``APIError``, Hummingbird's `HTTPError`, domain validation, a company
/// sign-in refusal, an unreachable database) keep their meaning; anything else becomes a bare 500 so no SQL, stack or internal
/// detail leaks.
public struct ProblemMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext

    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = Self.apiError(for: error, context: context)
            if apiError.status.code >= 500 {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            let response = Self.response(for: apiError, requestID: context.id)
            return apiError.status == .contentTooLarge ? Self.closingConnection(after: response, channel: context.channel) : response
        }
    }

    /// A 413 is sent before the rest of the oversized body was read. Without more, the server
    /// would then read and discard the whole upload (10 MB, or forever when chunked) before the
    /// connection can serve anything else; instead it says `Connection: close` and stops reading
    /// once the response is sent.
    static func closingConnection(after response: Response, channel: any Channel) -> Response {
        var response = response
        response.headers[.connection] = "close"
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            try await body.write(writer)
            // Ends the request stream: the server stops waiting for the body and closes.
            channel.close(mode: .input, promise: nil)
        }
        return response
    }

    public static func apiError(for error: any Error, context: Context) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as ValidationFailure:
            return .validation(error.problems)
        case let error as DebriefError:
            return APIError(error)
        case let refusal as CompanySignInRefusal:
            return APIError(refusal)
        case let error as HTTPError:
            return Self.apiError(for: error)
        case let error as PQError where error.isUnavailable:
            return APIError(
                .serviceUnavailable, code: "database_unavailable",
                detail: "the database is unavailable; retry shortly", headers: [.retryAfter: "2"])
        case let error as PQError where error.isStatementTimeout:
            return APIError(
                .serviceUnavailable, code: "timeout", detail: "the request took too long; retry shortly",
                headers: [.retryAfter: "2"])
        case is NIOTooManyBytesError:
            return APIError(.contentTooLarge, code: "body_too_large", detail: "the request body is too large")
        case is CancellationError:
            return APIError(.serviceUnavailable, code: "cancelled", detail: "the request was cancelled")
        default:
            return APIError(.internalServerError, code: "internal_error", detail: "internal error")
        }
    }

    private static func apiError(for error: HTTPError) -> APIError {
        switch error.status {
        case .notFound:
            return APIError(.notFound, code: "not_found", detail: "no such resource")
        case .contentTooLarge:
            return APIError(.contentTooLarge, code: "body_too_large", detail: "the request body is too large")
        case .methodNotAllowed:
            return APIError(.methodNotAllowed, code: "method_not_allowed", detail: "method not allowed", headers: error.headers)
        default:
            let status = error.status
            return APIError(
                status, code: status.code >= 500 ? "internal_error" : "bad_request",
                detail: status.code >= 500 ? "internal error" : (error.body ?? status.reasonPhrase), headers: error.headers)
        }
    }

    static func response(for error: APIError, requestID: String) -> Response {
        var problem = error.problem
        problem.requestID = requestID
        let data = (try? JSONCoding.encoder.encode(problem)) ?? Data(#"{"title":"Internal Server Error","status":500}"#.utf8)
        var headers = error.headers
        headers[.contentType] = "application/problem+json"
        return Response(status: error.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
