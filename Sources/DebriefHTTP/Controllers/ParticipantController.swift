import Debrief
import DebriefActions
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The public participant routes (no account): open a form by its code, check in, answer.
///
/// Rate limited per client address and per form (``RateLimitMiddleware``); bodies are capped at
/// `participantMaxBodyBytes` (64 KiB by default), well below the service-wide limit.
struct ParticipantController {
    let participants: ParticipantActions
    /// The participant routes' body limit (`participantMaxBodyBytes`), below the service-wide one.
    let maxBodyBytes: Int

    /// `POST /v1/f/{code}/check-in` body. On anonymous forms the name is not kept (none is ever
    /// stored for them, so a client may send the same body for every form) and the body may be
    /// left out; a body that is sent is still checked like on any other form.
    struct CheckInInput: Decodable {
        var name: String?
        /// The token of the participant's earlier check-in, to get that check-in back.
        var participantToken: String?
    }

    /// `group` is `/v1/f`, behind the participant rate limit.
    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(":code", use: self.show)
        group.post(":code/check-in", use: self.checkIn)
        group.post(":code/responses", use: self.submit)
    }

    /// The form in the participant's language: `?lang=` when the form has it, else the best of
    /// `Accept-Language`, else the form's own (``FormDefinition/language(requested:preference:)``).
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<ParticipantFormResponse> {
        let requested = try request.pickedLanguage()
        let view = try await self.viewOfCodeOrSeries(Self.code(context))
        let language = view.form.definition.language(
            requested: requested, preference: LanguagePreference(acceptLanguage: request.headers[.acceptLanguage]))
        return EditedResponse(
            headers: [.contentLanguage: language.rawValue, .vary: "Accept-Language"],
            response: ParticipantFormResponse(view: view, language: language))
    }

    /// The view of the form behind `code`; when no form has it and it is a series' stable code,
    /// the view of the series' current session (its `code` is that session's, where answers go).
    /// None open: a 404 saying so, with when the next session starts.
    private func viewOfCodeOrSeries(_ code: String) async throws -> ParticipantFormView {
        do {
            return try await self.participants.view(code: code)
        } catch let error as DebriefError where error.code == .notFound {
            let session: SeriesSession
            do {
                session = try await self.participants.currentSession(seriesCode: code)
            } catch let other as DebriefError where other.code == .notFound {
                throw error
            }
            switch session {
            case .open(let formCode):
                return try await self.participants.view(code: formCode)
            case .noneOpen(let next, let previous, _):
                throw DebriefError(
                    .notFound, "no session of this series is open right now"
                        + (next.map { "; the next one starts \(Timestamps.format($0))" } ?? "; no next session is planned")
                        + (previous.map { "; the previous session's form \($0) still takes answers" } ?? ""))
            }
        }
    }

    @Sendable func checkIn(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<ParticipantCheckInResponse> {
        let form = try await self.participants.form(code: Self.code(context))
        // Anonymous forms keep no name, so their body is optional; it is still read under the limit.
        let input = form.definition.anonymous
            ? try await self.decodeIfPresent(CheckInInput.self, request, context) ?? CheckInInput()
            : try await self.decode(CheckInInput.self, request, context)
        let receipt = try await self.participants.checkIn(to: form, rawName: input.name, earlierToken: input.participantToken)
        // The token is a secret: no cache may keep the reply. 200 for the earlier check-in.
        return EditedResponse(
            status: receipt.repeated ? .ok : .created, headers: [.cacheControl: "no-store"],
            response: ParticipantCheckInResponse(participantToken: receipt.participantToken, checkedInAt: receipt.checkedInAt))
    }

    /// Validates and stores through ``ParticipantActions/submit(_:to:idempotencyKey:)``.
    /// 201 for a new response, 200 when it replaced the participant's earlier answers.
    @Sendable func submit(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<AcceptedSubmission> {
        let key = try Self.idempotencyKey(request.headers)
        let form = try await self.participants.form(code: Self.code(context))
        let input = try await self.submission(request, context)
        do {
            let accepted = try await self.participants.submit(input, to: form, idempotencyKey: key)
            return EditedResponse(status: accepted.replacedEarlier ? .ok : .created, response: accepted)
        } catch let refusal as SubmissionRefusal {
            throw refusal.problem
        }
    }

    // MARK: - Helpers

    /// The `Idempotency-Key` header, if sent; a malformed one is a 400 naming the header.
    private static func idempotencyKey(_ headers: HTTPFields) throws -> String? {
        guard let value = headers[.idempotencyKey] else { return nil }
        guard IdempotencyClaim.isValidKey(value) else {
            throw APIError.badRequest("Idempotency-Key", "must be 1 to \(IdempotencyClaim.maxKeyLength) printable ASCII characters")
        }
        return value
    }

    private static func code(_ context: AppRequestContext) -> String {
        context.parameters.get("code") ?? ""
    }

    /// Reads the body under the participant routes' smaller limit (413 above it).
    private func collect(_ request: Request, _ context: AppRequestContext) async throws -> ByteBuffer {
        try await request.readBody(upTo: context.bodyLimit(atMost: self.maxBodyBytes))
    }

    /// The submission body, read by its one reader (``SubmissionJSON/read(_:)``, decision 89),
    /// which names what is wrong as every other body's problems are named.
    private func submission(_ request: Request, _ context: AppRequestContext) async throws -> SubmissionInput {
        let body = try await self.collect(request, context)
        if let input = body.readableBytesView.withContiguousStorageIfAvailable({ SubmissionJSON.decode(UnsafeRawBufferPointer($0)) }) ?? nil {
            return input
        }
        do {
            return try SubmissionJSON.read(Array(body.readableBytesView))
        } catch {
            throw Self.problem(error)
        }
    }

    /// A submission body's problem, worded as `Request.decodeJSON` words every body's.
    static func problem(_ problem: SubmissionBodyProblem) -> APIError {
        switch problem {
        case .missing: .badRequest("body", "a JSON body is required")
        case .malformed: .badRequest("body", "is not valid JSON")
        case .tooDeep: .badRequest("body", "is nested more than \(JSONTree.maxDepth) levels deep")
        case .fields(let problems): .validation(problems)
        }
    }

    /// Decodes a JSON body read by ``collect(_:_:)``, with the usual 400/422 problems.
    private func decode<Value: Decodable>(_ type: Value.Type, _ request: Request, _ context: AppRequestContext) async throws -> Value {
        try await Self.decode(type, body: try await self.collect(request, context), request, context)
    }

    /// As ``decode(_:_:_:)``, but no body at all is nil instead of a 400.
    private func decodeIfPresent<Value: Decodable>(
        _ type: Value.Type, _ request: Request, _ context: AppRequestContext
    ) async throws -> Value? {
        let body = try await self.collect(request, context)
        return body.readableBytes == 0 ? nil : try await Self.decode(type, body: body, request, context)
    }

    private static func decode<Value: Decodable>(
        _ type: Value.Type, body: ByteBuffer, _ request: Request, _ context: AppRequestContext
    ) async throws -> Value {
        var request = request
        request.body = RequestBody(buffer: body)
        return try await request.decodeJSON(as: type, context: context)
    }
}

extension HTTPField.Name {
    // A valid token by inspection, so the initializer cannot fail.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key") ?? .via
}
