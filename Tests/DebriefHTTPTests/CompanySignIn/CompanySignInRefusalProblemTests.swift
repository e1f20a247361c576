import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A company sign-in refusal goes through the application's error path like every expected
/// failure (docs/decisions/0066): ``ProblemMiddleware`` makes it an RFC 9457 problem with the
/// refusal's status and its stable reason as the code, and the pages render the same status.
@Suite("Company sign-in: a refusal is a problem document")
struct CompanySignInRefusalProblemTests {
    struct Body: Decodable {
        var status: Int
        var code: String
        var detail: String?
    }

    /// What a route that refuses with `refusal` answers behind the problem middleware.
    static func answer(_ refusal: CompanySignInRefusal) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: Body) {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        router.get("refused") { _, _ -> Response in throw refusal }
        return try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/refused", method: .get) { response in
                #expect(response.headers[.contentType] == "application/problem+json")
                return (response.status, response.headers, try JSONDecoder().decode(Body.self, from: Data(buffer: response.body)))
            }
        }
    }

    @Test func aProviderThatIsDownIsA503WithRetryAfter() async throws {
        let (status, headers, body) = try await Self.answer(.providerUnavailable("connection refused"))
        #expect(status == .serviceUnavailable)
        #expect(headers[.retryAfter] == "30")
        #expect(body.status == 503)
        #expect(body.code == "provider_unavailable")
    }

    @Test func aBrokenOrReplayedCallbackIsA400() async throws {
        for refusal in [CompanySignInRefusal.stateReplayed, .stateNotThisBrowser, .missingParameter("code"), .codeRefused("invalid_grant")] {
            let (status, _, body) = try await Self.answer(refusal)
            #expect(status == .badRequest, "\(refusal)")
            #expect(body.code == refusal.reason)
        }
    }

    @Test func aTokenThatDoesNotVerifyOrAPersonNotSignedInIsA403() async throws {
        for refusal in [CompanySignInRefusal.badSignature, .wrongAudience, .unverifiedEmail, .noAccount, .unprovenAccount] {
            let (status, _, body) = try await Self.answer(refusal)
            #expect(status == .forbidden, "\(refusal)")
            #expect(body.code == refusal.reason)
            #expect(body.detail?.isEmpty == false)
        }
    }
}
