@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Issue 47: roster mail is not a relay. Unsubscribing suppresses the ADDRESS — for the series,
/// or for all mail from this installation — and the suppression outlives the roster member that
/// carried it; a host's roster mail is bounded by a daily allowance that starts small; host text
/// in a message is inert (no clickable links, no other free text in a Subject).
@Suite("Roster mail: suppressions, allowance, inert host text")
struct RosterMailSuppressionTests {
    /// The scheduler's use cases, configured to send (the transport is never reached here).
    static func actions(_ database: Database, caps: MailCaps = MailCaps()) throws -> MailActions {
        let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: 4))
        return MailActions(
            outbox: MailOutbox(database: database), resets: PasswordResetStore(database: database, accounts: accounts),
            roster: RosterMailStore(database: database), settings: MailSettings(),
            sender: MailSender(address: "debrief@example.org"), caps: caps,
            publicBaseURL: "https://debrief.example")
    }

    /// A published form whose meeting ended an hour ago, with "Grace Hopper" on its series'
    /// roster at `address`. Returns the world and the member's id.
    static func endedMeeting(_ api: ParticipantAPI, _ database: Database, address: String) async throws -> RosterEmailAPITests.World {
        let world = try await RosterEmailAPITests.world(api)
        let set = try await api.send(.put, world.email, token: world.fixture.hostToken, json: ["email": address])
        try #require(set.status == .ok, "\(set.text)")
        let meeting = try #require(UUID(uuidString: world.fixture.meetingID))
        try await database.execute(
            "UPDATE meetings SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' WHERE id = \(meeting)")
        try await Self.pressSend(database, world)
        return world
    }

    /// The host's press of "Send the link" for the world's session, as the send page records it
    /// (every member with an address, asked for by the series' owner), without the page's own
    /// suppression check: what the writer itself refuses is what these tests check
    /// (docs/decisions/0060-roster-sending-is-a-step.md). Like the page, it keeps the address and
    /// name the link goes to (decision 81).
    static func pressSend(_ database: Database, _ world: RosterEmailAPITests.World) async throws {
        let meeting = try #require(UUID(uuidString: world.fixture.meetingID))
        try await database.execute(
            """
            INSERT INTO roster_link_sends (meeting_id, roster_member_id, requested_by, present, email, name)
            SELECT m.id, rm.id, s.host_id, false, rm.email, rm.name FROM meetings m JOIN meeting_series s ON s.id = m.series_id
            JOIN roster_members rm ON rm.series_id = m.series_id AND rm.email IS NOT NULL
            WHERE m.id = \(meeting)
            ON CONFLICT DO NOTHING
            """)
    }

    /// Re-adds "Grace Hopper" to the world's series with `address`; returns the new member's world.
    static func reAdd(_ api: ParticipantAPI, _ world: RosterEmailAPITests.World, address: String) async throws -> RosterEmailAPITests.World {
        let added = try await api.send(
            .post, "/v1/series/\(world.fixture.seriesID)/roster", token: world.fixture.hostToken, json: ["name": "Grace Hopper"])
        var again = world
        again.member = try #require(added.string("id"), "\(added.text)")
        let set = try await api.send(.put, again.email, token: world.fixture.hostToken, json: ["email": address])
        try #require(set.status == .ok, "\(set.text)")
        try await Self.pressSend(try #require(api.database), again)
        return again
    }

    static func token(_ database: Database, member: String) async throws -> String {
        let id = try #require(UUID(uuidString: member))
        return try await database.query("SELECT mail_token FROM roster_members WHERE id = \(id)").single().decode("mail_token")
    }

    /// The reproduction: unsubscribe, the host removes the member and adds the same address
    /// again — before the fix the new member was mailed again (the unsubscribe was the member's).
    @Test func anUnsubscribedAddressStaysUnsubscribedWhenItsMemberIsRemovedAndReAdded() async throws {
        try await ParticipantAPI.run { api, database in
            let mail = try Self.actions(database)
            let world = try await Self.endedMeeting(api, database, address: "grace@example.org")
            #expect(try await mail.writeDueRosterMail() == 1, "the participant link")
            try await mail.unsubscribe(token: try await Self.token(database, member: world.member))
            let removed = try await api.send(
                .delete, "/v1/series/\(world.fixture.seriesID)/roster/\(world.member)", token: world.fixture.hostToken)
            #expect(removed.status == .noContent, "\(removed.text)")
            let again = try await Self.reAdd(api, world, address: "  GRACE@example.org ")
            #expect(try await mail.writeDueRosterMail() == 0, "the address said no: the new member gets nothing")
            let listed = try await api.send(.get, again.emails, token: again.fixture.hostToken)
            let item = try #require((listed.json?["items"] as? [[String: Any]])?.first { $0["memberId"] as? String == again.member })
            #expect(item["unsubscribed"] as? Bool == true, "the host sees the address is unsubscribed: \(listed.text)")
        }
    }

    /// "From this series" leaves other series' rosters alone; "all mail from here" stops every
    /// roster, present and future; a message queued before the unsubscribe is not sent.
    @Test func unsubscribingFromEverythingStopsEveryRosterAndWhatWasQueued() async throws {
        try await ParticipantAPI.run { api, database in
            let mail = try Self.actions(database)
            let first = try await Self.endedMeeting(api, database, address: "ada@example.org")
            #expect(try await mail.writeDueRosterMail() == 1)
            try await mail.unsubscribe(token: try await Self.token(database, member: first.member))
            let second = try await Self.endedMeeting(api, database, address: "ada@example.org")
            #expect(try await mail.writeDueRosterMail() == 1, "another series' roster still mails the address")
            try await mail.unsubscribe(token: try await Self.token(database, member: second.member), everywhere: true)
            _ = try await Self.endedMeeting(api, database, address: "Ada@Example.org")
            #expect(try await mail.writeDueRosterMail() == 0, "no roster mails the address any more")
            // Both queued links are given up unsent, with the reason.
            let transport = MailOutboxTests.ScriptedTransport([MailOutboxTests.accepted])
            #expect(try await MailOutboxTests.service(MailOutbox(database: database), transport).deliverDue() == 2)
            #expect(transport.sent.withLock { $0.isEmpty })
        }
    }

    /// A new account's roster mail stops at its day's allowance (the rest waits for the next
    /// pass); an admin's allowance replaces the earned one; roster mail the account delivered
    /// more than a day ago to addresses that kept subscribed raises it.
    @Test func aNewAccountsRosterMailStopsAtItsDailyAllowance() async throws {
        try await ParticipantAPI.run { api, database in
            let mail = try Self.actions(database, caps: MailCaps(perAccountPerHour: 1_000, rosterStartPerDay: 3, rosterMaxPerDay: 10))
            let world = try await Self.endedMeeting(api, database, address: "m0@example.org")
            for index in 1..<6 {
                let added = try await api.send(
                    .post, "/v1/series/\(world.fixture.seriesID)/roster", token: world.fixture.hostToken, json: ["name": "Member \(index)"])
                var member = world
                member.member = try #require(added.string("id"))
                _ = try await api.send(.put, member.email, token: world.fixture.hostToken, json: ["email": "m\(index)@example.org"])
            }
            try await Self.pressSend(database, world)
            #expect(try await mail.writeDueRosterMail() == 3, "the start allowance: 3 of 6")
            #expect(try await mail.writeDueRosterMail() == 0, "the rest waits for tomorrow")
            let outbox = MailOutbox(database: database)
            let host: UUID = try await database.query("SELECT host_id FROM meeting_series WHERE id = \(try #require(UUID(uuidString: world.fixture.seriesID)))")
                .single().decode("host_id")
            let email: String = try await database.query("SELECT email FROM accounts WHERE id = \(host)").single().decode("email")
            let start = try await outbox.rosterAllowance(account: host, caps: mail.caps)
            #expect(start.perDay == 3 && start.writtenToday == 3 && !start.setByAdmin)
            // Yesterday's three, delivered and not unsubscribed, earn three more.
            try await database.execute(
                "UPDATE email_outbox SET created_at = now() - interval '25 hours', sent_at = now() - interval '25 hours' WHERE account_id = \(host)")
            #expect(try await mail.writeDueRosterMail() == 3, "3 + 3 earned; the other 3 already went yesterday")
            #expect(try await outbox.rosterAllowance(account: host, caps: mail.caps).perDay == 6)
            #expect(try await outbox.setRosterAllowance(email: try EmailAddress(parsing: email), perDay: 0))
            let set = try await outbox.rosterAllowance(account: host, caps: mail.caps)
            #expect(set.perDay == 0 && set.writtenToday == 3 && set.setByAdmin)
        }
    }

    /// The reproduction: a title carrying "…visit http://evil.example/login". The subject holds
    /// the title and our own words only; neither part has a URL, a domain or a link a mail client
    /// could make of the host's words; our own links stay.
    @Test func hostTextInMailIsInert() {
        let texts = MailTexts.roster(
            title: "Security check — visit http://evil.example/login", name: "Eve www.evil.example eve@evil.example",
            link: "https://debrief.example/f/ABCDEFGHJK", unsubscribe: "https://debrief.example/unsubscribe/dbu_x", closes: nil,
            wording: .thanks)
        for part in [texts.subject, texts.text, texts.html] {
            #expect(!part.contains("http://evil"), "\(part)")
            #expect(!part.contains("evil.example"), "\(part)")
            #expect(!part.contains("www.evil"), "\(part)")
            #expect(!part.contains("eve@evil"), "\(part)")
        }
        #expect(texts.subject.hasPrefix("Security check — visit http:\u{200B}/\u{200B}/\u{200B}evil.\u{200B}example/\u{200B}login"))
        #expect(texts.subject.hasSuffix("— your feedback link · 피드백 링크"))
        #expect(texts.html.components(separatedBy: "<a href=").count == 3, "only our two links: \(texts.html)")
        #expect(texts.text.contains("https://debrief.example/f/ABCDEFGHJK"))
        let long = MailTexts.roster(
            title: String(repeating: "a", count: 300), name: "Ann", link: "https://debrief.example/f/x", unsubscribe: "u", closes: nil,
            wording: .reminder)
        #expect(long.subject.count <= MailTexts.maxTitleInSubject + " — feedback closes soon · 피드백 마감 전 알림".count)
        // An admin's name, free text, never reaches an invitation's subject.
        let invitation = MailTexts.invitation(link: "https://debrief.example/signup?invite=x", inviter: "Visit http://evil.example", expires: "soon", language: .en)
        #expect(invitation.subject == "You are invited to Debrief")
        #expect(!invitation.text.contains("http://evil") && !invitation.html.contains("http://evil"))
    }
}
