@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Participants: rate limits")
struct ParticipantRateLimitTests {
    @Test func aClientOverItsLimitGets429WithRetryAfter() async throws {
        let limits = RateLimitSettings(perAddress: RateLimitRate(perSecond: 0.02, burst: 3), perForm: .unlimited)
        try await ParticipantAPI.run(configuration: ParticipantAPI.configuration(limits: limits)) { api, database in
            let form = try await api.publish()
            var statuses: [HTTPResponse.Status] = []
            var limited: ParticipantReply?
            for _ in 0..<5 {
                let reply = try await api.submit(form.code, ["answers": ParticipantAPI.answers()])
                statuses.append(reply.status)
                if reply.status == .tooManyRequests { limited = reply }
            }
            #expect(statuses == [.created, .created, .created, .tooManyRequests, .tooManyRequests])
            let reply = try #require(limited)
            #expect(reply.problemCode == "rate_limited")
            let retryAfter = try #require(reply.headers[.retryAfter].flatMap(Int.init))
            // One token per 50 s: a slow, busy machine cannot refill the bucket during the test.
            #expect((1...50).contains(retryAfter))
            // Reads and check-ins share the bucket; host routes are not limited.
            #expect(try await api.send(.get, "/v1/f/\(form.code)").status == .tooManyRequests)
            #expect(try await api.send(.get, "/v1/meetings/\(form.meetingID)/form", token: form.hostToken).status == .ok)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 3)
        }
    }

    @Test func aBusyFormIsLimitedWhoeverSends() async throws {
        let limits = RateLimitSettings(perAddress: .unlimited, perForm: RateLimitRate(perSecond: 0.01, burst: 2))
        try await ParticipantAPI.run(configuration: ParticipantAPI.configuration(limits: limits)) { api, _ in
            let form = try await api.publish()
            let other = try await api.publish()
            #expect(try await api.send(.get, "/v1/f/\(form.code)").status == .ok)
            // Spelling variants of one code share its bucket.
            #expect(try await api.send(.get, "/v1/f/\(form.code.lowercased())").status == .ok)
            let limited = try await api.send(.get, "/v1/f/\(form.code.prefix(4))-\(form.code.dropFirst(4))")
            #expect(limited.status == .tooManyRequests)
            #expect((limited.headers[.retryAfter].flatMap(Int.init) ?? 0) >= 1)
            // Another form has its own bucket.
            #expect(try await api.send(.get, "/v1/f/\(other.code)").status == .ok)
        }
    }

    /// Form codes carry 50 bits; what makes guessing them hopeless is that every route taking a
    /// code shares the per-address limit, so a guesser gets 429 long before a lucky hit.
    @Test func guessingCodesOnAnyParticipantRouteGets429() async throws {
        let limits = RateLimitSettings(perAddress: RateLimitRate(perSecond: 0.02, burst: 9), perForm: .unlimited)
        try await ParticipantAPI.run(configuration: ParticipantAPI.configuration(limits: limits)) { api, _ in
            var statuses: [HTTPResponse.Status] = []
            for attempt in 0..<12 {
                // A fresh, well-formed code each time, as a guesser would send (each has its own
                // per-form bucket, so only the per-address limit can stop this).
                let guess = SecretToken.newFormCode()
                let reply: ParticipantReply
                switch attempt % 3 {
                case 0: reply = try await api.send(.get, "/v1/f/\(guess)")
                case 1: reply = try await api.send(.post, "/v1/f/\(guess)/check-in", json: [:])
                default: reply = try await api.send(.get, "/v1/f/\(guess)/results")
                }
                statuses.append(reply.status)
                if reply.status == .tooManyRequests {
                    #expect(reply.problemCode == "rate_limited")
                    #expect((reply.headers[.retryAfter].flatMap(Int.init) ?? 0) >= 1)
                }
            }
            #expect(statuses == Array(repeating: .notFound, count: 9) + Array(repeating: .tooManyRequests, count: 3))
        }
    }
}
