import Debrief
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Synchronization
import Testing

/// A response's answers go with it by the statement trigger of SQL/0072 (no foreign key checks
/// each answer row any longer, docs/decisions/0080): whatever deletes responses deletes their
/// answers and subtracts their counts, and an edit racing a removal leaves nothing behind.
@Suite("Answers follow their response")
struct AnswersFollowTheirResponseTests {
    typealias Fixture = SubmissionBatchTests.Fixture

    /// Stores a response with `score` to `form` and returns its id.
    static func respond(_ fixture: Fixture, _ form: PublishedForm, score: Int = 4) async throws -> UUID {
        try await fixture.responses.submit(SubmissionBatchTests.submission(form, score: score)).responseID
    }

    /// The form's ratings as the tally deltas count them (the fold has not run in these tests).
    static func ratingsCounted(_ fixture: Fixture, _ form: PublishedForm) async throws -> Int {
        try await fixture.count(
            "SELECT coalesce(sum(delta), 0)::int AS n FROM result_tally_deltas WHERE form_id = \(form.id) AND kind = 'rating'")
    }

    /// One response deleted, several in one statement (as the retention purge deletes them) and a
    /// deleted form's cascade each take the answers of exactly the responses they delete, and
    /// their counts. (The purge's own path: `RetentionTests`.)
    @Test func everyWayOfDeletingResponsesTakesTheirAnswers() async throws {
        try await Fixture.with { fixture in
            let form = try await fixture.publish("Deleted", slot: 0)
            let other = try await fixture.publish("Kept", slot: 1)
            var ids: [UUID] = []
            for score in 1...4 { ids.append(try await Self.respond(fixture, form, score: score)) }
            _ = try await Self.respond(fixture, other)

            try await fixture.database.execute("DELETE FROM responses WHERE id = \(ids[0])")
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE form_id = \(form.id)") == 3)
            #expect(try await Self.ratingsCounted(fixture, form) == 3)
            try await fixture.database.execute("DELETE FROM responses WHERE id = ANY(\([ids[1], ids[2]]))")
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE form_id = \(form.id)") == 1)
            #expect(try await Self.ratingsCounted(fixture, form) == 1)
            // The form's cascade deletes its responses by statement, which fires the trigger too.
            try await fixture.database.execute("DELETE FROM forms WHERE id = \(form.id)")
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE form_id = \(form.id)") == 0)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE form_id = \(other.id)") == 1)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers a WHERE NOT EXISTS (SELECT FROM responses r WHERE r.id = a.response_id)") == 0)
        }
    }

    /// An edit (``ResponseWriter``: the response row updated first, then its answers replaced)
    /// and a removal of the same response at once: the removal waits for the edit's row lock, and
    /// its trigger's own statement then sees the answers the edit committed and deletes them too.
    @Test func anEditRacingARemovalLeavesNoAnswerBehind() async throws {
        try await Fixture.with { fixture in
            let form = try await fixture.publish("Raced", slot: 0, allowsEditing: true)
            let id = try await Self.respond(fixture, form, score: 2)
            let database = fixture.database
            try await database.withConnection { edit in
                try await edit.execute("BEGIN")
                try await edit.execute("UPDATE responses SET changed_at = now() WHERE id = \(id)")
                let editor = try #require(try await edit.query("SELECT pg_backend_pid() AS pid").first).decode("pid", as: Int.self)
                let removalEnded = Flag()
                let removal = Task {
                    defer { removalEnded.set() }
                    return try await database.execute("DELETE FROM responses WHERE id = \(id)")
                }
                try await Self.waitUntilBlocked(by: editor, unless: removalEnded, fixture)
                try await edit.execute("DELETE FROM answers WHERE response_id = \(id)")
                try await edit.execute(
                    "INSERT INTO answers (response_id, form_id, question_key, position, rating) VALUES (\(id), \(form.id), 'score', 0, 5)")
                try await edit.execute("COMMIT")
                #expect(try await removal.value == 1)
            }
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE response_id = \(id)") == 0)
            #expect(try await Self.ratingsCounted(fixture, form) == 0)
        }
    }

    /// The other order: the removal commits first. The edit (the real ``ResponseWriter``) then
    /// updates no response row and fails whole, so none of its answers outlives the response.
    @Test func anEditAfterARemovalFailsWholeAndWritesNoAnswer() async throws {
        try await Fixture.with { fixture in
            let form = try await fixture.publish("Removed first", slot: 0, allowsEditing: true)
            let id = try await Self.respond(fixture, form, score: 2)
            #expect(try await fixture.database.execute("DELETE FROM responses WHERE id = \(id)") == 1)
            await #expect(throws: (any Error).self) {
                try await fixture.database.withTransaction { connection in
                    let writer = ResponseWriter(
                        submission: SubmissionBatchTests.submission(form, score: 5), notifier: fixture.notifier, connection: connection)
                    _ = try await writer.replace(id, at: Date())
                }
            }
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE response_id = \(id)") == 0)
            #expect(try await Self.ratingsCounted(fixture, form) == 0)
        }
    }

    /// Polls until a statement waits on a lock `editor` (a backend's pid) holds. Only the edit's
    /// own blocked statement counts: under the whole test command, other tests' statements wait on
    /// their own locks in the same cluster at the same time. The removal must block (the edit holds
    /// the row), so the wait is for an event, bounded only to end a broken run (two minutes and
    /// more: it once failed after 10 s on a busy machine, where starting the removal's task and
    /// connection can take that long); a removal that ended without blocking fails at once.
    static func waitUntilBlocked(by editor: Int, unless removalEnded: Flag, _ fixture: Fixture) async throws {
        let waiting: SQLQuery = "SELECT count(*)::int AS n FROM pg_stat_activity WHERE \(editor) = ANY(pg_blocking_pids(pid))"
        for _ in 0..<24_000 {
            if try await fixture.count(waiting) == 1 { return }
            try #require(!removalEnded.isSet, "the removal did not wait for the edit's row lock")
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("the removal never blocked on the edit")
        throw CancellationError()
    }

    /// Set once, read from any task.
    final class Flag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { self.value.withLock { $0 } }
        func set() { self.value.withLock { $0 = true } }
    }
}
