@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PQ
import Testing

/// Unfiltered results computed once per change and served from memory (``SharedResults``):
/// read-your-writes, `ETag`/304, authorization on every read, host changes seen at once, and
/// hosts' reads that miss no participant submission older than the staleness bound.
@Suite("Results: shared per change")
struct SharedResultsTests {
    /// The application with its parts in reach, so a test can count computations.
    /// `hostStaleness`: zero (the default here) makes every read wait for every submission
    /// acknowledged before it (``AppConfiguration/hostResultsStaleness``).
    static func run(
        hostStaleness: Duration = .zero, _ body: @escaping @Sendable (APIClient, AppServices) async throws -> Void
    ) async throws {
        var configuration = AppConfiguration(bcryptCost: 4)
        // Longer than any test takes on a loaded machine, so only changes make a new report.
        configuration.sharedResultsMaxAge = .seconds(600)
        configuration.hostResultsStaleness = hostStaleness
        // The tests submit dozens of responses from one address as fast as the machine allows.
        configuration.participantRateLimits = .unlimited
        try await TestDatabase.withMigrated { database in
            let services = AppServices(configuration: configuration, database: database)
            let app = Application(router: buildRouter(services), logger: TestDatabase.logger)
            try await app.test(.router) { client in try await body(APIClient(client: client), services) }
        }
    }

    static func publish(_ api: APIClient, token: String) async throws -> (meeting: String, code: String) {
        let meeting = try await api.createMeeting(token: token, daysFromNow: -0.01)
        try await api.putSampleForm(token: token, meeting: meeting)
        let published = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
        return (meeting, try #require(published.string("code")))
    }

    @discardableResult
    static func submit(_ api: APIClient, code: String) async throws -> String {
        let reply = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": 7]]])
        #expect(reply.status == .created, "\(reply.text)")
        return try #require(reply.string("id"))
    }

    static func responses(_ reply: APIClient.Reply) -> Int? {
        (reply.json?["summary"] as? [String: Any])?["responses"] as? Int
    }

    @Test func everyReadSeesTheSubmissionsAcknowledgedBeforeIt() async throws {
        try await Self.run { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await Self.publish(api, token: token)
            for expected in 1...15 {
                try await Self.submit(api, code: code)
                let read = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
                #expect(Self.responses(read) == expected)
            }
            // Concurrent submitters and readers: a read started after n acknowledgements sees ≥ n.
            try await Self.submitAndReadAtOnce(api, code: code, meeting: meeting, token: token) { responses, _, acknowledged in
                #expect(responses >= 15 + acknowledged.count)
            }
            let final = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(Self.responses(final) == 55)
        }
    }

    @Test func hostsReadsMissOnlySubmissionsYoungerThanTheBoundAndCatchUpInTheBackground() async throws {
        // A bound far longer than the test: a submission is missing from the next read for sure.
        try await Self.run(hostStaleness: .seconds(600)) { api, services in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await Self.publish(api, token: token)
            let first = try await Self.submit(api, code: code)
            let path = "/v1/meetings/\(meeting)/results"
            #expect(Self.responses(try await api.send(.get, path, token: token)) == 1)
            let computed = services.sharedResults.computationCount

            // A participant's submission: the host's next read is served at once from memory,
            // without it, and starts the computation that brings it in.
            try await Self.submit(api, code: code)
            #expect(Self.responses(try await api.send(.get, path, token: token)) == 1)
            let deadline = ContinuousClock.now + .seconds(60)
            var caughtUp: Int?
            while ContinuousClock.now < deadline {
                caughtUp = Self.responses(try await api.send(.get, path, token: token))
                if caughtUp == 2 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(caughtUp == 2, "the background computation brought the submission in")
            #expect(services.sharedResults.computationCount == computed + 1, "one computation, started by the stale read")

            // The host's own change is never missing: a submission, then a removal, then a read
            // that counts both at once.
            try await Self.submit(api, code: code)
            #expect(try await api.send(.delete, "/v1/meetings/\(meeting)/responses/\(first)", token: token).status == .noContent)
            let afterRemoval = try await api.send(.get, path, token: token)
            #expect(Self.responses(afterRemoval) == 2)
            #expect((afterRemoval.json?["summary"] as? [String: Any])?["responsesRemovedByHost"] as? Int == 1)

            // The live stream's snapshot follows every change.
            try await Self.submit(api, code: code)
            let snapshot = try await services.sharedResults.report(try #require(UUID(uuidString: meeting)))
            #expect(snapshot?.report.summary.responses == 3)
        }
    }

    @Test func underConcurrentSubmissionsAHostsReadMissesNothingOlderThanTheBound() async throws {
        let bound = Duration.milliseconds(50)
        try await Self.run(hostStaleness: bound) { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await Self.publish(api, token: token)
            try await Self.submitAndReadAtOnce(api, code: code, meeting: meeting, token: token) { responses, started, acknowledged in
                #expect(responses >= acknowledged.count(before: started - bound))
            }
            try await Task.sleep(for: bound)
            #expect(Self.responses(try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)) == 40)
        }
    }

    /// When each acknowledged submission was acknowledged.
    struct Acknowledged: Sendable {
        var times: [ContinuousClock.Instant] = []
        var count: Int { self.times.count }
        func count(before instant: ContinuousClock.Instant) -> Int { self.times.filter { $0 < instant }.count }
    }

    actor AcknowledgementLog {
        private(set) var acknowledged = Acknowledged()
        func add() { self.acknowledged.times.append(.now) }
    }

    /// Four participants submit ten responses each while four readers read the results ten times
    /// each; `check` gets each read's response count, when the read began, and what had been
    /// acknowledged when it began.
    static func submitAndReadAtOnce(
        _ api: APIClient, code: String, meeting: String, token: String,
        check: @escaping @Sendable (_ responses: Int, _ began: ContinuousClock.Instant, _ acknowledged: Acknowledged) -> Void
    ) async throws {
        let log = AcknowledgementLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<10 {
                        try await Self.submit(api, code: code)
                        await log.add()
                    }
                }
                group.addTask {
                    for _ in 0..<10 {
                        let began = ContinuousClock.now
                        let before = await log.acknowledged
                        let read = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
                        check(Self.responses(read) ?? 0, began, before)
                        try await Task.sleep(for: .milliseconds(10))
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func unchangedResultsAreServedFromMemoryWithAnETag() async throws {
        try await Self.run { api, services in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await Self.publish(api, token: token)
            try await Self.submit(api, code: code)
            let first = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(first.status == .ok)
            let etag = try #require(first.headers[.eTag])
            #expect(first.headers[.cacheControl] == "private, no-cache")
            #expect(first.headers[.contentType] == "application/json; charset=utf-8")
            let computed = services.sharedResults.computationCount

            // Nothing changed: the same bytes, no computation; 304 for the tag, also in a list or weak.
            let again = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(again.body == first.body)
            #expect(again.headers[.eTag] == etag)
            for header in [etag, "\"other\", \(etag)", "W/\(etag)", "*"] {
                let notModified = try await api.send(
                    .get, "/v1/meetings/\(meeting)/results", token: token, headers: [.ifNoneMatch: header])
                #expect(notModified.status == .notModified, "\(header)")
                #expect(notModified.body.isEmpty)
                #expect(notModified.headers[.eTag] == etag)
            }
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token, headers: [.ifNoneMatch: "\"stale\""]).status == .ok)
            #expect(services.sharedResults.computationCount == computed)

            // A submission changes the report: a new tag, the old one no longer matches.
            try await Self.submit(api, code: code)
            let changed = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token, headers: [.ifNoneMatch: etag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != etag)
            #expect(Self.responses(changed) == 2)
            #expect(services.sharedResults.computationCount == computed + 1)

            // A filtered read counts its rows, with no tag.
            let filtered = try await api.send(.get, "/v1/meetings/\(meeting)/results?checkedInOnly=true", token: token)
            #expect(filtered.status == .ok)
            #expect(filtered.headers[.eTag] == nil)
            #expect(Self.responses(filtered) == 0)
        }
    }

    @Test func authorizationIsCheckedOnEveryRead() async throws {
        try await Self.run { api, services in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await Self.publish(api, token: token)
            try await Self.submit(api, code: code)
            // The owner's read caches the report; another host still gets "not found", with no tag.
            let owner = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(owner.status == .ok)
            let (other, _) = try await api.signUpAndLogIn()
            let refused = try await api.send(
                .get, "/v1/meetings/\(meeting)/results", token: other, headers: [.ifNoneMatch: try #require(owner.headers[.eTag])])
            #expect(refused.status == .notFound)
            #expect(refused.headers[.eTag] == nil)
            #expect(refused.problem?.detail?.contains("meeting") == true)
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/results").status == .unauthorized)
            // The shared participant view stays closed: this form does not share its results.
            #expect(try await api.send(.get, "/v1/f/\(code)/results").status == .notFound)
            // The live stream's snapshot is the shared report (the same counts; it may have been
            // recomputed since, so `generatedAt` can differ).
            let snapshot = try await services.sharedResults.report(try #require(UUID(uuidString: meeting)))
            #expect(snapshot?.report.summary.responses == Self.responses(owner))
            #expect(snapshot?.meeting.id.uuidString.lowercased() == meeting.lowercased())
        }
    }

    @Test func theHostsChangesShowAtOnce() async throws {
        try await Self.run { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await Self.publish(api, token: token)
            try await Self.submit(api, code: code)
            let open = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(open.string("formState") == "open")
            #expect(try await api.send(.post, "/v1/meetings/\(meeting)/form/close", token: token).status == .ok)
            let closed = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(closed.string("formState") == "closed")
            #expect(try await api.send(.delete, "/v1/meetings/\(meeting)", token: token).status == .noContent)
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token).status == .notFound)
        }
    }
}
