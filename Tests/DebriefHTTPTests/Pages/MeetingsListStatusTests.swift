@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The meetings list (issue 32 item 16): each session of a series in one group with its form's
/// state and its response count — the count the dashboard's tile shows. Since issue 68 (goal 7)
/// a series opens on the session its clock features, then lists every session in the order they
/// happen behind "All n sessions" (``HomePageTests`` moves the clock).
@Suite("Pages: the meetings list shows each session's state and responses")
struct MeetingsListStatusTests {
    /// The list's rows, in order, as (the row header's text, the row).
    static func rows(_ html: String) -> [(session: String, row: String)] {
        html.components(separatedBy: "<tr><th scope=\"row\">").dropFirst().map { part in
            let row = part.components(separatedBy: "</tr>").first ?? ""
            let link = row.components(separatedBy: "\">").dropFirst().first?.components(separatedBy: "<").first ?? ""
            return (link, row)
        }
    }

    @Test func sessionsAreGroupedFeaturedFirstWithStateAndCount() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            for _ in 0..<2 {
                #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers()]).status == .created)
            }
            let meeting = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).json)
            let start = try #require(Timestamps.parse(meeting["startsAt"] as? String ?? ""))
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start.addingTimeInterval(7 * 86_400)),
                       "endsAt": ParticipantAPI.iso(start.addingTimeInterval(7 * 86_400 + 3600)), "closePreviousForm": true])
            let second = try #require(next.string("id"), "\(next.text)")
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)

            // Session 2 is a draft copy; session 1 closed with its two responses. Both are ahead, so
            // the series features session 1 (next), then lists sessions 1 and 2 in order.
            var list = try await api.page("/m", cookie: session.cookie)
            #expect(list.text.components(separatedBy: "<section class=\"series\"").count == 2, "one series: \(list.text)")
            // A phone scrolls the table in its box instead of breaking "Session" mid-word.
            #expect(list.text.contains("<div class=\"scroll\">\n<table class=\"sessions\">"))
            var rows = Self.rows(list.text)
            #expect(rows.map(\.session) == ["Session 1", "Session 1", "Session 2"], "featured, then in order: \(rows.map(\.row))")
            #expect(rows.count == 3 && rows[0].row.contains(">Next</span>") && rows[0].row.contains(">Closed<"), "\(rows)")
            #expect(rows.count == 3 && rows[2].row.contains(">Draft<") && rows[2].row.contains("<td class=\"number\">–</td>"), "\(rows)")
            #expect(rows.count == 3 && rows[1].row.contains(">Closed<") && rows[1].row.contains("<td class=\"number\">2</td>"), "\(rows)")
            #expect(list.text.contains("<summary>All 2 sessions</summary>"))
            let report = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken).json)
            #expect((report["summary"] as? [String: Any])?["responses"] as? Int == 2, "the dashboard counts the same")

            // Published and answered once: open, one response.
            let code = try #require(try await api.send(.post, "/v1/meetings/\(second)/form/publish", token: fixture.hostToken).string("code"))
            #expect(try await api.submit(code, ["answers": ParticipantAPI.answers()]).status == .created)
            // A meeting of its own series without a form.
            let lone = try await api.send(
                .post, "/v1/meetings", token: fixture.hostToken,
                json: ["title": "Budget review", "startsAt": ParticipantAPI.iso(start.addingTimeInterval(30 * 86_400)),
                       "endsAt": ParticipantAPI.iso(start.addingTimeInterval(30 * 86_400 + 3600))])
            #expect(lone.status == .created, "\(lone.text)")
            list = try await api.page("/m", cookie: session.cookie)
            rows = Self.rows(list.text)
            #expect(rows.map(\.session) == ["Session 1", "Session 1", "Session 1", "Session 2"],
                    "the lone meeting's series first (latest), its one session only: \(rows.map(\.row))")
            #expect(rows.first?.row.contains(">No form yet<") == true && rows.first?.row.contains(">–<") == true, "\(rows)")
            #expect(rows.count == 4 && rows[3].row.contains(">Open<") && rows[3].row.contains("<td class=\"number\">1</td>"), "\(rows)")
            #expect(rows.count == 4 && rows[2].row.contains(">Closed<") && rows[2].row.contains("<td class=\"number\">2</td>"), "\(rows)")
            #expect(list.text.contains("<th scope=\"col\" class=\"number\">Responses</th>"))

            // Korean words for the states.
            let korean = try await api.page("/m", language: "ko", cookie: session.cookie)
            #expect(korean.text.contains(">마감<") && korean.text.contains(">진행 중<") && korean.text.contains(">아직 설문 없음<"))
        }
    }

    @Test func aRemovedResponseIsNotCounted() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            var ids: [String] = []
            for _ in 0..<3 {
                let reply = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers()])
                ids.append(try #require(reply.string("responseId") ?? reply.string("id"), "\(reply.text)"))
            }
            let removed = try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)/responses/\(ids[0])", token: fixture.hostToken)
            #expect(removed.status == .noContent, "\(removed.status) \(removed.text)")
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let rows = Self.rows(try await api.page("/m", cookie: session.cookie).text)
            let report = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken).json)
            let responses = try #require((report["summary"] as? [String: Any])?["responses"] as? Int)
            #expect(responses == 2)
            #expect(rows.first?.row.contains("<td class=\"number\">\(responses)</td>") == true, "as the dashboard: \(rows)")
        }
    }
}
