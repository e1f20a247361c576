@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import DebriefStore
@testable import DebriefTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import PQ
import Testing

/// A phone's marks kept on each instance (decision 109), through the application: a list read
/// after the phone's first reads none of its votes again, and a vote through
/// another instance on the same database is marked for its voter, nobody else.
@Suite("Questions from the room: a phone's marks without a statement, on every instance")
struct RoomQuestionMarksAcrossInstancesTests {
    let room = RoomQuestionsTests()

    /// One instance of the application on `database`, its listener, notifier and hub running.
    struct Instance {
        let api: APIClient
        let services: AppServices
    }

    /// Two instances on one database, as two servers behind the load balancer.
    static func run(_ body: @escaping @Sendable (Instance, Instance, Database) async throws -> Void) async throws {
        var configuration = AppConfiguration(bcryptCost: 4)
        configuration.participantRateLimits = .unlimited
        configuration.resultsNotification = .coalesced(.milliseconds(20))
        try await TestDatabase.withMigrated { database in
            let (first, second) = (AppServices(configuration: configuration, database: database), AppServices(configuration: configuration, database: database))
            var running: [Task<Void, any Error>] = []
            // Before the database is dropped, whether the body returns or throws.
            defer { for task in running { task.cancel() } }
            for services in [first, second] {
                let listener = ChangeListener(
                    database: database, hub: services.liveResults, shared: services.sharedResults, rooms: services.roomLists,
                    logger: TestDatabase.logger)
                running += [Task { try await services.liveResults.run() }, Task { try await services.notifier.run() }, Task { try await listener.run() }]
            }
            try await Application(router: buildRouter(first), logger: TestDatabase.logger).test(.router) { a in
                try await Application(router: buildRouter(second), logger: TestDatabase.logger).test(.router) { b in
                    try await body(Instance(api: APIClient(client: a), services: first), Instance(api: APIClient(client: b), services: second), database)
                }
            }
        }
    }

    /// Sends notices until both instances hear them: from then on both listen.
    static func untilListening(_ instances: [Instance], on database: Database) async throws {
        let marks = instances.compactMap(\.services.roomLists.marks)
        for _ in 0..<600 {
            let before = marks.map(\.noticesHeard)
            try await database.execute("SELECT pg_notify(\(RoomVoteNotice.channel), \(UUID().uuidString.lowercased() + " 1 1"))")
            let heard = try await RoomListSharingTests.eventually(polls: 25) { zip(marks, before).allSatisfy { $0.noticesHeard > $1 } }
            if heard { return }
        }
        Issue.record("the instances never heard the votes' channel")
    }

    @Test func aReadAfterThePhonesFirstRunsNoStatement() async throws {
        try await Self.run { a, _, _ in
            let (token, _) = try await a.api.signUpAndLogIn()
            let (_, code) = try await self.room.room(a.api, token: token)
            let (posted, _) = try await self.room.post(a.api, code: code, "Why Tuesdays?")
            let question = try #require(posted.string("id"))
            let voter = try #require(try await RoomQuestionsTests.issue(a.api, code: code))
            try await RoomListSharingTests.vote(a.api, code, question, as: voter)
            _ = try await RoomListSharingTests.list(a.api, code, as: voter)  // the phone's first read: its votes read once
            let marks = try #require(a.services.roomLists.marks)
            let fills = marks.fillCount

            for _ in 0..<5 {
                let seen = try #require(try await RoomListSharingTests.list(a.api, code, as: voter)[question])
                #expect(seen.votes == 1 && seen.mine)
            }
            // Counted, not timed: whatever else the instance's pool did meanwhile (the list is
            // computed again when its 2 s pass, background jobs run), the phone's votes were
            // not read again for any of the five.
            #expect(marks.fillCount == fills, "five reads read the phone's votes again")

            // Its take-back is shown at once, the list computed again (with the vote's notification,
            // statements of their own), its marks not read again.
            try await RoomListSharingTests.vote(a.api, code, question, up: false, as: voter)
            let seen = try #require(try await RoomListSharingTests.list(a.api, code, as: voter)[question])
            #expect(seen.votes == 0 && !seen.mine, "read-your-writes")
            #expect(marks.fillCount == fills, "the phone's votes not read again")
        }
    }

    @Test func aVoteThroughAnotherInstanceIsMarkedForItsVoterOnly() async throws {
        try await Self.run { a, b, database in
            let (token, _) = try await a.api.signUpAndLogIn()
            let (_, code) = try await self.room.room(a.api, token: token)
            let (posted, _) = try await self.room.post(a.api, code: code, "Why Tuesdays?")
            let question = try #require(posted.string("id"))
            let (voter, other) = (
                try #require(try await RoomQuestionsTests.issue(a.api, code: code)), try #require(try await RoomQuestionsTests.issue(b.api, code: code))
            )
            let marks = try #require(a.services.roomLists.marks)
            try await Self.untilListening([a, b], on: database)
            for phone in [voter, other] { #expect(try #require(try await RoomListSharingTests.list(a.api, code, as: phone)[question]).mine == false) }
            let fills = marks.fillCount

            // Through b; then read through a, once a has heard the batch's notice (sent in its commit).
            let heard = marks.noticesHeard
            try await RoomListSharingTests.vote(b.api, code, question, as: voter)
            #expect(try await RoomListSharingTests.eventually { marks.noticesHeard > heard })
            #expect(try #require(try await RoomListSharingTests.list(a.api, code, as: voter)[question]).mine, "its own vote, marked on a")
            #expect(try #require(try await RoomListSharingTests.list(a.api, code, as: other)[question]).mine == false, "never another's")

            // Taken back through a, voted again through b: the last in commit order wins on a.
            let heardAgain = marks.noticesHeard
            try await RoomListSharingTests.vote(a.api, code, question, up: false, as: voter)
            #expect(try #require(try await RoomListSharingTests.list(a.api, code, as: voter)[question]).mine == false, "at once on a")
            try await RoomListSharingTests.vote(b.api, code, question, as: voter)
            #expect(try await RoomListSharingTests.eventually { marks.noticesHeard >= heardAgain + 2 }, "a's own batch and b's")
            #expect(try #require(try await RoomListSharingTests.list(a.api, code, as: voter)[question]).mine)
            #expect(marks.fillCount == fills, "all from the notices: a read each phone's votes once")
            #expect(try #require(try await RoomListSharingTests.list(b.api, code, as: voter)[question]).mine, "and on b")
        }
    }
}
