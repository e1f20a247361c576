@testable import DebriefApp
@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// HEAD answers wherever GET does, with GET's status and headers and no body (RFC 9110 §9.3.2):
/// every GET route of the router as the app builds it — the JSON API, the pages, the assets, the
/// document — is sent both, with a host's token and without. Found by schemathesis: every GET
/// route answered HEAD with 405.
@Suite("HEAD answers wherever GET does")
struct HeadAnswersWhereGetDoesTests {
    /// Headers that say what the body would be, or where to go: they must be GET's.
    static let compared: [HTTPField.Name] = [.contentType, .contentLength, .location, .allow, .cacheControl, .contentDisposition]

    @Test func everyGetRouteAnswersHeadAlike() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let routes = buildRouter(AppServices(configuration: .forTests, database: database)).routes
            let paths = Set(routes.filter { $0.method == .get }.map { Self.concrete("\($0.path)") }).sorted()
            #expect(paths.count > 50, "the router lists \(paths.count) GET routes")
            var mismatches: [String] = []
            for path in paths {
                for credential in [token, nil] {
                    let get = try await api.send(.get, path, token: credential)
                    let head = try await api.send(.head, path, token: credential)
                    let who = credential == nil ? "anonymous" : "host"
                    if head.status != get.status { mismatches.append("\(path) (\(who)): HEAD \(head.status.code), GET \(get.status.code)") }
                    if !head.body.isEmpty { mismatches.append("\(path) (\(who)): HEAD sent \(head.body.count) body bytes") }
                    for name in Self.compared where head.headers[name] != get.headers[name] {
                        mismatches.append("\(path) (\(who)): \(name) is \(head.headers[name] ?? "absent") on HEAD, \(get.headers[name] ?? "absent") on GET")
                    }
                }
            }
            let alike = mismatches.isEmpty
            #expect(alike, "\(mismatches.count) mismatches:\n\(mismatches.prefix(40).joined(separator: "\n"))")
        }
    }

    @Test func allowListsHeadBesideGet() async throws {
        try await withTestApp { api, _ in
            let reply = try await api.send(.delete, "/healthz")
            #expect(reply.status == .methodNotAllowed)
            #expect(reply.headers[.allow] == "GET, HEAD")
        }
    }

    /// A route's path with each parameter filled: an id nobody has, a code nobody was given (the
    /// route then answers its 404 or its sign-in redirect, which HEAD must match too).
    static func concrete(_ route: String) -> String {
        "/" + route.split(separator: "/").map { segment -> String in
            guard segment.hasPrefix(":") || segment.hasPrefix("{") else { return String(segment) }
            let name = segment.trimmingCharacters(in: CharacterSet(charactersIn: ":{}"))
            return name.lowercased().hasSuffix("id") ? "0b6c1b9e-5f6a-4c1d-9a63-3d2a9f0e7c11" : "ABCDEFGHJK"
        }.joined(separator: "/")
    }
}
