@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 50, reminders that count (docs/decisions/0077-personal-links-and-reminders.md): "Remind
/// those who have not answered" (`POST /v1/meetings/{id}/roster/remind`, and the send page's
/// button) mails only members whose link was sent and who have not answered, each with their own
/// link, through the one writer (allowance, unsubscribe-by-address); the roster shows who answered
/// only on a named form; the series' reminder times each start one round per session, however
/// many passes (instances) run at once. Messages stay in the outbox (nothing listens on SMTP).
@Suite("Reminders only to those who have not answered")
struct RosterRemindTests {
    typealias World = RosterSendStepTests.World

    static func remind(_ world: World) -> String { "/v1/meetings/\(world.fixture.meetingID)/roster/remind" }

    /// Reminder messages in the outbox: recipient → personal link secret.
    static func reminders(_ world: World) async throws -> [(to: String, link: String)] {
        try await RosterSendStepTests.outbox(world).filter { $0.kind == "reminder" }.map { mail in
            (to: mail.to, link: try #require(PersonalLinkTests.link(in: mail.text), "a personal link in \(mail.text)"))
        }
    }

    /// The brief's case: four members, two answered through their links — exactly two reminders,
    /// to the other two, each with a link of its own that answers for its member.
    @Test func fourMembersTwoAnsweredExactlyTwoRemindersEachWithItsOwnLink() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            for name in ["Ana", "Ben"] {
                #expect(try await PersonalLinkTests.answer(world, link: links[name]).status == .created)
            }
            let preview = try await world.api.send(.get, RosterSendAPITests.send(world), token: world.fixture.hostToken)
            let json = try #require(preview.json, "\(preview.text)")
            #expect(json["anonymous"] as? Bool == true && json["canRemind"] as? Bool == true)
            #expect((json["answered"] as? [String: Any])?["count"] as? Int == 2)
            #expect((json["answered"] as? [String: Any])?["names"] == nil, "an anonymous form never says who answered")
            #expect((json["remind"] as? [String: Any])?["count"] == nil, "nor how many a reminder reaches (decision 81)")
            #expect((json["remind"] as? [String: Any])?["names"] == nil, "nor who a reminder reaches")
            #expect(json["reminderSet"] as? Int == 4, "the set the link went to")

            let pressed = try await world.api.send(.post, Self.remind(world), token: world.fixture.hostToken)
            #expect(pressed.status == .ok && pressed.json?["reminded"] == nil && pressed.json?["reminderSet"] as? Int == 4, "\(pressed.text)")
            let sent = try await Self.reminders(world)
            #expect(sent.map(\.to).sorted() == ["chloe@example.org", "dan@example.org"], "\(sent)")
            #expect(Set(sent.map(\.link)).count == 2 && sent.allSatisfy { !links.values.contains($0.link) }, "a fresh link each")
            let chloe = try #require(sent.first { $0.to == "chloe@example.org" }?.link)
            #expect(try await PersonalLinkTests.answer(world, link: chloe).status == .created, "the reminder's link answers")
            #expect(try await PersonalLinkTests.answered(world) == ["Ana", "Ben", "Chloe"])

            // The delivery log does not say who was reminded on an anonymous form, nor how many:
            // the round is one line (decision 81).
            let log = try await world.api.page("/account/mail", cookie: world.session.cookie)
            #expect(log.status == .ok)
            for address in ["chloe@example.org", "dan@example.org"] {
                #expect(log.text.components(separatedBy: address).count - 1 == 1, "\(address): \(log.text)")
            }
            #expect(log.text.components(separatedBy: MailOutbox.unnamedRound).count - 1 == 1, "\(log.text)")
        }
    }

    /// An address that unsubscribed gets no reminder, and nobody gets one whose link was never sent.
    @Test func anUnsubscribedMemberAndOneNeverSentTheLinkGetNone() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            #expect(try await PersonalLinkTests.answer(world, link: links["Ana"]).status == .created)
            let token: String = try #require(
                try await world.database.query("SELECT mail_token FROM roster_members WHERE name = 'Dan'").first?.decode("mail_token"))
            #expect(try await world.api.post("/unsubscribe/\(token)", []).status == .ok)
            try await world.database.execute("DELETE FROM roster_link_sends WHERE roster_member_id = (SELECT id FROM roster_members WHERE name = 'Ben')")

            let pressed = try await world.api.send(.post, Self.remind(world), token: world.fixture.hostToken)
            #expect(pressed.json?["reminderSet"] as? Int == 3, "Ben's send was removed: \(pressed.text)")
            #expect(try await Self.reminders(world).map(\.to) == ["chloe@example.org"])
        }
    }

    /// On a named form the host sees who answered and who a reminder reaches; the page's button
    /// sends through the same use case.
    @Test func aNamedFormShowsWhoAnsweredAndThePageReminds() async throws {
        try await RosterSendStepTests.run(anonymous: false) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            let token = try await world.api.checkIn(world.fixture.code, name: "Ana")
            let answered = try await world.api.submit(
                world.fixture.code, ["participantToken": token, "personalLink": links["Ana"] ?? "", "answers": ParticipantAPI.answers()])
            #expect(answered.status == .created, "\(answered.text)")
            let preview = try await world.api.send(.get, RosterSendAPITests.send(world), token: world.fixture.hostToken)
            #expect((preview.json?["answered"] as? [String: Any])?["names"] as? [String] == ["Ana"], "\(preview.text)")
            #expect((preview.json?["remind"] as? [String: Any])?["names"] as? [String] == ["Ben", "Chloe", "Dan"])

            let page = try await world.api.page("\(world.meeting)/roster/send", cookie: world.session.cookie)
            #expect(page.text.contains("1 of 4 roster members have answered."), "\(page.text)")
            #expect(page.text.contains("id=\"answered-names\">Ana<"))
            let pressed = try await world.api.post("\(world.meeting)/roster/remind", [("csrf", world.session.csrf)], cookie: world.session.cookie)
            #expect(pressed.status == .ok && pressed.text.contains("Reminded 3 people"), "\(pressed.text.prefix(500))")
            #expect(try await Self.reminders(world).map(\.to).sorted() == ["ben@example.org", "chloe@example.org", "dan@example.org"])
        }
    }

    /// The anonymous page says how many answered and names nobody.
    @Test func anAnonymousPageCountsAndNamesNobody() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            #expect(try await PersonalLinkTests.answer(world, link: links["Ben"]).status == .created)
            let page = try await world.api.page("\(world.meeting)/roster/send", cookie: world.session.cookie)
            #expect(page.text.contains("1 of the 4 people sent this session&#39;s link have answered through it. The form is anonymous"), "\(page.text)")
            #expect(!page.text.contains("answered-names") && !page.text.contains("remind-names"))
            #expect(page.text.contains("Remind those of the 4 sent the link who have not answered"))
        }
    }

    /// A reminder time relative to the session ("1 h after it ends"): each pass that finds it due
    /// starts the round only once, even two passes at once (two instances), and the writer sends
    /// each message once. A time not yet come starts nothing.
    @Test func aReminderTimeStartsOneRoundPerSessionWhateverThePasses() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            #expect(try await PersonalLinkTests.answer(world, link: links["Ana"]).status == .created)
            let set = try await world.api.send(
                .put, RosterSendAPITests.reminder(world), token: world.fixture.hostToken, json: ["on": true, "afterEndHours": 3])
            #expect(set.status == .ok && set.json?["afterEndHours"] as? Int == 3 && set.json?["leadHours"] == nil, "\(set.text)")
            // The session ended two hours ago: "3 h after it ends" has not come.
            try await world.database.execute(
                "UPDATE meetings SET starts_at = now() - interval '3 hours', ends_at = now() - interval '2 hours' WHERE id = \(UUID(uuidString: world.fixture.meetingID))")
            let store = RosterReminderStore(database: world.database)
            #expect(try await store.startDueRounds(at: Date()) == 0)

            try await world.database.execute(
                "UPDATE meetings SET starts_at = now() - interval '5 hours', ends_at = now() - interval '4 hours' WHERE id = \(UUID(uuidString: world.fixture.meetingID))")
            async let first = store.startDueRounds(at: Date())
            async let second = RosterReminderStore(database: world.database).startDueRounds(at: Date())
            let rounds = try await first + second
            #expect(rounds == 1, "one round, whichever pass got there first")
            #expect(try await store.startDueRounds(at: Date()) == 0)
            let mail = try RosterSendStepTests.mail(world.database)
            #expect(try await mail.writeDueRosterMail() == 3)
            #expect(try await mail.writeDueRosterMail() == 0, "each once")
            #expect(try await Self.reminders(world).map(\.to).sorted() == ["ben@example.org", "chloe@example.org", "dan@example.org"])
            #expect(try await participantCount(world.database, "SELECT count(*)::int AS n FROM roster_reminder_sends WHERE schedule = 'after_end:3'") == 1)
        }
    }

    /// "2 h before it closes" as a time of its own; and a bad time is a 422 naming its field.
    @Test func aTimeBeforeTheCloseAndABadTimeIsNamed() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            _ = try await PersonalLinkTests.sendLinks(world)
            let bad = try await world.api.send(
                .put, RosterSendAPITests.reminder(world), token: world.fixture.hostToken, json: ["on": true, "afterEndHours": 500])
            #expect(bad.status == .unprocessableContent && bad.problemPaths.first?.hasPrefix("afterEndHours:") == true, "\(bad.text)")
            #expect(try await participantCount(world.database, "SELECT count(*)::int AS n FROM roster_reminders") == 0, "nothing stored")
            let set = try await world.api.send(
                .put, RosterSendAPITests.reminder(world), token: world.fixture.hostToken, json: ["on": true, "leadHours": 2])
            #expect(set.status == .ok)
            try await world.database.execute(
                "UPDATE forms SET closes_at = now() + interval '90 minutes' WHERE meeting_id = \(UUID(uuidString: world.fixture.meetingID))")
            #expect(try await RosterReminderStore(database: world.database).startDueRounds(at: Date()) == 1)
            #expect(try await RosterSendStepTests.mail(world.database).writeDueRosterMail() == 4)
            #expect(try await Self.reminders(world).count == 4)
        }
    }
}
