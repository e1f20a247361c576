@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 50, reminders that count: every roster message carries the member's own link to the
/// session (`/f/{code}?p=…`); a response sent through it sets "this member has answered" in its
/// transaction, one response per person; on an anonymous form nothing ties the member to the
/// answers (docs/decisions/0077-personal-links-and-reminders.md). Real PostgreSQL throughout.
@Suite("Personal links: membership proven, one response per person, unlinked on an anonymous form")
struct PersonalLinkTests {
    typealias World = RosterSendStepTests.World

    static let addresses = ["Ana": "ana@example.org", "Ben": "ben@example.org", "Chloe": "chloe@example.org", "Dan": "dan@example.org"]

    /// Saves the four addresses, presses "Send the link", and returns each member's personal link
    /// secret as their message carries it.
    static func sendLinks(_ world: World) async throws -> [String: String] {
        #expect(try await RosterSendStepTests.save(world, Self.addresses).status == .ok)
        let pressed = try await world.api.send(.post, RosterSendAPITests.send(world), token: world.fixture.hostToken)
        #expect(pressed.status == .ok && pressed.json?["sent"] as? Int == 4, "\(pressed.text)")
        var links: [String: String] = [:]
        for mail in try await RosterSendStepTests.outbox(world) where mail.kind == "participant_link" {
            let name = try #require(Self.addresses.first { $0.value == mail.to }?.key)
            let secret: String = try #require(Self.link(in: mail.text), "a personal link in \(mail.text)")
            links[name] = secret
        }
        return links
    }

    /// The secret after `?p=` in a message's plain text.
    static func link(in text: String) -> String? {
        guard let range = text.range(of: "?p=") else { return nil }
        let secret = String(text[range.upperBound...].prefix { !$0.isWhitespace })
        return secret.isEmpty ? nil : secret
    }

    static func answer(_ world: World, link: String?, code: String? = nil, key: String? = nil) async throws -> ParticipantReply {
        var body: [String: Any] = ["answers": ParticipantAPI.answers()]
        if let link { body["personalLink"] = link }
        return try await world.api.submit(code ?? world.fixture.code, body, key: key)
    }

    static func answered(_ world: World) async throws -> Set<String> {
        Set(try await world.database.query(
            "SELECT rm.name FROM roster_answered ra JOIN roster_members rm ON rm.id = ra.roster_member_id WHERE ra.meeting_id = \(UUID(uuidString: world.fixture.meetingID))"
        ).map { try $0.decode("name", as: String.self) })
    }

    static func responses(_ world: World) async throws -> Int {
        try await participantCount(
            world.database,
            "SELECT count(*)::int AS n FROM responses r JOIN forms f ON f.id = r.form_id WHERE f.meeting_id = \(UUID(uuidString: world.fixture.meetingID))")
    }

    @Test func eachMessageCarriesItsOwnLinkAndOnlyItsHashIsKept() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await Self.sendLinks(world)
            #expect(Set(links.keys) == Set(Self.addresses.keys))
            #expect(Set(links.values).count == 4, "four different links")
            #expect(links.values.allSatisfy { $0.hasPrefix(PersonalLinkRules.prefix) })
            let kept = try await world.database.query("SELECT token_hash FROM roster_personal_links").map { try $0.decode("token_hash", as: String.self) }
            #expect(Set(kept) == Set(links.values.map(SecretToken.hash)), "the hashes, never the secrets")
        }
    }

    /// On an anonymous form the link proves membership and is then unlinked: the flag is set in
    /// the response's transaction, the flag keeps no time and no response, and no column of a
    /// response or an answer names a member. A second response through the same link is refused.
    @Test func anAnonymousAnswerSetsTheFlagAndNothingLinksItToTheMember() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await Self.sendLinks(world)
            let first = try await Self.answer(world, link: links["Ana"])
            #expect(first.status == .created, "\(first.text)")
            #expect(try await Self.answered(world) == ["Ana"])
            #expect(try await Self.responses(world) == 1)

            let second = try await Self.answer(world, link: links["Ana"])
            #expect(second.status == .conflict, "\(second.text)")
            #expect(second.text.contains("personalLink"), "\(second.text)")
            #expect(try await Self.responses(world) == 1, "the refused response rolled back")

            // The same request again (its Idempotency-Key) is the first one's outcome, not a refusal.
            let keyed = try await Self.answer(world, link: links["Ben"], key: "ben-1")
            let replay = try await Self.answer(world, link: links["Ben"], key: "ben-1")
            #expect(keyed.status == .created && replay.status == .created, "\(replay.text)")
            #expect(keyed.string("responseId") == replay.string("responseId"))
            #expect(try await Self.answered(world) == ["Ana", "Ben"])
            #expect(try await Self.responses(world) == 2)

            let flagColumns = try await world.database.query(
                "SELECT column_name FROM information_schema.columns WHERE table_name = 'roster_answered' ORDER BY column_name"
            ).map { try $0.decode("column_name", as: String.self) }
            #expect(flagColumns == ["meeting_id", "roster_member_id"], "no time, no response")
            let linking = try await participantCount(
                world.database,
                """
                SELECT count(*)::int AS n FROM information_schema.columns
                WHERE table_name IN ('responses', 'answers') AND (column_name LIKE '%member%' OR column_name LIKE '%roster%' OR column_name LIKE '%link%')
                """)
            #expect(linking == 0, "no column links a response to a member")
            let references = try await participantCount(
                world.database,
                """
                SELECT count(*)::int AS n FROM pg_constraint c
                WHERE c.contype = 'f' AND (
                    (c.conrelid IN ('responses'::regclass, 'answers'::regclass)
                        AND c.confrelid IN ('roster_members'::regclass, 'roster_answered'::regclass, 'roster_personal_links'::regclass))
                    OR (c.conrelid IN ('roster_answered'::regclass, 'roster_personal_links'::regclass)
                        AND c.confrelid IN ('responses'::regclass, 'answers'::regclass)))
                """)
            #expect(references == 0, "no reference either way")
        }
    }

    /// A link proves membership of its own session only: another meeting's form, a link with one
    /// character changed, or text of another shape is a 422 naming `personalLink`, and nothing is
    /// stored.
    @Test func aTamperedLinkOrAnotherSessionsLinkIsRefusedAndNothingIsStored() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await Self.sendLinks(world)
            let ana = try #require(links["Ana"])
            let other = try await world.api.publish(ParticipantAPI.sampleForm(anonymous: true))
            let elsewhere = try await Self.answer(world, link: ana, code: other.code)
            #expect(elsewhere.status == .unprocessableContent, "\(elsewhere.text)")
            #expect(elsewhere.problemPaths.first?.hasPrefix("personalLink:") == true, "\(elsewhere.problemPaths)")
            let tampered = String(ana.dropLast()) + (ana.last == "A" ? "B" : "A")
            for bad in [tampered, "dbp_not-a-link", "dbl_"] {
                let refused = try await Self.answer(world, link: bad)
                #expect(refused.status == .unprocessableContent, "\(bad): \(refused.text)")
                #expect(refused.problemPaths.first?.hasPrefix("personalLink:") == true, "\(bad): \(refused.problemPaths)")
            }
            #expect(try await Self.responses(world) == 0)
            #expect(try await participantCount(world.database, "SELECT count(*)::int AS n FROM roster_answered") == 0)
            // The link still works where it belongs.
            #expect(try await Self.answer(world, link: ana).status == .created)
        }
    }

    /// The participant page carries the link from `?p=` into its post, and the post sets the flag.
    @Test func thePageCarriesTheLinkIntoItsPost() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await Self.sendLinks(world)
            let dan = try #require(links["Dan"])
            let page = try await world.api.page("/f/\(world.fixture.code)?p=\(dan)")
            #expect(page.status == .ok)
            #expect(page.inputValue("personal_link") == dan, "a hidden field carries it")
            let key = try #require(page.inputValue("idempotency_key"))
            let posted = try await world.api.post(
                "/f/\(world.fixture.code)",
                [("idempotency_key", key), ("personal_link", dan), ("q.useful", "4")])
            #expect(posted.status == .seeOther, "\(posted.text.prefix(400))")
            #expect(try await Self.answered(world) == ["Dan"])
        }
    }
}
