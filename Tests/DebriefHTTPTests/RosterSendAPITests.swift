@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 48: the roster's send step over the JSON API (`/v1/meetings/{id}/roster/send`,
/// `…/roster/reminder`) does what the page `/m/{id}/roster/send` does, through the same use case
/// (``RosterSendActions``): the preview names who gets which wording and who is skipped, a
/// press mails each member once, and the reminder is on only when asked, its lead a 422 naming
/// `leadHours` outside 1–168. Who may call each route: ``AuthorizationMatrixTests``.
@Suite("The roster's send step over the API")
struct RosterSendAPITests {
    typealias World = RosterSendStepTests.World

    static func send(_ world: World) -> String { "/v1/meetings/\(world.fixture.meetingID)/roster/send" }
    static func reminder(_ world: World) -> String { "/v1/meetings/\(world.fixture.meetingID)/roster/reminder" }

    @Test func thePreviewAndThePressAreThePagesAndNobodyIsSentTwice() async throws {
        try await RosterSendStepTests.run { world in
            let token = world.fixture.hostToken
            #expect(try await RosterSendStepTests.save(world, ["Ana": "ana@example.org", "Ben": "ben@example.org"]).status == .ok)
            let marked = try await world.api.post(
                "\(world.meeting)/attendance", [("csrf", world.session.csrf), ("memberId", world.members["Ana"] ?? "")],
                cookie: world.session.cookie)
            #expect(marked.status == .seeOther)

            let preview = try await world.api.send(.get, Self.send(world), token: token)
            #expect(preview.status == .ok, "\(preview.text)")
            let json = try #require(preview.json)
            #expect(json["mailConfigured"] as? Bool == true && json["formOpen"] as? Bool == true && json["canSend"] as? Bool == true)
            let recipients = try #require(json["recipients"] as? [[String: Any]])
            let wordings = Dictionary(uniqueKeysWithValues: recipients.map { ($0["name"] as? String ?? "?", $0["wording"] as? String ?? "?") })
            #expect(wordings == ["Ana": "thanks", "Ben": "missed"], "\(recipients)")
            #expect(recipients.first { $0["name"] as? String == "Ana" }?["memberId"] as? String == world.members["Ana"])
            let skipped = try #require(json["skipped"] as? [[String: Any]])
            #expect(Set(skipped.map { "\($0["name"] ?? "")=\($0["reason"] ?? "")" }) == ["Chloe=noAddress", "Dan=noAddress"])
            let samples = try #require(json["samples"] as? [[String: Any]])
            #expect(samples.map { $0["wording"] as? String } == ["thanks", "missed"])
            #expect((samples.first?["text"] as? String)?.contains("thank you for coming") == true)
            #expect((json["reminder"] as? [String: Any])?["on"] as? Bool == false)
            #expect(try await RosterSendStepTests.outbox(world).isEmpty, "the preview sends nothing")

            let pressed = try await world.api.send(.post, Self.send(world), token: token)
            #expect(pressed.status == .ok, "\(pressed.text)")
            #expect(pressed.json?["sent"] as? Int == 2)
            #expect(try await RosterSendStepTests.outbox(world).map(\.to).sorted() == ["ana@example.org", "ben@example.org"])
            let again = try await world.api.send(.post, Self.send(world), token: token)
            #expect(again.status == .ok && again.json?["sent"] as? Int == 0, "\(again.text)")
            #expect(try await RosterSendStepTests.outbox(world).count == 2, "nobody twice")
            let after = try await world.api.send(.get, Self.send(world), token: token)
            let reasons = (after.json?["skipped"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }
            #expect(reasons.filter { $0 == "alreadySent" }.count == 2 && after.json?["canSend"] as? Bool == false, "\(after.text)")
        }
    }

    @Test func theReminderIsOnOnlyWhenAskedAndABadLeadIsNamed() async throws {
        try await RosterSendStepTests.run { world in
            let token = world.fixture.hostToken
            for bad: Any in [0, 169] {
                let refused = try await world.api.send(.put, Self.reminder(world), token: token, json: ["on": true, "leadHours": bad])
                #expect(refused.status == .unprocessableContent, "\(bad): \(refused.text)")
                #expect((refused.json?["errors"] as? [[String: Any]])?.first?["path"] as? String == "leadHours", "\(refused.text)")
            }
            let missing = try await world.api.send(.put, Self.reminder(world), token: token, json: ["on": true])
            #expect(missing.status == .unprocessableContent && missing.text.contains("leadHours"), "\(missing.text)")
            let state = try await world.api.send(.get, Self.send(world), token: token)
            #expect((state.json?["reminder"] as? [String: Any])?["on"] as? Bool == false, "a refused choice turns nothing on")

            let on = try await world.api.send(.put, Self.reminder(world), token: token, json: ["on": true, "leadHours": 3])
            #expect(on.status == .ok, "\(on.text)")
            #expect(on.json?["on"] as? Bool == true && on.json?["leadHours"] as? Int == 3)
            let page = try await world.api.page("\(world.meeting)/roster/send", cookie: world.session.cookie)
            #expect(page.text.contains("On: 3 h before the form closes."), "the page reads what the API stored")

            let off = try await world.api.send(.put, Self.reminder(world), token: token, json: ["on": false])
            #expect(off.status == .ok && off.json?["on"] as? Bool == false, "\(off.text)")
        }
    }
}
