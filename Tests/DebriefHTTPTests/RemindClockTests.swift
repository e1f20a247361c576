@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 68 (the series clock, docs/decisions/0083): reminders go to the session the clock names
/// — the one happening now, and the previous one while its form is open — never to a session
/// whose form was published (and its link sent) early, nor to an older session whose form is
/// still open. The host's press (API and page) and the series' reminder times alike.
@Suite("Reminders ask the series clock")
struct RemindClockTests {
    typealias World = RosterSendStepTests.World

    /// Plans a session `weeks` after the fixture's and publishes its form.
    static func plan(_ world: World, weeks: Double) async throws -> (meetingID: String, code: String) {
        let first = try await world.api.send(.get, "/v1/meetings/\(world.fixture.meetingID)", token: world.fixture.hostToken)
        let start = try #require(first.string("startsAt").flatMap { try? Date($0, strategy: .iso8601) }).addingTimeInterval(weeks * 7 * 86_400)
        let next = try await world.api.send(
            .post, "/v1/meetings/\(world.fixture.meetingID)/next", token: world.fixture.hostToken,
            json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        let id = try #require(next.string("id"), "\(next.text)")
        let published = try await world.api.send(.post, "/v1/meetings/\(id)/form/publish", token: world.fixture.hostToken)
        return (id, try #require(published.string("code"), "\(published.text)"))
    }

    /// Session 1 is happening now; week 2's form is published and its link sent early. Reminding
    /// week 2 is refused (409 naming session 1, no button on its page, nothing written); session
    /// 1's own press reminds as before.
    @Test func aPressRemindsTheSessionNowNotOnePublishedEarly() async throws {
        try await RosterSendStepTests.run(anonymous: false) { world in
            try await SeriesCodeTests.move(world.database, world.fixture.meetingID, from: -600, to: 1200)
            #expect(try await RosterSendStepTests.save(world, PersonalLinkTests.addresses).status == .ok)
            let second = try await Self.plan(world, weeks: 1)
            let host = world.fixture.hostToken
            let sent = try await world.api.send(.post, "/v1/meetings/\(second.meetingID)/roster/send", token: host)
            #expect(sent.status == .ok && sent.json?["sent"] as? Int == 4, "\(sent.text)")

            let preview = try await world.api.send(.get, "/v1/meetings/\(second.meetingID)/roster/send", token: host)
            #expect(preview.json?["canRemind"] as? Bool == false, "\(preview.text)")
            let pressed = try await world.api.send(.post, "/v1/meetings/\(second.meetingID)/roster/remind", token: host)
            #expect(pressed.status == .conflict, "\(pressed.text)")
            #expect(pressed.string("detail")?.contains("(session 1), not to session 2") == true, "\(pressed.text)")
            let page = try await world.api.page("/m/\(second.meetingID)/roster/send", cookie: world.session.cookie)
            #expect(page.text.contains("Reminders go only to the session happening now and to the previous one while its form is open (Session 1)"))
            #expect(!page.text.contains("id=\"remind-now\""))
            let korean = try await world.api.page("/m/\(second.meetingID)/roster/send", language: "ko", cookie: world.session.cookie)
            #expect(korean.text.contains("지난 회차(1회차)에만 가요"))
            let posted = try await world.api.post(
                "/m/\(second.meetingID)/roster/remind", [("csrf", world.session.csrf)], cookie: world.session.cookie)
            #expect(posted.status == .conflict)
            #expect(try await RosterRemindTests.reminders(world).isEmpty, "nobody was reminded of week 2")

            // Session 1, happening now: its press reminds those sent its link.
            #expect(try await world.api.send(.post, RosterSendAPITests.send(world), token: host).json?["sent"] as? Int == 4)
            let now = try await world.api.send(.post, RosterRemindTests.remind(world), token: host)
            #expect(now.status == .ok && now.json?["reminded"] as? Int == 4, "\(now.text)")
        }
    }

    /// "1 h after the session ends" comes due for session 1, whose form never closes: while
    /// session 1 is the previous session it is reminded; once two sessions have begun after it,
    /// no round starts for it.
    @Test func aReminderTimeStartsNoRoundForASessionTheClockDoesNotName() async throws {
        try await RosterSendStepTests.run(anonymous: false) { world in
            _ = try await PersonalLinkTests.sendLinks(world)
            let set = try await world.api.send(
                .put, RosterSendAPITests.reminder(world), token: world.fixture.hostToken, json: ["on": true, "afterEndHours": 1])
            #expect(set.status == .ok, "\(set.text)")
            let second = try await Self.plan(world, weeks: 1)
            let third = try await Self.plan(world, weeks: 2)
            // Session 1 ended ten hours ago (its time came nine hours ago), session 2 five; session 3 runs now.
            try await SeriesCodeTests.move(world.database, world.fixture.meetingID, from: -11 * 3600, to: -10 * 3600)
            try await SeriesCodeTests.move(world.database, second.meetingID, from: -6 * 3600, to: -5 * 3600)
            try await SeriesCodeTests.move(world.database, third.meetingID, from: -600, to: 1200)
            let store = RosterReminderStore(database: world.database)
            #expect(try await store.startDueRounds(at: Date()) == 0, "session 1 is neither now nor the previous session")

            // Session 3 moves a week on: session 2 is now, session 1 the previous one, its form open.
            try await SeriesCodeTests.move(world.database, third.meetingID, from: 7 * 86_400, to: 7 * 86_400 + 3600)
            #expect(try await store.startDueRounds(at: Date()) == 1)
            let rounds: [UUID] = try await world.database.query("SELECT meeting_id FROM roster_reminder_sends").map { try $0.decode("meeting_id") }
            #expect(rounds == [try #require(UUID(uuidString: world.fixture.meetingID))])
        }
    }
}
