@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import Testing

/// Issue 68, goal 4: the trends page leaves planned sessions (not begun) out of its table and
/// charts, and says so under the table, in English and Korean, in the count's number.
@Suite("Pages: the trends page says planned sessions are not shown")
struct TrendsPlannedNoteTests {
    /// Plans a session `days` ahead after `meetingID`, with its form published early; nobody answers.
    static func plan(_ api: ParticipantAPI, after meetingID: String, days: Double, token: String) async throws -> String {
        let start = Date().addingTimeInterval(86_400 * days)
        let next = try await api.send(
            .post, "/v1/meetings/\(meetingID)/next", token: token,
            json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        let id = try #require(next.string("id"), "\(next.text)")
        #expect(try await api.send(.post, "/v1/meetings/\(id)/form/publish", token: token).status == .ok)
        return id
    }

    @Test func theLineCountsPlannedSessionsInEnglishAndKorean() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, session) = try await DashboardPageTests.meetingWithAnswers(api, count: 3)
            let path = "/m/\(fixture.meetingID)/trends"
            let none = try await api.page(path, cookie: session.cookie)
            #expect(none.status == .ok)
            #expect(!none.text.contains("planned session"), "no line when nothing is planned")
            #expect(!(try await api.page(path, language: "ko", cookie: session.cookie).text.contains("예정 회차")))

            let second = try await Self.plan(api, after: fixture.meetingID, days: 3, token: fixture.hostToken)
            let one = try await api.page(path, cookie: session.cookie).text
            #expect(one.contains("<p class=\"muted\">1 planned session is not shown: it has not begun.</p>"), "\(one)")
            #expect(!one.contains("Session 2"), "the planned session is in no row")

            _ = try await Self.plan(api, after: second, days: 10, token: fixture.hostToken)
            let many = try await api.page(path, cookie: session.cookie).text
            #expect(many.contains("<p class=\"muted\">2 planned sessions are not shown: they have not begun.</p>"))
            let korean = try await api.page(path, language: "ko", cookie: session.cookie).text
            #expect(korean.contains("<p class=\"muted\">아직 시작하지 않은 예정 회차 2개는 표시하지 않아요.</p>"))
        }
    }
}
