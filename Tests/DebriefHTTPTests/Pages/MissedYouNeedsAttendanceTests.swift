@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 68 (b): "sorry we missed you" went to everyone when no attendance was taken — nobody
/// checked in or was marked present, so everybody counted as absent. Now it goes only when
/// attendance was taken for that session; otherwise everyone gets the link with plain words, and
/// the send page (and the JSON preview) says why nobody is told they were missed.
@Suite("Roster mail: \"sorry we missed you\" only when attendance was taken")
struct MissedYouNeedsAttendanceTests {
    @Test func withoutAttendanceNobodyIsToldTheyWereMissed() async throws {
        try await RosterSendStepTests.run { world in
            #expect(try await RosterSendStepTests.save(world, ["Ana": "ana@example.org", "Ben": "ben@example.org"]).status == .ok)

            let page = try await world.api.page("\(world.meeting)/roster/send", language: "en", cookie: world.session.cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains("id=\"no-attendance\"") && page.text.contains("No attendance was taken for this session"), "\(page.text)")
            #expect(page.text.contains("Everyone — the link with plain words (2): Ana, Ben"))
            #expect(page.text.contains("Hello Ana, here is your feedback link for Retro 회고"))
            #expect(!page.text.contains("Hello Ana, sorry we missed you") && !page.text.contains("Absent — told"))
            let korean = try await world.api.page("\(world.meeting)/roster/send", language: "ko", cookie: world.session.cookie)
            #expect(korean.text.contains("이 회차는 출석을 확인하지 않았어요") && korean.text.contains("모두 — 피드백 링크만 담은 메일 (2명)"))

            let preview = try await world.api.send(.get, RosterSendAPITests.send(world), token: world.fixture.hostToken)
            let json = try #require(preview.json, "\(preview.text)")
            #expect(json["attendanceTaken"] as? Bool == false)
            #expect((json["recipients"] as? [[String: Any]])?.compactMap { $0["wording"] as? String } == ["plain", "plain"])
            #expect((json["samples"] as? [[String: Any]])?.compactMap { $0["wording"] as? String } == ["plain"])

            let sent = try await world.api.post("\(world.meeting)/roster/send", [("csrf", world.session.csrf)], cookie: world.session.cookie)
            #expect(sent.status == .ok && sent.text.contains("The link is on its way to 2 people."))
            let messages = try await RosterSendStepTests.outbox(world)
            #expect(messages.map(\.to).sorted() == ["ana@example.org", "ben@example.org"])
            for message in messages {
                #expect(message.text.contains("here is your feedback link") && message.text.contains("피드백 링크예요"), "\(message.text)")
                #expect(!message.text.contains("missed you") && !message.text.contains("못 뵈어") && !message.text.contains("thank you for coming"))
            }
        }
    }

    /// Once someone is marked present, attendance was taken: the others are told they were missed.
    @Test func onceSomeoneIsMarkedPresentTheOthersAreMissed() async throws {
        try await RosterSendStepTests.run { world in
            #expect(try await RosterSendStepTests.save(world, ["Ana": "ana@example.org", "Ben": "ben@example.org"]).status == .ok)
            let marked = try await world.api.post(
                "\(world.meeting)/attendance", [("csrf", world.session.csrf), ("memberId", world.members["Ana"] ?? "")],
                cookie: world.session.cookie)
            #expect(marked.status == .seeOther)
            let page = try await world.api.page("\(world.meeting)/roster/send", cookie: world.session.cookie)
            #expect(!page.text.contains("id=\"no-attendance\""))
            #expect(page.text.contains("Absent — told their view still counts (1): Ben"))
            let preview = try await world.api.send(.get, RosterSendAPITests.send(world), token: world.fixture.hostToken)
            #expect(preview.json?["attendanceTaken"] as? Bool == true)
        }
    }
}
