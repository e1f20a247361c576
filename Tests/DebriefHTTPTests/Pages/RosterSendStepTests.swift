@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Mail
import PQ
import Testing

/// Issue 48, item 4: the roster's addresses are one form with one Save that keeps every typed
/// address; saving never sends mail; sending is a step with a preview (how many, the subject and
/// text of each wording, who is skipped and why) and a button; the reminder goes out only when
/// the host turned it on; present and absent members get different words
/// (docs/decisions/0060-roster-sending-is-a-step.md).
@Suite("Pages: the roster's addresses in one Save, sending as its own step")
struct RosterSendStepTests {
    /// A published form with Ana, Ben, Chloe and Dan on its series' roster, a host signed in to
    /// the pages, and SMTP configured (nothing listens: messages stay in the outbox to be read).
    struct World: Sendable {
        var api: ParticipantAPI
        var database: Database
        var fixture: PublishedFixture
        var session: BrowserSession
        /// Member ids by name.
        var members: [String: String]
        var meeting: String { "/m/\(self.fixture.meetingID)" }

        func field(_ name: String) -> String { "email-\(self.members[name] ?? "?")" }
    }

    static let names = ["Ana", "Ben", "Chloe", "Dan"]

    static func run(anonymous: Bool = false, _ body: @Sendable (World) async throws -> Void) async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.smtp = try SMTPSettings(url: "smtp://127.0.0.1:9", from: "debrief@example.org", startTLS: .none)
        // The scheduler's first pass runs at start (before anything exists); the test writes the
        // later ones itself.
        configuration.mail.pollInterval = .seconds(3600)
        configuration.mail.retryBase = .seconds(3600)
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let fixture = try await api.publish(ParticipantAPI.sampleForm(anonymous: anonymous))
            var members: [String: String] = [:]
            for name in Self.names {
                let added = try await api.send(.post, "/v1/series/\(fixture.seriesID)/roster", token: fixture.hostToken, json: ["name": name])
                let id = try #require(added.string("id"), "\(added.text)")
                members[name] = id
            }
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            try await body(World(api: api, database: database, fixture: fixture, session: session, members: members))
        }
    }

    /// The members' stored addresses, name → address ("" for none), as the owner reads them.
    static func stored(_ world: World) async throws -> [String: String] {
        try await RosterEmailAPITests.addresses(
            world.api, RosterEmailAPITests.World(fixture: world.fixture, member: world.members["Ana"] ?? ""))
    }

    /// Roster messages in the outbox: (kind, recipient, text), oldest first.
    static func outbox(_ world: World) async throws -> [(kind: String, to: String, text: String)] {
        try await world.database.query(
            "SELECT kind, recipient, text_body FROM email_outbox WHERE roster_member_id IS NOT NULL ORDER BY created_at, recipient"
        ).map { row in
            let kind: String = try row.decode("kind")
            let to: String = try row.decode("recipient")
            let text: String = try row.decode("text_body")
            return (kind: kind, to: to, text: text)
        }
    }

    static func save(_ world: World, _ typed: [String: String]) async throws -> ParticipantReply {
        try await world.api.post(
            "\(world.meeting)/roster/mail", [("csrf", world.session.csrf)] + Self.names.map { (world.field($0), typed[$0] ?? "") },
            cookie: world.session.cookie)
    }

    static func mail(_ database: Database) throws -> MailActions {
        try RosterMailSuppressionTests.actions(database)
    }

    /// The reproduction: four addresses typed and one press stored one and dropped three (each
    /// member had a Save of its own). Now one Save stores all four, and nothing is mailed.
    @Test func fourAddressesInOneSaveAreAllStoredAndNothingIsSent() async throws {
        try await Self.run { world in
            let page = try await world.api.page("\(world.meeting)/roster/mail", cookie: world.session.cookie)
            #expect(page.status == .ok)
            #expect(page.text.components(separatedBy: "<form method=\"post\"").count == 2, "one form: \(page.text)")
            let typed = ["Ana": "ana@example.org", "Ben": "ben@example.org", "Chloe": "chloe@example.org", "Dan": "dan@example.org"]
            let saved = try await Self.save(world, typed)
            #expect(saved.status == .ok, "\(saved.text.prefix(500))")
            #expect(saved.text.contains("Saved 4 address changes. Nothing was sent."))
            #expect(try await Self.stored(world) == typed)
            // Saving sends nothing, now or at the scheduler's next pass.
            #expect(try await Self.mail(world.database).writeDueRosterMail() == 0)
            #expect(try await Self.outbox(world).isEmpty)
            // The same Save again changes nothing.
            let again = try await Self.save(world, typed)
            #expect(again.status == .ok && again.text.contains("No address changed."))
        }
    }

    /// One bad address: a 422 whose error summary links to that field, the message beside it,
    /// every typed value back in its field, and nothing stored.
    @Test func aBadAddressIsNamedAndEveryTypedValueComesBack() async throws {
        try await Self.run { world in
            let typed = ["Ana": "ana@example.org", "Ben": "ben@", "Chloe": "Chloe <chloe@example.org>", "Dan": "dan@example.org"]
            let refused = try await Self.save(world, typed)
            #expect(refused.status == .unprocessableContent, "\(refused.text.prefix(300))")
            #expect(refused.text.contains("class=\"error-summary\""))
            for name in ["Ben", "Chloe"] {
                #expect(refused.text.contains("href=\"#\(world.field(name))\""), "\(name) is linked from the summary")
                #expect(refused.text.contains("id=\"\(world.field(name))-error\""), "\(name)'s field says why")
            }
            #expect(!refused.text.contains("href=\"#\(world.field("Ana"))\""))
            #expect(refused.inputValue(world.field("Ana")) == "ana@example.org")
            #expect(refused.inputValue(world.field("Ben")) == "ben@")
            #expect(refused.inputValue(world.field("Chloe")) == "Chloe &lt;chloe@example.org&gt;")
            #expect(refused.inputValue(world.field("Dan")) == "dan@example.org")
            #expect(try await Self.stored(world) == ["Ana": "", "Ben": "", "Chloe": "", "Dan": ""], "nothing stored")
        }
    }

    /// Sending is its own step: the preview says how many, shows the subject and both wordings
    /// (present: thanked for coming; absent: their view still counts) and who is skipped and why;
    /// only the button writes mail, once per member however often it is pressed.
    @Test func sendingIsAStepWithAPreviewAndPresentAndAbsentGetTheirOwnWords() async throws {
        try await Self.run { world in
            #expect(try await Self.save(world, ["Ana": "ana@example.org", "Ben": "ben@example.org", "Dan": "dan@example.org"]).status == .ok)
            // Ana came (marked present); Ben did not; Chloe has no address; Dan unsubscribed.
            let marked = try await world.api.post(
                "\(world.meeting)/attendance", [("csrf", world.session.csrf), ("memberId", world.members["Ana"] ?? "")],
                cookie: world.session.cookie)
            #expect(marked.status == .seeOther)
            try await world.database.execute(
                "INSERT INTO mail_suppressions (email, series_id) VALUES ('dan@example.org', \(try #require(UUID(uuidString: world.fixture.seriesID))))")

            let preview = try await world.api.page("\(world.meeting)/roster/send", cookie: world.session.cookie)
            #expect(preview.status == .ok, "\(preview.text.prefix(300))")
            #expect(preview.text.contains("Send the link to 2 people now"))
            #expect(preview.text.contains("Retro 회고 — your feedback link · 피드백 링크"), "the subject")
            #expect(preview.text.contains("Checked in or marked present — thanked for coming (1): Ana"))
            #expect(preview.text.contains("Hello Ana, thank you for coming to Retro 회고"))
            #expect(preview.text.contains("Absent — told their view still counts (1): Ben"))
            #expect(preview.text.contains("Hello Ben, sorry we missed you at Retro 회고 — your view still counts"))
            #expect(preview.text.contains("Chloe <span class=\"muted\">— no address"))
            #expect(preview.text.contains("Dan <span class=\"muted\">— unsubscribed"))
            #expect(try await Self.outbox(world).isEmpty, "the preview sends nothing")

            let sent = try await world.api.post("\(world.meeting)/roster/send", [("csrf", world.session.csrf)], cookie: world.session.cookie)
            #expect(sent.status == .ok)
            #expect(sent.text.contains("The link is on its way to 2 people."))
            let messages = try await Self.outbox(world)
            #expect(messages.map(\.to).sorted() == ["ana@example.org", "ben@example.org"])
            #expect(messages.allSatisfy { $0.kind == "participant_link" })
            let ana = try #require(messages.first { $0.to == "ana@example.org" }?.text)
            let ben = try #require(messages.first { $0.to == "ben@example.org" }?.text)
            #expect(ana.contains("thank you for coming") && ana.contains("와 주셔서 고마워요") && !ana.contains("missed you"))
            #expect(ben.contains("sorry we missed you") && ben.contains("your view still counts") && ben.contains("못 뵈어 아쉬웠어요"))
            #expect(!ben.contains("thank you for coming") && !ben.contains("와 주셔서"))
            #expect(ana.contains("/f/\(world.fixture.code)") && ben.contains("/f/\(world.fixture.code)"))

            // Pressed again (or the page reloaded): nobody twice; the two are "already sent".
            let twice = try await world.api.post("\(world.meeting)/roster/send", [("csrf", world.session.csrf)], cookie: world.session.cookie)
            #expect(twice.status == .ok && twice.text.contains("The link is on its way to 0 people."))
            #expect(twice.text.contains("Ana <span class=\"muted\">— already sent"))
            #expect(!twice.text.contains("id=\"send-links\""), "nobody left to send to: no button")
            #expect(try await Self.mail(world.database).writeDueRosterMail() == 0)
            #expect(try await Self.outbox(world).count == 2)
        }
    }

    /// The reminder is the host's choice for the series, off until turned on: then it goes once to
    /// each member whose link was sent and who has not answered, when the form closes within the
    /// chosen hours. A lead outside 1–168 is a 422 naming `leadHours`.
    @Test func theReminderGoesOnlyWhenTheHostTurnsItOn() async throws {
        try await Self.run { world in
            let meeting = try #require(UUID(uuidString: world.fixture.meetingID))
            try await world.database.execute("UPDATE forms SET closes_at = now() + interval '90 minutes' WHERE meeting_id = \(meeting)")
            #expect(try await Self.save(world, ["Ana": "ana@example.org", "Ben": "ben@example.org"]).status == .ok)
            // Ben checks in under his roster name and answers.
            let token = try await world.api.checkIn(world.fixture.code, name: "Ben")
            let answered = try await world.api.submit(world.fixture.code, ["participantToken": token, "answers": ParticipantAPI.answers()])
            #expect(answered.status == .created, "\(answered.text)")
            #expect(try await world.api.post("\(world.meeting)/roster/send", [("csrf", world.session.csrf)], cookie: world.session.cookie).status == .ok)
            let mail = try Self.mail(world.database)
            try await mail.writeDueRosterMail()
            #expect(try await Self.outbox(world).filter { $0.kind == "reminder" }.isEmpty, "the form closes in 90 minutes, but nobody asked")

            let page = try await world.api.page("\(world.meeting)/roster/send", cookie: world.session.cookie)
            #expect(page.text.contains("Off: nobody is reminded."))
            for bad in ["0", "169", "two", ""] {
                let refused = try await world.api.post(
                    "\(world.meeting)/roster/reminder", [("csrf", world.session.csrf), ("remind", "on"), ("leadHours", bad)],
                    cookie: world.session.cookie)
                #expect(refused.status == .unprocessableContent, "\(bad)")
                #expect(refused.text.contains("id=\"leadHours-error\"") && refused.text.contains("href=\"#leadHours\""), "\(bad)")
                #expect(refused.inputValue("leadHours") == bad)
            }
            try await mail.writeDueRosterMail()
            #expect(try await Self.outbox(world).filter { $0.kind == "reminder" }.isEmpty, "a refused choice turns nothing on")

            let on = try await world.api.post(
                "\(world.meeting)/roster/reminder", [("csrf", world.session.csrf), ("remind", "on"), ("leadHours", "2")],
                cookie: world.session.cookie)
            #expect(on.status == .ok && on.text.contains("On: 2 h before the form closes."), "\(on.text.prefix(300))")
            try await mail.writeDueRosterMail()
            try await mail.writeDueRosterMail()
            let reminders = try await Self.outbox(world).filter { $0.kind == "reminder" }
            #expect(reminders.map(\.to) == ["ana@example.org"], "once, and not to Ben, who answered")
            #expect(reminders.first?.text.contains("closes soon") == true)

            // Turned off: the next session's reminder is not written.
            let off = try await world.api.post("\(world.meeting)/roster/reminder", [("csrf", world.session.csrf)], cookie: world.session.cookie)
            #expect(off.status == .ok && off.text.contains("Off: nobody is reminded."))
        }
    }

    /// Korean pages say the same: the preview's count and groups, the reminder's state.
    @Test func theSendPageSpeaksKorean() async throws {
        try await Self.run { world in
            #expect(try await Self.save(world, ["Ana": "ana@example.org"]).status == .ok)
            let page = try await world.api.page("\(world.meeting)/roster/send", language: "ko", cookie: world.session.cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains("지금 1명에게 링크 보내기"))
            // Nobody checked in or was marked present: nobody is told they were missed (issue 68).
            #expect(page.text.contains("모두 — 피드백 링크만 담은 메일 (1명): Ana"))
            #expect(page.text.contains("꺼짐: 아무에게도 알림을 보내지 않아요."))
        }
    }
}
