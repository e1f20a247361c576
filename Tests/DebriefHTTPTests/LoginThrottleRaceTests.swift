import DebriefApp
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Parallel guesses and sign-ups against the throttles: every attempt is counted before its
/// password is hashed or checked, so a burst cannot slip past a limit while bcrypt runs.
@Suite("Login and sign-up throttles under parallel requests")
struct LoginThrottleRaceTests {
    /// Cost 10 makes each check take tens of milliseconds: long enough for parallel requests to
    /// overlap, as cost 12 does in production.
    static var slowHashing: AppConfiguration {
        var configuration = AppConfiguration.forTests
        configuration.bcryptCost = 10
        return configuration
    }

    @Test func sixteenParallelWrongPasswordsAreCheckedAtMostFiveTimes() async throws {
        try await withTestApp(configuration: Self.slowHashing) { api, _ in
            _ = try await api.signUpAndLogIn(email: "parallel@example.com")
            let statuses = try await Self.parallel(16) { _ in
                try await api.send(.post, "/v1/tokens", json: ["email": "parallel@example.com", "password": "wrong guess here"]).status
            }
            #expect(statuses.filter { $0 == .unauthorized }.count <= 5, "checked: \(statuses)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count >= 11, "\(statuses)")
            #expect(statuses.allSatisfy { $0 == .unauthorized || $0 == .tooManyRequests })
        }
    }

    @Test func parallelWrongPasswordsFromOneAddressAreCheckedAtMostThirtyTimes() async throws {
        try await withTestApp(configuration: Self.slowHashing) { api, _ in
            // A different email each time: only the per-address limit (30) applies.
            let statuses = try await Self.parallel(40) { number in
                try await api.send(.post, "/v1/tokens", json: ["email": "guess-\(number)@example.com", "password": "wrong guess here"]).status
            }
            // At most the limit is checked; every other attempt is refused, by the throttle (429) or,
            // on a machine too busy to give it a connection in time, by the pool (503).
            let refusals: Set<HTTPResponse.Status> = [.tooManyRequests, .serviceUnavailable]
            #expect(statuses.filter { $0 == .unauthorized }.count <= 30, "\(statuses)")
            #expect(statuses.filter { refusals.contains($0) }.count >= 10, "\(statuses)")
            #expect(statuses.allSatisfy { $0 == .unauthorized || refusals.contains($0) }, "\(statuses)")
        }
    }

    @Test func aSuccessfulLoginDoesNotCountAgainstTheAddress() async throws {
        try await withTestApp { api, database in
            _ = try await api.signUpAndLogIn(email: "fine@example.com")
            for _ in 0..<3 {
                let reply = try await api.send(.post, "/v1/tokens", json: ["email": "fine@example.com", "password": "correct horse battery"])
                #expect(reply.status == .created)
            }
            let left = try await database.query("SELECT count(*) AS n FROM login_failures WHERE throttle_key LIKE 'client:%'")
            #expect(try left.single().decode("n", as: Int.self) == 0)
        }
    }

    @Test func signUpsFromOneAddressAreLimitedBeforeHashing() async throws {
        var configuration = AppConfiguration(bcryptCost: 4)
        configuration.signUpsPerAddressPerHour = 3
        try await withTestApp(configuration: configuration) { api, database in
            for number in 0..<3 {
                let reply = try await api.send(
                    .post, "/v1/accounts", json: ["email": "s\(number)@example.com", "password": "correct horse battery", "displayName": "S"])
                #expect(reply.status == .created)
            }
            let refused = try await api.send(
                .post, "/v1/accounts", json: ["email": "s9@example.com", "password": "correct horse battery", "displayName": "S"])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.problem?.code == "rate_limited")
            #expect(try #require(refused.headers[.retryAfter].flatMap(Int.init)) > 0)
            let accounts = try await database.query("SELECT count(*) AS n FROM accounts")
            #expect(try accounts.single().decode("n", as: Int.self) == 3)
        }
    }

    @Test func parallelSignUpsAreLimitedToo() async throws {
        var configuration = AppConfiguration(bcryptCost: 8)
        configuration.signUpsPerAddressPerHour = 5
        try await withTestApp(configuration: configuration) { api, _ in
            let statuses = try await Self.parallel(16) { number in
                try await api.send(
                    .post, "/v1/accounts", json: ["email": "p\(number)@example.com", "password": "correct horse battery", "displayName": "P"]
                ).status
            }
            #expect(statuses.filter { $0 == .created }.count == 5, "\(statuses)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 11, "\(statuses)")
        }
    }

    static func parallel(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> HTTPResponse.Status) async throws -> [HTTPResponse.Status] {
        try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for number in 0..<count { group.addTask { try await body(number) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
