@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 68, goal 6 (decision 85) on the pages: a session's review lists every open action of
/// the series with how many sessions it has been open ("Open 2 sessions", "2개 세션째 진행 중"),
/// its buttons mark any of them as this review's, and the trends page has the series' one list
/// of open actions, which a viewer co-host does not see.
@Suite("Pages: open actions stay in every review; the series' open actions on the trends page")
struct ActionReviewPagesTests {
    /// The `<li>` of the action titled `title` in the section opened by `heading`, or nil.
    static func line(_ html: String, section heading: String, title: String) -> String? {
        guard let start = html.range(of: #"id="\#(heading)""#) else { return nil }
        let section = html[start.upperBound...].components(separatedBy: "</section>")[0]
        return section.components(separatedBy: #"<li class="action-line""#).dropFirst().first { $0.contains(title) }
    }

    @Test func theReviewShowsHowLongEachActionHasBeenOpenAndMarksAnyOfThem() async throws {
        try await ActionReviewCarryTests.run { world in
            let browser = try #require(try await world.api.signIn(email: world.email).1)
            world.clock.during(week: 1)
            let old = try await world.create("Shorter status round", at: 1)
            world.clock.during(week: 2)
            _ = try await world.create("Book the big room", at: 2)
            world.clock.during(week: 3)
            let third = "/m/\(world.sessions[2])"

            let page = try await world.api.page(third, cookie: browser.cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains("Actions to review"))
            let line = try #require(Self.line(page.text, section: "review-heading", title: "Shorter status round"), "decided two sessions ago")
            #expect(line.contains("Decided at session 1") && line.contains("<strong>Open 2 sessions</strong>"), "\(line)")
            let newer = try #require(Self.line(page.text, section: "review-heading", title: "Book the big room"))
            #expect(newer.contains("Open 1 session<") && newer.contains("Decided at session 2"), "\(newer)")
            let korean = try await world.api.page(third, language: "ko", cookie: browser.cookie)
            #expect(korean.text.contains("돌아볼 실행 항목"))
            #expect(try #require(Self.line(korean.text, section: "review-heading", title: "Shorter status round")).contains("2개 세션째 진행 중"))
            #expect(try #require(Self.line(korean.text, section: "review-heading", title: "Shorter status round")).contains("1회차 세션"))

            // Session 1's action, marked in session 3's review after session 3 ended: this review's.
            world.clock.instant.withLock { $0 = ActionReviewCarryTests.start(3).addingTimeInterval(2 * 86_400) }
            let reviewPath = third + "/review/\(old)"
            #expect(page.text.contains(#"action="\#(reviewPath)""#), "its buttons post to this session's page")
            let marked = try await world.api.post(reviewPath, [("csrf", browser.csrf), ("status", "done")], cookie: browser.cookie)
            #expect(marked.status == .seeOther && marked.headers[.location] == third + "?review=marked#review-heading", "\(marked.status)")
            #expect(try await world.review(3)["Shorter status round"]?.status == "done", "in the review that closed it")
            #expect(try await world.review(4)["Shorter status round"] == nil, "and not in the next")
            let after = try await world.api.page(third + "?review=marked", cookie: browser.cookie)
            let done = try #require(Self.line(after.text, section: "review-heading", title: "Shorter status round"))
            #expect(done.contains("Status: Done") && !done.contains("Open 2 sessions"), "\(done)")

            // An action the review does not list is not found: session 3's own, and one closed at 2.
            let own = try await world.create("Decided at three", at: 3)
            let wrong = try await world.api.post(
                third + "/review/\(own)", [("csrf", browser.csrf), ("status", "done")], cookie: browser.cookie)
            #expect(wrong.status == .notFound)
            let fourth = "/m/\(world.sessions[3])/review/\(old)"
            #expect(try await world.api.post(fourth, [("csrf", browser.csrf), ("status", "dropped")], cookie: browser.cookie).status == .notFound)
        }
    }

    @Test func theTrendsPageListsTheSeriesOpenActions() async throws {
        try await ActionReviewCarryTests.run { world in
            let browser = try #require(try await world.api.signIn(email: world.email).1)
            world.clock.during(week: 1)
            let gone = try await world.create("Try a new room", at: 1)
            _ = try await world.create("Shorter status round", at: 1)
            world.clock.during(week: 3)
            try await world.mark(gone, of: 1, "dropped")
            let trends = "/m/\(world.sessions[2])/trends"

            let page = try await world.api.page(trends, cookie: browser.cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains("Open actions of this series"))
            let line = try #require(Self.line(page.text, section: "open-actions-heading", title: "Shorter status round"))
            #expect(line.contains("Open 2 sessions") && line.contains("Decided at session 1"), "\(line)")
            #expect(Self.line(page.text, section: "open-actions-heading", title: "Try a new room") == nil, "a dropped action is not open")
            #expect(!line.contains("<form"), "marked in a review, not here")
            let korean = try await world.api.page(trends, language: "ko", cookie: browser.cookie)
            #expect(korean.text.contains("이 시리즈의 진행 중인 실행 항목") && korean.text.contains("2개 세션째 진행 중"))
            let head = try await world.api.send(.head, trends, headers: [.cookie: browser.cookie])
            #expect(head.status == .ok)

            // A viewer co-host sees the trends, not the actions.
            let viewer = try await world.api.signUp()
            let shared = try await world.api.send(
                .post, "/v1/series/\(world.series)/shares", token: world.token, json: ["email": viewer, "role": "viewer"])
            #expect(shared.status == .accepted, "\(shared.text)")
            let viewerSession = try #require(try await world.api.signIn(email: viewer).1)
            let viewed = try await world.api.page(trends, cookie: viewerSession.cookie)
            #expect(viewed.status == .ok)
            #expect(!viewed.text.contains("open-actions-heading") && !viewed.text.contains("Shorter status round"))
        }
    }
}
