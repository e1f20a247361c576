@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 68 a: the roster was typed one name per post. A pasted list (one member per line, with
/// or without an address) is added at once over the API and from the roster page's textarea; a
/// list with a bad line adds nobody and names each bad line by its number.
@Suite("Roster: a pasted list, over the API and on the page")
struct RosterListTests {
    func names(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws -> [String] {
        let roster = try await api.send(.get, "/v1/series/\(fixture.seriesID)/roster", token: fixture.hostToken)
        return (roster.json?["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func theAPIAddsEveryLineOrNone() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let path = "/v1/series/\(fixture.seriesID)/roster/list"
            let added = try await api.send(
                .post, path, token: fixture.hostToken, json: ["text": "Grace Hopper <grace@example.org>\n\nmary@example.org\nKim, Ana"])
            #expect(added.status == .created, "\(added.text)")
            let items = added.json?["items"] as? [[String: Any]] ?? []
            #expect(items.compactMap { $0["name"] as? String } == ["Grace Hopper", "mary@example.org", "Kim, Ana"], "the list's order")
            let emails = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/roster/emails", token: fixture.hostToken)
            let addresses = (emails.json?["items"] as? [[String: Any]] ?? []).compactMap { $0["email"] as? String }
            #expect(Set(addresses) == ["grace@example.org", "mary@example.org"], "\(emails.text)")

            // One good line, one already on the roster, one bad address, one repeated: nothing stored.
            let refused = try await api.send(
                .post, path, token: fixture.hostToken, json: ["text": "Ada Lovelace\ngrace hopper\nBen <ben@>\nAda Lovelace"])
            #expect(refused.status == .unprocessableContent, "\(refused.text)")
            // The lines' own problems first; a clean list is then checked against the roster.
            #expect(refused.problemPaths.map { $0.components(separatedBy: ":")[0] } == ["text.lines[3]", "text.lines[4]"], "\(refused.problemPaths)")
            #expect(refused.problemPaths.contains("text.lines[4]: repeats the name on line 1"))
            let clash = try await api.send(.post, path, token: fixture.hostToken, json: ["text": "Ada Lovelace\ngrace hopper"])
            #expect(clash.problemPaths == ["text.lines[2]: is already on the roster"], "\(clash.text)")
            #expect(try await self.names(api, fixture).sorted() == ["Grace Hopper", "Kim, Ana", "mary@example.org"], "Ada was not added")

            let tooMany = (1...(RosterPaste.maxMembers + 1)).map { "Member \($0)" }.joined(separator: "\n")
            let bounded = try await api.send(.post, path, token: fixture.hostToken, json: ["text": tooMany])
            #expect(bounded.problemPaths == ["text: must list at most 500 members at once"])
            let huge = try await api.send(
                .post, path, token: fixture.hostToken, json: ["text": String(repeating: "x", count: RosterPaste.maxBytes * 2)])
            #expect(huge.status == .contentTooLarge, "\(huge.status)")
        }
    }

    @Test func thePageTakesAListWithoutScriptAndNamesEachBadLine() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let owner = try await ChatChannelPageTests.owner(api, fixture)
            let roster = "/m/\(fixture.meetingID)/roster"
            let page = try await api.page(roster, cookie: owner.cookie)
            #expect(page.text.contains(#"<form method="post" action="\#(roster)/list" novalidate>"#))
            #expect(page.text.contains(#"<textarea id="member-list" name="list""#))

            let refused = try await api.post(
                roster + "/list", [("csrf", owner.csrf), ("list", "Ada Lovelace\nada lovelace\nBen <ben@>")], cookie: owner.cookie)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Nothing was added. Fix these lines and add the list again:"))
            #expect(refused.text.contains("<li>Line 2: repeats the name on line 1</li>"), "\(refused.text)")
            #expect(refused.text.contains("<li>Line 3: the address"))
            #expect(refused.text.contains(">Ada Lovelace\nada lovelace\nBen &lt;ben@&gt;</textarea>"), "the list is kept to fix")
            #expect(try await self.names(api, fixture).isEmpty)
            let korean = try await api.post(
                roster + "/list", [("csrf", owner.csrf), ("list", "Ada\nAda")], language: "ko", cookie: owner.cookie)
            #expect(korean.text.contains("2번째 줄: repeats the name on line 1"))

            let added = try await api.post(
                roster + "/list", [("csrf", owner.csrf), ("list", "Ada Lovelace <ada@example.org>\nBen Park")], cookie: owner.cookie)
            #expect(added.status == .seeOther && added.headers[.location] == roster)
            #expect(try await self.names(api, fixture) == ["Ada Lovelace", "Ben Park"])
        }
    }
}
