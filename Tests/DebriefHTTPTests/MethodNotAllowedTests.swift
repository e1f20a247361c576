import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("A known path with a wrong method is 405 with Allow")
struct MethodNotAllowedTests {
    @Test func wrongMethodsGet405AndTheAllowedOnes() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.trace, "/v1/me", "GET, HEAD, PATCH"),
                (.delete, "/v1/meetings", "GET, HEAD, POST"),
                (.put, "/v1/f/ABCDEFGHJK", "GET, HEAD"),
                (.options, "/v1/f/ABCDEFGHJK/responses", "POST"),
                (.post, "/healthz", "GET, HEAD"),
                (.get, "/v1/meetings/\(UUID().uuidString)/form/publish", "POST"),
                // The literal route, not /v1/meetings/{id} (GET, HEAD, PATCH, DELETE).
                (.options, "/v1/meetings/next", "GET, HEAD"),
            ]
            for (method, path, allowed) in cases {
                // With or without a token: which methods a path has is no secret (openapi.yaml lists them).
                for credential in [token, nil] {
                    let reply = try await api.send(method, path, token: credential)
                    #expect(reply.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(reply.headers[.allow] == allowed, "\(method) \(path)")
                    #expect(reply.problem?.code == "method_not_allowed")
                }
            }
            #expect(try await api.send(.get, "/v1/nothing-here").status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/a/b/c/d/e", token: token).status == .notFound)
        }
    }
}
