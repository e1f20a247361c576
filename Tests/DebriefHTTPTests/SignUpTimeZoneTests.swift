import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// `SignUpInput.timeZone` is documented (openapi.yaml): a generated client sends it, so the
/// server takes it (found by schemathesis: it was refused as `is not a known field`), keeps it
/// as the account's zone, and refuses a name that is no zone with a 422 naming `timeZone`.
@Suite("Sign-up takes the documented time zone")
struct SignUpTimeZoneTests {
    static let password = "correct horse battery"

    @Test func aZoneGivenAtSignUpIsTheAccountsZone() async throws {
        try await withTestApp { api, _ in
            let created = try await api.send(.post, "/v1/accounts", json: [
                "email": "zoned@example.com", "password": Self.password, "displayName": "Zoned", "timeZone": "Asia/Seoul",
            ])
            #expect(created.status == .created, "\(created.text)")
            #expect(created.string("timeZone") == "Asia/Seoul")
            let login = try await api.send(.post, "/v1/tokens", json: ["email": "zoned@example.com", "password": Self.password])
            guard let token = login.string("token") else {
                Issue.record("no token: \(login.text)")
                return
            }
            let me = try await api.send(.get, "/v1/me", token: token)
            #expect(me.string("timeZone") == "Asia/Seoul", "\(me.text)")
        }
    }

    @Test func nullOrAbsentLeavesNoZoneAndAnUnknownNameIsRefused() async throws {
        try await withTestApp { api, _ in
            let null = try await api.send(.post, "/v1/accounts", json: [
                "email": "null@example.com", "password": Self.password, "displayName": "Null", "timeZone": NSNull(),
            ])
            #expect(null.status == .created, "\(null.text)")
            #expect(null.json?["timeZone"] == nil || null.json?["timeZone"] is NSNull)
            let unknown = try await api.send(.post, "/v1/accounts", json: [
                "email": "mars@example.com", "password": Self.password, "displayName": "Mars", "timeZone": "Mars/Olympus",
            ])
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.problemPaths.map { $0.hasPrefix("timeZone: ") } == [true], "\(unknown.problemPaths)")
        }
    }
}
