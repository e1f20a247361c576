@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Many submissions at once, through the real responder (router mode runs each request's
/// handler directly, so tasks in a group really overlap on the database pool).
@Suite("Participants: concurrent submissions")
struct ParticipantConcurrencyTests {
    /// Counts finished requests, so the form can be closed in the middle of the storm.
    actor Progress {
        private(set) var finished = 0
        func finish() { self.finished += 1 }
    }

    @Test func closingDuringSubmissionsLosesNothingAndRefusesTheRest() async throws {
        try await ParticipantAPI.run(poolSize: 12) { api, database in
            let form = try await api.publish()
            let body = try ParticipantAPI.text(["answers": ParticipantAPI.answers()])
            let progress = Progress()
            let replies = try await withThrowingTaskGroup(of: ParticipantReply?.self) { group in
                for _ in 0..<32 {
                    group.addTask {
                        // Each client keeps submitting until it is refused.
                        var last: ParticipantReply?
                        for _ in 0..<400 {
                            let reply = try await api.submit(form.code, raw: body)
                            await progress.finish()
                            if reply.status != .created { return reply }
                            last = reply
                        }
                        return last
                    }
                }
                group.addTask {
                    while await progress.finished < 150 { try await Task.sleep(for: .milliseconds(2)) }
                    let closed = try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken)
                    #expect(closed.status == .ok)
                    return nil
                }
                return try await group.reduce(into: [ParticipantReply]()) { if let reply = $1 { $0.append(reply) } }
            }
            // Every client ended on a 410 with the closing time (none ran out of attempts first).
            #expect(replies.count == 32)
            #expect(replies.allSatisfy { $0.status == .gone && $0.string("closedAt") != nil }, "\(replies.map(\.status))")
            let accepted = await progress.finished - replies.count
            #expect(accepted >= 150)
            // Every 201 was stored with all its answers, and no refused one.
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == accepted)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM answers") == accepted * 6)
        }
    }

    @Test func twoThousandSubmissionsFromSixtyFourClientsAreAllCounted() async throws {
        try await ParticipantAPI.run(poolSize: 16) { api, database in
            let form = try await api.publish()
            let statuses = try await Self.storm(api, code: form.code)
            #expect(statuses.count == Self.total)
            #expect(statuses.allSatisfy { $0 == 201 }, "\(Set(statuses))")
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == Self.total)
            #expect(try await Self.storedCells(database) == Self.expectedCells())
            #expect(try await participantCount(database, "SELECT count(DISTINCT text_value)::int AS n FROM answers") == Self.total)
        }
    }

    static let total = 2_000
    static let clients = 64

    /// Sends the `total` submissions from `clients` concurrent clients; returns every status code.
    static func storm(_ api: ParticipantAPI, code: String) async throws -> [Int] {
        let bodies = try (0..<Self.total).map(Self.body)
        return try await withThrowingTaskGroup(of: [Int].self) { group in
            for client in 0..<Self.clients {
                group.addTask {
                    var statuses: [Int] = []
                    for n in stride(from: client, to: Self.total, by: Self.clients) {
                        statuses.append(try await api.submit(code, raw: bodies[n]).status.code)
                    }
                    return statuses
                }
            }
            var all: [Int] = []
            for try await statuses in group { all.append(contentsOf: statuses) }
            return all
        }
    }

    /// The count of every `question=value` cell, computed from what was sent.
    static func expectedCells() -> [String: Int] {
        var expected: [String: Int] = [:]
        for n in 0..<Self.total {
            expected["useful=\(n % 5 + 1)", default: 0] += 1
            for topic in Self.topicSets[n % 3] { expected["topic=\(topic)", default: 0] += 1 }
            expected["notes=*", default: 0] += 1
            expected["nps=9", default: 0] += 1
            expected["pace=\(Self.paces[n % 7 % 3])", default: 0] += 1
        }
        return expected
    }

    /// The count of every `question=value` cell in the database.
    static func storedCells(_ database: Database) async throws -> [String: Int] {
        let rows = try await database.query(
            "SELECT question_key || '=' || coalesce(option_id, rating::text, '*') AS cell, count(*)::int AS n FROM answers GROUP BY 1")
        var stored: [String: Int] = [:]
        for row in rows {
            let cell: String = try row.decode("cell")
            stored[cell] = try row.decode("n", as: Int.self)
        }
        return stored
    }

    static let topicSets = [["roadmap"], ["hiring", "budget"], ["budget", "roadmap", "hiring"]]
    static let paces = ["slow", "ok", "fast"]

    /// The `n`th submission of the storm: ratings, topics and pace vary with `n`.
    static func body(_ n: Int) throws -> String {
        try ParticipantAPI.text([
            "answers": ParticipantAPI.answers(rating: n % 5 + 1, topics: Self.topicSets[n % 3], notes: "note \(n)", pace: Self.paces[n % 7 % 3])
        ])
    }
}
