@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The read record's pages (issue 70 goal 4): `/teams/{teamId}/audit` shows a team's admins who
/// read what in their team and nothing of another team's; `/admin/audit` shows installation admins
/// every row; both page with the API's cursor (a cursor it did not make is the 422 page naming
/// `cursor`), speak Korean, and leave who may read to ``AuditRecord``: a team's editor or viewer
/// gets the 403 page, an outsider the 404 page, anyone but an installation admin the 403 page for
/// every row, a visitor without a session the sign-in page.
@Suite("The read record: its pages")
struct AuditPagesTests {
    typealias Host = SeriesSharingTests.Host

    /// Another host's team, with one export of it: a row that names that team alone.
    static func otherTeam(_ world: AuditWorld) async throws -> (team: String, host: Host) {
        let host = try await SeriesSharingTests.host(world.api)
        let team = try await TeamsTests.createTeam(world.api, host)
        #expect(try await world.send(.get, "/v1/teams/\(team)/export.csv", token: host.token).status == .ok)
        return (team, host)
    }

    static func session(_ world: AuditWorld, _ email: String) async throws -> String {
        try #require(try await world.api.signIn(email: email).1).cookie
    }

    /// A time as a host's page in the host's zone (UTC until chosen) shows it.
    static func time(_ date: Date, _ language: Language) -> String {
        DateText.$hostZoneName.withValue("UTC") { DateText.dateTime(date, language) }
    }

    /// The address of the link with `id` on `page`, its `&amp;` read back.
    static func href(_ id: String, in page: String) -> String? {
        guard let end = page.range(of: "\" id=\"\(id)\"")?.lowerBound,
            let start = page[..<end].range(of: "<a href=\"", options: .backwards)?.upperBound
        else { return nil }
        return String(page[start..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func aTeamsAdminSeesWhoReadWhatInTheTeamAndNothingOfAnotherTeam() async throws {
        try await AuditWorld.run { world in
            let story = try await TeamAuditTests.story(world)
            let other = try await Self.otherTeam(world)
            let cookie = try await Self.session(world, story.admin.email)
            let path = "/teams/\(story.team)/audit"

            let teamPage = try await world.api.page("/teams/\(story.team)", cookie: cookie)
            #expect(teamPage.text.contains("href=\"\(path)\" id=\"audit-link\""), "the team page links the record for its admin")
            let page = try await world.api.page(path, cookie: cookie)
            #expect(page.status == .ok && page.isHTML, "\(page.status) \(page.text.prefix(2000))")
            // The editor's export of the team: who, what, the detail and where from, in one row.
            let team = story.team.lowercased()
            #expect(page.text.contains(
                "<th scope=\"row\" class=\"who\">\(story.editor.email)</th><td class=\"what\">Exported</td><td class=\"detail\">csv summary team=\(team)</td><td class=\"from\">\(AuditWorld.client) <span class=\"muted\">\(AuditWorld.agent)</span></td>"),
                "\(page.text)")
            #expect(page.text.contains("<td class=\"what\">Changed a role</td>") && page.text.contains("<td class=\"what\">Accepted a transfer</td>"))
            #expect(page.text.contains(Self.time(world.now, .en)), "the time as the host's pages show times")
            #expect(!page.text.contains(other.team.lowercased()) && !page.text.contains(other.host.email), "no row of another team")
            #expect(page.text.contains("Who read what: Platform 플랫폼"))
            #expect(Self.href("audit-older", in: page.text) == nil, "one page holds the story")

            // The CSV of the same rows, with the page's session.
            let csvHref = try #require(Self.href("audit-csv", in: page.text))
            #expect(csvHref == "/v1/teams/\(story.team)/audit.csv")
            let csv = try await world.api.page(csvHref, cookie: cookie)
            #expect(csv.status == .ok && csv.text.contains(story.editor.email) && !csv.text.contains(other.host.email))

            let head = try await world.api.send(.head, path, headers: [.cookie: cookie])
            #expect(head.status == .ok && head.body.isEmpty)

            let korean = try await world.api.page(path, language: "ko", cookie: cookie)
            #expect(korean.text.contains("열람 기록: Platform 플랫폼"), "\(korean.text.prefix(2000))")
            #expect(korean.text.contains("<td class=\"what\">내보내기</td>") && korean.text.contains("<td class=\"what\">역할 변경</td>"))
            #expect(korean.text.contains(Self.time(world.now, .ko)))

            // The API's filters: one series' rows, carried into the CSV link.
            let filtered = try await world.api.page(path + "?series=\(story.fixture.seriesID)", cookie: cookie)
            #expect(filtered.status == .ok && filtered.text.contains("id=\"audit-filtered\""))
            #expect(!filtered.text.contains("Changed a role") && filtered.text.contains("Accepted a transfer"), "the team's own rows are filtered out")
            #expect(Self.href("audit-csv", in: filtered.text) == "/v1/teams/\(story.team)/audit.csv?series=\(story.fixture.seriesID)")
        }
    }

    @Test func theAdminPageListsEveryRowForInstallationAdminsOnly() async throws {
        try await AuditWorld.run { world in
            let story = try await TeamAuditTests.story(world)
            let other = try await Self.otherTeam(world)
            let admin = try await world.admin()
            let email = try #require(try await world.api.send(.get, "/v1/me", token: admin.token).string("email"))
            let cookie = try await Self.session(world, email)

            #expect(try await world.api.page("/admin", cookie: cookie).text.contains("href=\"/admin/audit\""), "linked from the admin page")
            let page = try await world.api.page("/admin/audit", cookie: cookie)
            #expect(page.status == .ok && page.isHTML, "\(page.status) \(page.text.prefix(2000))")
            #expect(page.text.contains("csv summary team=\(story.team.lowercased())") && page.text.contains("csv summary team=\(other.team.lowercased())"))
            #expect(page.text.contains("<th scope=\"row\" class=\"who\">\(other.host.email)</th>"), "every team's rows")
            #expect(page.text.contains("<th scope=\"row\" class=\"who\">\(email)</th><td class=\"what\">An admin signed in</td>"))
            #expect(Self.href("audit-csv", in: page.text) == "/v1/audit.csv")
            #expect(try await world.api.send(.head, "/admin/audit", headers: [.cookie: cookie]).status == .ok)
            // An installation admin reads a team's page too, as the API's team record.
            #expect(try await world.api.page("/teams/\(story.team)/audit", cookie: cookie).status == .ok)

            // A team's admin is no installation admin.
            let teamAdmin = try await world.api.page("/admin/audit", cookie: try await Self.session(world, story.admin.email))
            #expect(teamAdmin.status == .forbidden && teamAdmin.isHTML)
            #expect(!teamAdmin.text.contains("csv summary"))
            let signedOut = try await world.api.page("/admin/audit")
            #expect(signedOut.status == .seeOther && signedOut.headers[.location]?.hasPrefix("/signin") == true)
        }
    }

    @Test func olderRowsFollowTheCursorAndABadCursorIsRefusedNamingIt() async throws {
        try await AuditWorld.run { world in
            let admin = try await SeriesSharingTests.host(world.api)
            let team = try await TeamsTests.createTeam(world.api, admin)
            let cookie = try await Self.session(world, admin.email)
            let path = "/teams/\(team)/audit"
            let empty = try await world.api.page(path, cookie: cookie)
            #expect(empty.status == .ok && empty.text.contains("id=\"audit-none\"") && !empty.text.contains("id=\"audit\""), "\(empty.text)")

            // One more row than a page holds, and two: the second page holds the oldest two.
            let count = AuditPagesController.pageSize + 2
            let store = AuditStore(database: world.database)
            let teamID = try #require(UUID(uuidString: team))
            let accountID = try #require(UUID(uuidString: admin.id))
            for index in 0..<count {
                let event = AuditEvent(.brandingChanged, team: teamID, detail: String(format: "row-%03d", index))
                try await store.append(event, account: accountID, origin: .unknown, at: world.now)
            }
            func details(_ text: String) -> [String] {
                text.matches(of: #/<td class="detail">(row-\d+)</td>/#).map { String($0.1) }
            }
            let first = try await world.api.page(path, cookie: cookie)
            #expect(details(first.text) == (2..<count).reversed().map { String(format: "row-%03d", $0) }, "newest first, a page of them")
            #expect(Self.href("audit-newest", in: first.text) == nil)
            let older = try #require(Self.href("audit-older", in: first.text), "\(first.text)")
            #expect(older.hasPrefix(path + "?cursor="))
            let second = try await world.api.page(older, cookie: cookie)
            #expect(second.status == .ok)
            #expect(details(second.text) == ["row-001", "row-000"])
            #expect(Self.href("audit-older", in: second.text) == nil, "the last page")
            #expect(Self.href("audit-newest", in: second.text) == path)

            // The filters ride along with the cursor.
            let since = "2000-01-01T00:00:00+09:00"
            let filtered = try await world.api.page(path + "?since=" + since.replacingOccurrences(of: "+", with: "%2B"), cookie: cookie)
            let filteredOlder = try #require(Self.href("audit-older", in: filtered.text))
            #expect(filteredOlder.hasPrefix(path + "?since=2000-01-01T00:00:00%2B09:00&cursor="), "\(filteredOlder)")
            #expect(details(try await world.api.page(filteredOlder, cookie: cookie).text) == ["row-001", "row-000"])

            for (query, field) in [("cursor=nope", "cursor"), ("cursor=-4", "cursor"), ("since=yesterday", "since"), ("series=x", "series")] {
                let refused = try await world.api.page(path + "?" + query, cookie: cookie)
                #expect(refused.status == .unprocessableContent && refused.isHTML, "\(query): \(refused.status)")
                #expect(refused.text.contains("<li><code>\(field)</code>: "), "\(query): \(refused.text)")
            }
        }
    }

    @Test func aTeamsEditorOrViewerIsRefusedAndAnOutsiderFindsNoTeam() async throws {
        try await AuditWorld.run { world in
            let story = try await TeamAuditTests.story(world)
            let outsider = try await SeriesSharingTests.host(world.api)
            let viewerEmail = try await TeamsTests.email(world.api, story.owner)
            let path = "/teams/\(story.team)/audit"

            let editor = try await Self.session(world, story.editor.email)
            #expect(!(try await world.api.page("/teams/\(story.team)", cookie: editor)).text.contains("audit-link"), "no link below admin")
            for (who, cookie) in [("editor", editor), ("viewer", try await Self.session(world, viewerEmail))] {
                let page = try await world.api.page(path, cookie: cookie)
                #expect(page.status == .forbidden && page.isHTML, "\(who): \(page.status)")
                #expect(!page.text.contains("csv summary"), "\(who) reads no row")
                // Who may read is decided before the query is read.
                #expect(try await world.api.page(path + "?cursor=nope", cookie: cookie).status == .forbidden)
                #expect(try await world.api.page("/admin/audit", cookie: cookie).status == .forbidden)
            }
            let outsiderCookie = try await Self.session(world, outsider.email)
            #expect(try await world.api.page(path, cookie: outsiderCookie).status == .notFound)
            #expect(try await world.api.page("/teams/\(UUID())/audit", cookie: outsiderCookie).status == .notFound)
            let signedOut = try await world.api.page(path)
            #expect(signedOut.status == .seeOther && signedOut.headers[.location]?.hasPrefix("/signin") == true)
        }
    }
}
