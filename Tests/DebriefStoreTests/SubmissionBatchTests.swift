import Debrief
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Group commit (``SubmissionBatch``, ``SubmissionBatcher``): submissions that share one
/// statement keep their own outcomes, and none fails or holds up the others.
@Suite("Submissions: group commit")
struct SubmissionBatchTests {
    /// A form, its host and what it takes to submit to it.
    struct Fixture {
        let database: Database
        let host: Viewer
        let notifier: ResultsNotifier
        let forms: ParticipantFormStore
        let responses: ResponseStore

        /// Runs `body` with a fixture on a new migrated database, dropped when `body` ends
        /// (``TestDatabase/withMigrated(maxConnections:file:line:_:)``).
        static func with(
            batching: SubmissionBatching = .standard, file: StaticString = #fileID, line: UInt = #line,
            _ body: (Fixture) async throws -> Void
        ) async throws {
            try await TestDatabase.withMigrated(file: file, line: line) { database in
                let account = try await AccountStore(database: database, hasher: PasswordHasher(cost: 4)).create(
                    SignUp(email: try EmailAddress(parsing: "batch@example.com"), password: "correct horse battery", displayName: "Host"))
                let notifier = ResultsNotifier(database: database, mode: .standard)
                let forms = ParticipantFormStore(database: database, cache: PublishedFormCache())
                try await body(Fixture(
                    database: database, host: Viewer(accountID: account.id, role: .host), notifier: notifier, forms: forms,
                    responses: ResponseStore(database: database, forms: forms, notifier: notifier, batching: batching)))
            }
        }

        /// A meeting with a published one-question form (a 1–5 rating), in its own hour (`slot`
        /// hours from now: a host's meetings may not overlap).
        func publish(_ title: String, slot: Int, allowsEditing: Bool = false) async throws -> PublishedForm {
            let end = Date().addingTimeInterval(3600 * Double(2 * slot + 1))
            let meeting = try await MeetingStore(database: self.database).create(
                by: self.host, MeetingDetails(title: title, startsAt: end.addingTimeInterval(-3600), endsAt: end))
            let store = FormStore(database: self.database)
            let question = Question(key: QuestionKey(rawValue: "score")!, prompt: "Score", body: .rating(RatingSpec(min: 1, max: 5)))
            _ = try await store.saveDraft(
                meeting: meeting.id, by: self.host,
                FormDefinition(title: title, anonymous: false, allowsEditing: allowsEditing, questions: [question]))
            let form = try await store.publish(meeting: meeting.id, by: self.host)
            return try await self.forms.published(code: try #require(form.code))
        }

        func checkIn(_ form: PublishedForm) async throws -> String {
            try await CheckInStore(database: self.database, forms: self.forms, notifier: self.notifier)
                .checkIn(to: form, name: try PersonName.validated("Ada Lovelace", at: "name")).participantToken
        }

        func count(_ sql: SQLQuery) async throws -> Int {
            try await self.database.query(sql).single().decode("n")
        }
    }

    static func submission(
        _ form: PublishedForm, score: Int = 4, token: String? = nil, key: String? = nil, bodyHash: String = "body"
    ) -> Submission {
        Submission(
            form: form, answers: [Answer(questionKey: QuestionKey(rawValue: "score")!, value: .rating(score))],
            participantToken: token, idempotency: key.map { IdempotencyClaim(key: $0, requestHash: bodyHash) })
    }

    static func item(_ submission: Submission) -> SubmissionBatch.Item {
        let now = Date()
        return SubmissionBatch.Item(
            submission: submission, tokenHash: submission.participantToken.map(SecretToken.hash),
            accepted: AcceptedSubmission(
                responseID: .timeOrdered(at: now), submittedAt: now, changedAt: nil, answers: submission.answers,
                replacedEarlier: false))
    }

    /// One statement carries a new response, a replay, a key reused with another body, a token
    /// that already answered, a closed form, a deleted form and a form that changed since
    /// validation: each gets its own outcome and the new ones are stored, once.
    @Test func everySubmissionOfOneStatementKeepsItsOwnOutcome() async throws {
        try await Fixture.with { fixture in
            let open = try await fixture.publish("Open", slot: 0)
            let closed = try await fixture.publish("Closed", slot: 1)
            _ = try await FormStore(database: fixture.database).close(meeting: closed.meetingID, by: fixture.host)
            let deleted = try await fixture.publish("Deleted", slot: 2)
            try await fixture.database.execute("DELETE FROM forms WHERE id = \(deleted.id)")
            var changed = open
            changed.code = "ZZZZZZZZ"

            let first = try await fixture.responses.submit(Self.submission(open, key: "replayed"))
            let answered = try await fixture.checkIn(open)
            _ = try await fixture.responses.submit(Self.submission(open, token: answered))
            let fresh = try await fixture.checkIn(open)

            let items = [
                Self.item(Self.submission(open)),  // 0: new, anonymous
                Self.item(Self.submission(open, key: "replayed")),  // 1: replay
                Self.item(Self.submission(open, key: "replayed", bodyHash: "other")),  // 2: key reused
                Self.item(Self.submission(open, token: answered)),  // 3: already answered
                Self.item(Self.submission(closed)),  // 4: closed
                Self.item(Self.submission(deleted)),  // 5: gone
                Self.item(Self.submission(open, token: fresh, key: "new-key")),  // 6: new, with token and key
                Self.item(Self.submission(changed)),  // 7: changed since validation
            ]
            let outcomes = try await SubmissionBatch(items: items, notifier: fixture.notifier).run(on: fixture.database)
            #expect(outcomes.count == items.count)

            guard case .inserted = outcomes[0] else { Issue.record("0: \(outcomes[0])"); return }
            guard case .notInserted(let replay) = outcomes[1] else { Issue.record("1: \(outcomes[1])"); return }
            guard case .replay(let stored) = try replay.decide(items[1].submission) else {
                Issue.record("1 is not a replay")
                return
            }
            #expect(stored.responseID == first.responseID)
            guard case .notInserted(let reused) = outcomes[2] else { Issue.record("2: \(outcomes[2])"); return }
            #expect(Self.refusal { try reused.decide(items[2].submission) } == "keyReusedWithAnotherBody")
            guard case .notInserted(let again) = outcomes[3] else { Issue.record("3: \(outcomes[3])"); return }
            #expect(Self.refusal { try again.decide(items[3].submission) } == "alreadyAnswered")
            guard case .notInserted(let shut) = outcomes[4] else { Issue.record("4: \(outcomes[4])"); return }
            #expect(Self.refusal { try shut.decide(items[4].submission) } == "gone")
            guard case .formGone = outcomes[5] else { Issue.record("5: \(outcomes[5])"); return }
            guard case .inserted = outcomes[6] else { Issue.record("6: \(outcomes[6])"); return }
            guard case .formGone = outcomes[7] else { Issue.record("7: \(outcomes[7])"); return }

            // Two earlier responses and the two new ones, each with its answer; one key record each.
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(open.id)") == 4)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE form_id = \(open.id)") == 4)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE id = \(items[0].accepted.responseID)") == 1)
            #expect(try await fixture.count(
                """
                SELECT count(*)::int AS n FROM idempotency_keys k JOIN responses r ON r.id = k.response_id
                WHERE k.key = 'new-key' AND r.id = \(items[6].accepted.responseID) AND r.check_in_id IS NOT NULL
                """) == 1)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(closed.id)") == 0)
        }
    }

    /// Holds the form row of `form` locked, so a batch writing to it waits until `release`.
    final class FormBlocker: @unchecked Sendable {
        private let database: Database
        private let released: AsyncStream<Void>
        private let release: AsyncStream<Void>.Continuation
        private var task: Task<Void, any Error>?

        init(database: Database) {
            self.database = database
            (self.released, self.release) = AsyncStream.makeStream()
        }

        func hold(_ form: PublishedForm) async throws {
            let (locked, lock) = AsyncStream<Void>.makeStream()
            let released = self.released
            self.task = Task {
                try await self.database.withTransaction { connection in
                    try await connection.execute("SELECT 1 FROM forms WHERE id = \(form.id) FOR UPDATE")
                    lock.yield()
                    for await _ in released { break }
                }
            }
            for await _ in locked { break }
        }

        func open() async throws {
            self.release.yield()
            try await self.task?.value
        }
    }

    /// What `body` throws: a ``SubmissionRefusal``'s case or a ``DebriefError``'s code; nil when it
    /// throws nothing.
    static func refusal(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch let refusal as SubmissionRefusal {
            return "\(refusal)"
        } catch let error as DebriefError {
            return error.code.rawValue
        } catch {
            return "\(type(of: error))"
        }
    }

    /// Runs one batch that waits on `blocked`'s locked row, queues `submissions` behind it, then
    /// lets everything go; returns what each of `submissions` got.
    static func queuedBehindABatch(
        _ fixture: Fixture, blocked: PublishedForm, _ submissions: [Submission]
    ) async throws -> [Result<AcceptedSubmission, any Error>] {
        let responses = fixture.responses
        let blocker = FormBlocker(database: fixture.database)
        try await blocker.hold(blocked)
        let first = Task { try await responses.submit(Self.submission(blocked)) }
        try await Self.waitUntil { responses.batcher.statistics == (queued: 0, running: 1) }
        var tasks: [Task<AcceptedSubmission, any Error>] = []
        for submission in submissions {
            tasks.append(Task { try await responses.submit(submission) })
            // In this order, so the twins below queue in a known order.
            try await Self.waitUntil { responses.batcher.statistics.queued == tasks.count }
        }
        try await blocker.open()
        _ = try await first.value
        var results: [Result<AcceptedSubmission, any Error>] = []
        for task in tasks { results.append(await task.result) }
        return results
    }

    /// Polls `condition` (every 5 ms, 24,000 times at most: two minutes and more, which only ends a
    /// broken run; the conditions waited for must come, and a busy machine only delays them).
    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<24_000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }

    /// Through the store: submissions that queue while a batch runs go together into the next
    /// one; twins (same key, same token) are kept apart and end as one response each.
    @Test func queuedSubmissionsShareACommitAndTwinsWaitForTheNext() async throws {
        try await Fixture.with(batching: SubmissionBatching(maxConcurrentBatches: 1)) { fixture in
            let blocked = try await fixture.publish("Blocked", slot: 0)
            let open = try await fixture.publish("Open", slot: 1)
            let token = try await fixture.checkIn(open)
            let before = fixture.responses.batcher.batchesRun
            let results = try await Self.queuedBehindABatch(fixture, blocked: blocked, [
                Self.submission(open, key: "twin"), Self.submission(open, token: token), Self.submission(open),
                Self.submission(open, key: "twin"), Self.submission(open, token: token), Self.submission(open),
            ])
            // The blocked batch, then the four that fit together, then the two twins.
            #expect(fixture.responses.batcher.batchesRun - before == 3)
            let twins = try [results[0].get(), results[3].get()]
            #expect(twins[0].responseID == twins[1].responseID)
            #expect((try? results[1].get()) != nil)
            #expect(Self.refusal { try results[4].get() } == "alreadyAnswered")
            #expect((try? results[2].get()) != nil)
            #expect((try? results[5].get()) != nil)
            // twin + token + two plain ones; every stored response has its answer.
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(open.id)") == 4)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE form_id = \(open.id)") == 4)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'twin'") == 1)
        }
    }

    /// A value the database refuses fails the shared statement; every submission of it is then
    /// written alone, so only the refused one fails.
    @Test func aRefusedRowFailsOnlyItself() async throws {
        try await Fixture.with(batching: SubmissionBatching(maxConcurrentBatches: 1)) { fixture in
            let blocked = try await fixture.publish("Blocked", slot: 0)
            let open = try await fixture.publish("Open", slot: 1)
            let results = try await Self.queuedBehindABatch(fixture, blocked: blocked, [
                Self.submission(open), Self.submission(open, score: 40_000), Self.submission(open, key: "kept"),
            ])
            #expect((try? results[0].get()) != nil)
            #expect(throws: PQError.self) { try results[1].get() }
            #expect((try? results[2].get()) != nil)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(open.id)") == 2)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM answers WHERE form_id = \(open.id)") == 2)
        }
    }

    /// While the running batch is quick, the next one waits for it instead of starting beside it,
    /// however many may run at once: what queued goes together in one batch after it.
    @Test func theNextBatchWaitsForAQuickOne() async throws {
        try await Fixture.with(batching: SubmissionBatching(maxConcurrentBatches: 4, stallAfter: .seconds(60))) { fixture in
            let blocked = try await fixture.publish("Blocked", slot: 0)
            let open = try await fixture.publish("Open", slot: 1)
            let before = fixture.responses.batcher.batchesRun
            // Each of the three queues behind the blocked batch (the helper waits for that).
            let results = try await Self.queuedBehindABatch(
                fixture, blocked: blocked, [Self.submission(open), Self.submission(open), Self.submission(open)])
            #expect(results.allSatisfy { (try? $0.get()) != nil })
            #expect(fixture.responses.batcher.batchesRun - before == 2)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(open.id)") == 3)
        }
    }

    /// A batch waiting on a lock holds up the submissions behind it only for `stallAfter`: then
    /// they go in a batch of their own beside it, and that batch's slot closes when it ends.
    @Test func aStalledBatchHoldsUpTheOthersOnlyForAWhile() async throws {
        try await Fixture.with(batching: SubmissionBatching(maxConcurrentBatches: 2, stallAfter: .milliseconds(300))) { fixture in
            let blocked = try await fixture.publish("Blocked", slot: 0)
            let open = try await fixture.publish("Open", slot: 1)
            let responses = fixture.responses
            let blocker = FormBlocker(database: fixture.database)
            try await blocker.hold(blocked)
            let first = Task { try await responses.submit(Self.submission(blocked)) }
            try await Self.waitUntil { responses.batcher.statistics == (queued: 0, running: 1) }
            let second = Task { try await responses.submit(Self.submission(open)) }
            // Queued behind the stalled batch, or already taken by the relief batch: on a busy
            // machine the test can miss the 300 ms it waits in line (issue 69 goal 6).
            try await Self.waitUntil { responses.batcher.statistics.queued == 1 || responses.batcher.batchesRun >= 2 }
            // Stored while the form stays locked: the relief batch ran beside the stalled one and closed.
            try await Self.waitUntil { responses.batcher.statistics == (queued: 0, running: 1) }
            try #require(responses.batcher.statistics == (queued: 0, running: 1))
            _ = try await second.value
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(open.id)") == 1)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(blocked.id)") == 0)
            try await blocker.open()
            _ = try await first.value
            #expect(responses.batcher.statistics == (queued: 0, running: 0))
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(blocked.id)") == 1)
        }
    }

    /// A lone submission starts its batch at once: no timer, nothing queued behind it.
    @Test func aLoneSubmissionIsNotQueued() async throws {
        try await Fixture.with { fixture in
            let open = try await fixture.publish("Alone", slot: 0)
            for _ in 0..<5 { _ = try await fixture.responses.submit(Self.submission(open)) }
            #expect(fixture.responses.batcher.statistics == (queued: 0, running: 0))
            #expect(fixture.responses.batcher.batchesRun == 5)
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses WHERE form_id = \(open.id)") == 5)
        }
    }
}
