@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The dashboard's navigation (issue 32 items 16 and 17): the frequent actions as buttons, the
/// rest grouped under "More for this meeting" (a `<details>`, no script), each link working, and
/// what the reader's role may not do left out.
@Suite("Pages: the dashboard's grouped navigation")
struct DashboardNavigationTests {
    /// The `href`s inside `<nav class="meeting-nav" …>…</nav>`, in order, with their `class`.
    static func links(_ html: String) -> [(href: String, isButton: Bool)] {
        let nav = html.components(separatedBy: "<nav class=\"meeting-nav\"").dropFirst().first?.components(separatedBy: "</nav>").first ?? ""
        return nav.components(separatedBy: "<a ").dropFirst().compactMap { tag in
            guard let range = tag.range(of: "href=\"") else { return nil }
            let href = tag[range.upperBound...].prefix { $0 != "\"" }
            return (String(href), tag.hasPrefix("class=\"button"))
        }
    }

    @Test func theOwnerSeesButtonsAndGroupedLinksThatEachWork() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let base = "/m/\(fixture.meetingID)"
            let dashboard = try await api.page(base, cookie: session.cookie)
            #expect(dashboard.status == .ok)
            let links = Self.links(dashboard.text)
            #expect(links.filter(\.isButton).map(\.href) == [base + "/form", base + "/next", base + "/trends", base + "/present", base + "/report"], "\(links)")
            #expect(
                Set(links.filter { !$0.isButton }.map(\.href))
                    == Set(["/responses", "/roster", "/sharing", "/edit", "/calendar", "/sheet", "/delete"].map { base + $0 })
                    .union(["/series/\(fixture.seriesID)/settings"]), "\(links)")
            // The rest sit in a <details> (opens without script), in two labelled groups.
            let more = dashboard.text.components(separatedBy: "<details class=\"meeting-more\">").dropFirst().first ?? ""
            #expect(more.hasPrefix("\n<summary>More for this meeting</summary>"), "\(more.prefix(200))")
            #expect(more.contains("<ul aria-labelledby=\"nav-people\">") && more.contains("<ul aria-labelledby=\"nav-meeting\">"))
            #expect(dashboard.text.contains("<p class=\"breadcrumb\"><a href=\"/m\">All meetings</a></p>"))
            // The old row of ten text links is gone.
            #expect(!dashboard.text.contains("<p class=\"actions\"><a href=\"/m\">"))
            for link in links + [("/m", false)] {
                let page = try await api.page(link.href, cookie: session.cookie)
                #expect(page.status == .ok, "\(link.href): \(page.status)")
            }
            let korean = try await api.page(base, language: "ko", cookie: session.cookie)
            #expect(korean.text.contains("<summary>이 회의 더 보기</summary>") && korean.text.contains(">설문 수정</a>"))
        }
    }

    @Test func aViewerCoHostGetsOnlyWhatTheyMayOpen() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let viewer = try await api.signUp()
            let share = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken, json: ["email": viewer, "role": "viewer"])
            try #require(share.status == .accepted, "\(share.text)")
            let session = try #require(try await api.signIn(email: viewer).1)
            let base = "/m/\(fixture.meetingID)"
            let links = Self.links(try await api.page(base, cookie: session.cookie).text)
            #expect(links.filter(\.isButton).map(\.href) == [base + "/trends", base + "/present", base + "/report"], "\(links)")
            #expect(Set(links.filter { !$0.isButton }.map(\.href)) == Set(["/roster", "/sharing", "/calendar"].map { base + $0 }), "\(links)")
            for link in links {
                #expect(try await api.page(link.href, cookie: session.cookie).status == .ok, "\(link.href)")
            }
        }
    }
}
