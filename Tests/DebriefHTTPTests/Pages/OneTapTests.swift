@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 71 goal 3, one tap from the mail (docs/decisions/0103-one-tap-from-the-mail.md): a roster
/// message carries the form's first rating as a row of links; a tap opens the form with that
/// answer filled in and stores nothing (mail scanners fetch every link); one press sends it, and
/// the personal link and "answered" work as for any submission.
@Suite("One tap from the mail")
struct OneTapTests {
    typealias World = RosterSendStepTests.World

    /// The HTML part of each participant link message, by recipient.
    static func htmlParts(_ world: World) async throws -> [String: String] {
        var parts: [String: String] = [:]
        for row in try await world.database.query(
            "SELECT recipient, html_body FROM email_outbox WHERE kind = 'participant_link'")
        {
            parts[try row.decode("recipient")] = try row.decode("html_body")
        }
        return parts
    }

    /// The addresses of the taps in an HTML part, in the order shown, `&amp;` read back as `&`.
    static func taps(in html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .filter { $0.contains("tap=") }.map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }

    @Test func theLinkMessageCarriesTheFirstRatingAsARowOfTapsEachWithThePersonalLink() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            let parts = try await Self.htmlParts(world)
            let ana = try #require(parts["ana@example.org"])
            let code = world.fixture.code
            // The sample form's first rating is "How useful?" on 1–5; "Recommend?" (0–10) comes later.
            #expect(Self.taps(in: ana).map { $0.components(separatedBy: "/f/").last } == (1...5).map { "\(code)?p=\(links["Ana"] ?? "?")&tap=\($0)" },
                "\(ana)")
            #expect(ana.contains("<strong>How useful?</strong>"))
            let plain = try await RosterSendStepTests.outbox(world).filter { $0.to == "ana@example.org" }.map(\.text).joined()
            #expect(!plain.isEmpty && !plain.contains("tap="), "the plain part keeps its one link")
        }
    }

    @Test func aTapFillsTheFormInAndStoresNothingUntilSent() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            let ana = try #require(links["Ana"])
            let code = world.fixture.code
            // A scanner fetching every tap twice changes nothing.
            for value in [1, 2, 3, 4, 5, 4] {
                #expect(try await world.api.page("/f/\(code)?p=\(ana)&tap=\(value)").status == .ok)
            }
            #expect(try await ParticipantPageTests.responses(world.database) == 0)
            #expect(try await PersonalLinkTests.answered(world).isEmpty)

            let page = try await world.api.page("/f/\(code)?p=\(ana)&tap=4")
            #expect(page.text.contains("<input type=\"radio\" id=\"q-useful-4\" name=\"q.useful\" value=\"4\" checked>"), "\(page.text)")
            #expect(page.text.contains("Your answer from the message is filled in"))
            #expect(page.inputValue("personal_link") == ana, "the personal link rides along")
            // A label the scale does not have (or another question's) fills in nothing.
            for tampered in ["9", "0", "x", ""] {
                let other = try await world.api.page("/f/\(code)?p=\(ana)&tap=\(tampered)")
                #expect(other.status == .ok && !other.text.contains(" checked>") && !other.text.contains("filled in"), "tap=\(tampered)")
            }

            // One press sends what the page holds: the personal link answers for Ana.
            let key = try #require(page.inputValue("idempotency_key"))
            let sent = try await world.api.post(
                "/f/\(code)", [("idempotency_key", key), ("personal_link", ana), ("q.useful", "4")])
            #expect(sent.status == .seeOther, "\(sent.text)")
            #expect(try await ParticipantPageTests.responses(world.database) == 1)
            #expect(try await PersonalLinkTests.answered(world) == ["Ana"])
        }
    }

    @Test func theOneTapQuestionIsTheFirstRatingEveryoneIsAsked() throws {
        let scale = RatingSpec(min: 1, max: 5)
        let follow = Question(
            key: QuestionKey(rawValue: "after")!, prompt: "After", body: .rating(scale),
            showWhen: FollowUpCondition(question: QuestionKey(rawValue: "useful")!, rule: .ratingBetween(1...2)))
        let first = Question(key: QuestionKey(rawValue: "useful")!, prompt: "Useful?", body: .rating(scale))
        let wide = Question(key: QuestionKey(rawValue: "wide")!, prompt: "Wide", body: .rating(RatingSpec(min: 1, max: 20)))
        let text = Question(key: QuestionKey(rawValue: "notes")!, prompt: "Notes", body: .shortAnswer(ShortAnswerSpec(maxLength: 100)))
        func form(_ questions: [Question]) -> FormDefinition { FormDefinition(title: "T", questions: questions) }

        let found = try #require(OneTapQuestion(form: form([text, follow, wide, first])))
        #expect(found.key.rawValue == "useful" && found.prompt == "Useful?")
        #expect(found.taps.map(\.label) == ["1", "2", "3", "4", "5"])
        #expect(found.value(labelled: "3") == .rating(3) && found.value(labelled: "6") == nil)
        #expect(OneTapQuestion(form: form([text, follow, wide])) == nil, "a follow-up or a scale wider than a row offers none")
        #expect(OneTapQuestion(form: form([Question(key: QuestionKey(rawValue: "nps")!, prompt: "NPS", body: .rating(RatingSpec(min: 0, max: 10)))]))?
            .taps.count == OneTapQuestion.maxAnswers)
    }
}
