import Debrief
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// What a response keeps about how it was given (docs/decisions/0036), through both insert
/// statements — the one-row ``ResponseInsert`` and the group commit's ``SubmissionBatch`` — and
/// through an edit (``ResponseWriter``).
@Suite("Responses: opened time, straight-lining and option orders are stored")
struct ResponseSignalsStoreTests {
    typealias Fixture = SubmissionBatchTests.Fixture

    static func submission(_ form: PublishedForm, token: String? = nil, signals: ResponseSignals) -> Submission {
        var submission = SubmissionBatchTests.submission(form, token: token)
        submission.signals = signals
        return submission
    }

    static func stored(_ database: Database, _ id: UUID) async throws -> (opened: Date?, submitted: Date, lined: Bool, orders: String?) {
        let row = try await database.query(
            "SELECT opened_at, submitted_at, straight_lined, option_orders::text AS orders FROM responses WHERE id = \(id)"
        ).single()
        return (try row.decode("opened_at"), try row.decode("submitted_at"), try row.decode("straight_lined"), try row.decode("orders"))
    }

    @Test func aBatchStoresEachSubmissionsSignals() async throws {
        try await Fixture.with { fixture in
            let form = try await fixture.publish("Batch", slot: 0)
            let (first, second, third) = (try await fixture.checkIn(form), try await fixture.checkIn(form), try await fixture.checkIn(form))
            let opened = Date().addingTimeInterval(-100)
            let items = [
                SubmissionBatchTests.item(
                    Self.submission(form, token: first, signals: ResponseSignals(openedAt: opened, openedTicket: "1.a", straightLined: true, optionOrders: ["score": ["b", "a"]]))),
                SubmissionBatchTests.item(Self.submission(form, token: second, signals: ResponseSignals())),
                SubmissionBatchTests.item(Self.submission(form, token: third, signals: ResponseSignals(openedAt: Date().addingTimeInterval(3600), openedTicket: "2.b"))),
            ]
            let outcomes = try await SubmissionBatch(items: items, notifier: fixture.notifier).run(on: fixture.database)
            #expect(outcomes.allSatisfy { if case .inserted = $0 { true } else { false } }, "\(outcomes)")

            let ticketed = try await Self.stored(fixture.database, items[0].accepted.responseID)
            #expect(abs((ticketed.opened?.timeIntervalSince1970 ?? 0) - opened.timeIntervalSince1970) < 0.01)
            #expect(ticketed.lined && ticketed.orders == #"{"score": ["b", "a"]}"#)
            let checkedIn = try await Self.stored(fixture.database, items[1].accepted.responseID)
            #expect(checkedIn.opened == nil, "no ticket: unknown, whatever the check-in's time (SQL/0038)")
            #expect(!checkedIn.lined && checkedIn.orders == nil)
            let ahead = try await Self.stored(fixture.database, items[2].accepted.responseID)
            #expect(ahead.opened == ahead.submitted, "a ticket from a clock ahead is clamped to the submission")
        }
    }

    @Test func oneInsertAndAnEditKeepTheFirstOpening() async throws {
        try await Fixture.with { fixture in
            let form = try await fixture.publish("Edit", slot: 0, allowsEditing: true)
            let token = try await fixture.checkIn(form)
            let opened = Date().addingTimeInterval(-60)
            let accepted = try await fixture.responses.submit(
                Self.submission(form, token: token, signals: ResponseSignals(openedAt: opened, openedTicket: "3.c", straightLined: true, optionOrders: ["score": ["x"]])))
            var stored = try await Self.stored(fixture.database, accepted.responseID)
            #expect(abs((stored.opened?.timeIntervalSince1970 ?? 0) - opened.timeIntervalSince1970) < 0.01 && stored.lined)
            let edit = try await fixture.responses.submit(
                Self.submission(form, token: token, signals: ResponseSignals(openedAt: Date(), openedTicket: "4.d", straightLined: false)))
            #expect(edit.replacedEarlier)
            stored = try await Self.stored(fixture.database, accepted.responseID)
            #expect(abs((stored.opened?.timeIntervalSince1970 ?? 0) - opened.timeIntervalSince1970) < 0.01, "the first opening stays")
            #expect(!stored.lined, "straight-lining is decided again for the new answers")
            #expect(stored.orders == #"{"score": ["x"]}"#, "an edit without a shown order keeps the recorded one")

            let untimed = try await fixture.responses.submit(Self.submission(try await fixture.publish("Plain", slot: 1), signals: ResponseSignals()))
            #expect(try await Self.stored(fixture.database, untimed.responseID).opened == nil, "neither ticket nor check-in: unknown")
        }
    }
    /// A ticket times one response (SQL/0038), whichever path stores the others: queued together
    /// they go to separate group commits, and within one statement the unique index skips the
    /// second, which the store then writes alone, untimed. Every response is stored.
    @Test func aTicketTimesOneResponseWhicheverPathStoresTheOthers() async throws {
        try await Fixture.with(batching: SubmissionBatching(maxConcurrentBatches: 1)) { fixture in
            let blocked = try await fixture.publish("Blocked", slot: 0)
            let form = try await fixture.publish("Ticketed", slot: 1)
            let signals = ResponseSignals(openedAt: Date().addingTimeInterval(-60), openedTicket: "5.e")
            let results = try await SubmissionBatchTests.queuedBehindABatch(
                fixture, blocked: blocked, Array(repeating: Self.submission(form, signals: signals), count: 3))
            #expect(results.allSatisfy { (try? $0.get()) != nil }, "\(results)")
            let counts = "SELECT count(*)::int AS n, count(opened_at)::int AS timed, count(opened_ticket)::int AS tickets FROM responses WHERE form_id = "
            var row = try await fixture.database.query(SQLQuery(stringLiteral: counts) + "\(form.id)").single()
            #expect(try row.decode("n", as: Int.self) == 3 && row.decode("timed", as: Int.self) == 1 && row.decode("tickets", as: Int.self) == 1)

            let other = try await fixture.publish("One statement", slot: 2)
            let twin = ResponseSignals(openedAt: Date().addingTimeInterval(-60), openedTicket: "6.f")
            let items = [SubmissionBatchTests.item(Self.submission(other, signals: twin)), SubmissionBatchTests.item(Self.submission(other, signals: twin))]
            let outcomes = try await SubmissionBatch(items: items, notifier: fixture.notifier).run(on: fixture.database)
            #expect(outcomes.filter { if case .inserted = $0 { true } else { false } }.count == 1, "\(outcomes)")
            row = try await fixture.database.query(SQLQuery(stringLiteral: counts) + "\(other.id)").single()
            #expect(try row.decode("n", as: Int.self) == 1 && row.decode("timed", as: Int.self) == 1)
        }
    }
}
