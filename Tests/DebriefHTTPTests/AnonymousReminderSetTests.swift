@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Synchronization
import Testing

/// Issue 67's findings, one test each (docs/decisions/0081-who-answered-is-not-an-output.md): on
/// an anonymous form, removing every other member's address and reading the preview no longer
/// tells who answered; removing a member who answered moves no count; a press reminds each
/// member once however often it is pressed; a round is charged for its whole set; a reminder
/// goes to the address the link went to.
@Suite("Anonymous reminder sets: fixed at the send, charged whole, pressed once")
struct AnonymousReminderSetTests {
    typealias World = RosterSendStepTests.World

    /// The preview's parts about answering, as JSON text (keys sorted).
    static func answering(_ world: World) async throws -> String {
        let preview = try await world.api.send(.get, RosterSendAPITests.send(world), token: world.fixture.hostToken)
        let json = try #require(preview.json, "\(preview.text)")
        let parts = ["anonymous", "answered", "remind", "canRemind", "reminderSet", "remindPressed"].reduce(into: [String: Any]()) { $0[$1] = json[$1] }
        return String(decoding: try JSONSerialization.data(withJSONObject: parts, options: [.sortedKeys]), as: UTF8.self)
    }

    static func removeAddress(_ world: World, _ name: String) async throws {
        let path = "/v1/meetings/\(world.fixture.meetingID)/roster/\(world.members[name] ?? "?")/email"
        let removed = try await world.api.send(.delete, path, token: world.fixture.hostToken)
        try #require(removed.status == .noContent, "\(removed.text)")
    }

    /// The reproduction: Ben answered. Keeping one member's address at a time (removing the
    /// others', which sends nothing) and reading the preview told, member by member, who had
    /// answered ("remind 0" for Ben, "remind 1" for the others). Now every reading is the same.
    @Test func removingTheOtherAddressesTellsNothing() async throws {
        let readings = Mutex<[String: String]>([:])
        for kept in RosterSendStepTests.names {
            try await RosterSendStepTests.run(anonymous: true) { world in
                let links = try await PersonalLinkTests.sendLinks(world)
                #expect(try await PersonalLinkTests.answer(world, link: links["Ben"]).status == .created)
                for name in RosterSendStepTests.names where name != kept { try await Self.removeAddress(world, name) }
                let reading = try await Self.answering(world)
                readings.withLock { $0[kept] = reading }
            }
        }
        let all = readings.withLock { $0 }
        #expect(all.count == 4 && Set(all.values).count == 1, "\(all)")
    }

    /// Removing a member who answered took their flag along: the count fell by one exactly when
    /// the removed member had answered. Now the count is the session's own.
    @Test func removingAMemberWhoAnsweredMovesNoCount() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            #expect(try await PersonalLinkTests.answer(world, link: links["Ana"]).status == .created)
            let before = try await Self.answering(world)
            let removed = try await world.api.send(
                .delete, "/v1/series/\(world.fixture.seriesID)/roster/\(world.members["Ana"] ?? "?")", token: world.fixture.hostToken)
            #expect(removed.status == .noContent, "\(removed.text)")
            #expect(try await Self.answering(world) == before)
            #expect(before.contains("\"answered\":{\"count\":1}") && before.contains("\"reminderSet\":4"), "\(before)")
        }
    }

    /// Eight presses within seconds mailed one member eight identical reminders. Now the first
    /// press is the session's press and the seven others are repeats that send nothing, on the
    /// page and over the API alike.
    @Test func eightPressesRemindEachMemberOnce() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            for name in ["Ana", "Ben", "Chloe"] {
                #expect(try await PersonalLinkTests.answer(world, link: links[name]).status == .created)
            }
            var replies: [ParticipantReply] = []
            for press in 0..<8 {
                if press % 2 == 0 {
                    replies.append(try await world.api.send(.post, RosterRemindTests.remind(world), token: world.fixture.hostToken))
                } else {
                    replies.append(try await world.api.post("\(world.meeting)/roster/remind", [("csrf", world.session.csrf)], cookie: world.session.cookie))
                }
            }
            #expect(replies.allSatisfy { $0.status == .ok }, "\(replies.map(\.status))")
            #expect(replies[0].json?["repeated"] as? Bool == false && replies[2].json?["repeated"] as? Bool == true, "\(replies[2].text)")
            #expect(replies[1].text.contains("Nothing was sent: this session&#39;s reminder went already."))
            #expect(try await RosterRemindTests.reminders(world).map(\.to) == ["dan@example.org"], "one reminder, to Dan")
            let page = try await world.api.page("\(world.meeting)/roster/send", cookie: world.session.cookie)
            #expect(page.text.contains("This session&#39;s reminder was sent already") && !page.text.contains("id=\"remind-now\""))
        }
    }

    /// The round is charged for everyone the link went to, whoever answered: the day's roster
    /// mail counts 4 links and 4 for the round with one answer or with three.
    @Test func aRoundIsChargedForItsWholeSet() async throws {
        for answering in [["Ana"], ["Ana", "Ben", "Chloe"]] {
            try await RosterSendStepTests.run(anonymous: true) { world in
                let links = try await PersonalLinkTests.sendLinks(world)
                for name in answering { #expect(try await PersonalLinkTests.answer(world, link: links[name]).status == .created) }
                let pressed = try await world.api.send(.post, RosterRemindTests.remind(world), token: world.fixture.hostToken)
                #expect(pressed.status == .ok, "\(pressed.text)")
                let host: UUID = try await world.database.query(
                    "SELECT host_id FROM meeting_series WHERE id = \(try #require(UUID(uuidString: world.fixture.seriesID)))"
                ).single().decode("host_id")
                let allowance = try await MailOutbox(database: world.database).rosterAllowance(account: host, caps: MailCaps())
                #expect(allowance.writtenToday == 8, "\(answering): \(allowance)")
                #expect(try await RosterRemindTests.reminders(world).count == 4 - answering.count)
            }
        }
    }

    /// The reminder set is fixed at the send: a later address goes unused, a rename changes no
    /// greeting, and the reminder goes to the address the link went to.
    @Test func aReminderGoesToTheAddressTheLinkWentTo() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            _ = try await PersonalLinkTests.sendLinks(world)
            let path = "/v1/meetings/\(world.fixture.meetingID)/roster/\(world.members["Chloe"] ?? "?")/email"
            #expect(try await world.api.send(.put, path, token: world.fixture.hostToken, json: ["email": "host-inbox@example.org"]).status == .ok)
            let renamed = try await world.api.send(
                .patch, "/v1/series/\(world.fixture.seriesID)/roster/\(world.members["Chloe"] ?? "?")", token: world.fixture.hostToken,
                json: ["name": "Someone Else"])
            #expect(renamed.status == .ok, "\(renamed.text)")
            #expect(try await world.api.send(.post, RosterRemindTests.remind(world), token: world.fixture.hostToken).status == .ok)
            let sent = try await RosterSendStepTests.outbox(world).filter { $0.kind == "reminder" }
            #expect(sent.map(\.to).sorted() == ["ana@example.org", "ben@example.org", "chloe@example.org", "dan@example.org"])
            #expect(sent.first { $0.to == "chloe@example.org" }?.text.contains("Chloe") == true)
        }
    }
}
