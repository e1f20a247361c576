@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// A team's read record (docs/decisions/0097-a-teams-read-record.md), through the API against the
/// real database: the team's admins read the rows that name the team and those of every series the
/// team owns now (its history from before it joined included), and no other series'; an editor
/// gets 403, an outsider 404; a series that leaves the team takes its rows along; the CSV holds the
/// rows the JSON lists.
@Suite("The read record: a team's rows")
struct TeamAuditTests {
    typealias Host = SeriesSharingTests.Host

    /// A team whose admin accepted the owner's series, with an editor; the series was exported once
    /// before it joined, and another host's series once.
    struct Story {
        let fixture: PublishedFixture
        let other: PublishedFixture
        let team: String
        let owner: Host
        let admin: Host
        let editor: Host
    }

    static func story(_ world: AuditWorld) async throws -> Story {
        let api = world.api
        let fixture = try await api.publish()
        let other = try await api.publish()
        let owner = Host(email: "", token: fixture.hostToken, id: try await SeriesSharingTests.me(api, fixture.hostToken))
        // A member is added by a proven address (decision 54): an admin vouches for the owner's.
        _ = try await world.database.execute("UPDATE accounts SET email_verified_at = now() WHERE id = \(try #require(UUID(uuidString: owner.id)))")
        let ownerWithEmail = Host(email: try await TeamsTests.email(api, owner), token: owner.token, id: owner.id)
        let admin = try await SeriesSharingTests.host(api)
        let editor = try await SeriesSharingTests.host(api)
        let team = try await TeamsTests.createTeam(api, admin)
        try await TeamsTests.add(api, team, admin, ownerWithEmail, "viewer")
        try await TeamsTests.add(api, team, admin, editor, "viewer")
        // Before the series joins: its owner's export, and the other host's of their own series.
        #expect(try await world.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv", token: fixture.hostToken).status == .ok)
        #expect(try await world.send(.get, "/v1/series/\(other.seriesID)/export.csv", token: other.hostToken).status == .ok)
        try await TeamsTests.moveIntoTeam(api, fixture.seriesID, team, offeredBy: owner, acceptedBy: admin)
        // A team-level role change and a team export: rows that name the team, not a series.
        let promoted = try await world.send(.patch, "/v1/teams/\(team)/members/\(editor.id)", token: admin.token, json: ["role": "editor"])
        #expect(promoted.status == .ok, "\(promoted.text)")
        #expect(try await world.send(.get, "/v1/teams/\(team)/export.csv", token: editor.token).status == .ok)
        return Story(fixture: fixture, other: other, team: team, owner: owner, admin: admin, editor: editor)
    }

    @Test func aTeamsAdminReadsTheTeamsRowsAndNoOthers() async throws {
        try await AuditWorld.run { world in
            let story = try await Self.story(world)
            let items = try await Self.items(world, story.team, token: story.admin.token)
            let team = try #require(UUID(uuidString: story.team))
            let series = try #require(UUID(uuidString: story.fixture.seriesID))
            let meeting = try #require(UUID(uuidString: story.fixture.meetingID))
            let editor = try #require(UUID(uuidString: story.editor.id))

            let teamRows = items.filter { $0.teamId == team }
            #expect(Set(teamRows.map(\.kind)) == ["role.changed", "export"], "the role change and the team export name the team: \(teamRows)")
            #expect(teamRows.allSatisfy { $0.seriesId == nil })
            let export = try #require(teamRows.first { $0.kind == "export" })
            #expect(export.accountId == editor && export.detail == "csv summary team=\(story.team.lowercased())")
            #expect(export.clientAddress == AuditWorld.client)
            let role = try #require(teamRows.first { $0.kind == "role.changed" })
            #expect(role.detail == "team \(story.team.lowercased()): member \(story.editor.id.lowercased()) is editor")

            let seriesRows = items.filter { $0.teamId == nil }
            #expect(seriesRows.allSatisfy { $0.seriesId == series }, "every other row is the team's series': \(seriesRows)")
            #expect(seriesRows.contains { $0.kind == "export" && $0.meetingId == meeting }, "the export from before the series joined came with it")
            #expect(seriesRows.contains { $0.kind == "transfer.accepted" })
            #expect(items.allSatisfy { $0.seriesId.map { $0.uuidString } != story.other.seriesID.uppercased() }, "no other series' row")

            // Installation admins read the same rows; the filters narrow them as /v1/audit's do.
            let installation = try await world.admin()
            #expect(try await Self.items(world, story.team, token: installation.token) == items)
            let bySeries = try await Self.items(world, story.team, token: story.admin.token, query: "series=\(story.fixture.seriesID)")
            #expect(bySeries == seriesRows)
            let page = try await world.send(.get, "/v1/teams/\(story.team)/audit?limit=1", token: story.admin.token)
            let cursor = try #require(page.string("nextCursor"), "\(page.text)")
            let next = try await Self.items(world, story.team, token: story.admin.token, query: "cursor=\(cursor)")
            #expect(next == Array(items.dropFirst()), "the cursor pages through the team's rows")
        }
    }

    @Test func anEditorIsRefusedAndAnOutsiderFindsNoTeam() async throws {
        try await AuditWorld.run { world in
            let story = try await Self.story(world)
            let outsider = try await SeriesSharingTests.host(world.api)
            for path in ["/v1/teams/\(story.team)/audit", "/v1/teams/\(story.team)/audit.csv", "/v1/teams/\(story.team)/audit?since=yesterday"] {
                for method in [HTTPRequest.Method.get, .head] {
                    #expect(try await world.send(method, path, token: story.editor.token).status == .forbidden, "an editor's \(method) \(path)")
                    #expect(try await world.send(method, path, token: story.owner.token).status == .forbidden, "a viewer's \(method) \(path)")
                    #expect(try await world.send(method, path, token: outsider.token).status == .notFound, "an outsider's \(method) \(path)")
                    #expect(try await world.send(method, path).status == .unauthorized, "\(method) \(path) without a token")
                    let head = try await world.send(method, path.replacingOccurrences(of: "?since=yesterday", with: ""), token: story.admin.token)
                    #expect(head.status == .ok, "the admin's \(method) \(path)")
                    if method == .head { #expect(head.body.isEmpty) }
                }
            }
            let unknown = try await world.send(.get, "/v1/teams/\(UUID())/audit", token: story.admin.token)
            #expect(unknown.status == .notFound, "an unknown team is as an outsider's")
            let bad = try await world.send(.get, "/v1/teams/\(story.team)/audit?series=nope&cursor=x", token: story.admin.token)
            #expect(bad.status.code == 422 && bad.problemPaths.first?.hasPrefix("series") == true, "\(bad.text)")
        }
    }

    @Test func aSeriesThatLeavesTheTeamTakesItsRows() async throws {
        try await AuditWorld.run { world in
            let story = try await Self.story(world)
            let team = try #require(UUID(uuidString: story.team))
            let series = try #require(UUID(uuidString: story.fixture.seriesID))
            #expect(try await Self.items(world, story.team, token: story.admin.token).contains { $0.seriesId == series })

            let heir = try await SeriesSharingTests.host(world.api)
            let offered = try await world.send(.post, "/v1/series/\(story.fixture.seriesID)/transfer", token: story.admin.token, json: ["email": heir.email])
            #expect(offered.status == .accepted, "\(offered.text)")
            let offers = try #require(try await world.send(.get, "/v1/transfers", token: heir.token).json?["transfers"] as? [[String: Any]])
            let offer = try #require(offers.first?["id"] as? String)
            #expect(try await world.send(.post, "/v1/transfers/\(offer)/accept", token: heir.token).status == .ok)

            let after = try await Self.items(world, story.team, token: story.admin.token)
            #expect(after.allSatisfy { $0.seriesId == nil && $0.teamId == team }, "only the rows about the team itself stay: \(after)")
            #expect(Set(after.map(\.kind)) == ["role.changed", "export"])
            let all = try await world.rows()
            #expect(all.filter { $0.seriesId == series }.count >= 3, "the series' rows are kept, on the heir's side now")
        }
    }

    @Test func theCSVHoldsTheRowsTheJSONLists() async throws {
        try await AuditWorld.run { world in
            let story = try await Self.story(world)
            let items = try await Self.items(world, story.team, token: story.admin.token)
            let csv = try await world.send(.get, "/v1/teams/\(story.team)/audit.csv", token: story.admin.token)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"debrief-audit-team-\(story.team.lowercased()).csv\"")
            let rows = try await CSVParser.parse(csv.body)
            #expect(rows.first == AuditStore.csvColumns)
            let column = { (name: String) in try #require(AuditStore.csvColumns.firstIndex(of: name)) }
            let (kind, series, meeting, team, detail, account) = (
                try column("kind"), try column("series_id"), try column("meeting_id"), try column("team_id"), try column("detail"),
                try column("account_id")
            )
            let fromCSV = rows.dropFirst().map { [$0[kind], $0[series], $0[meeting], $0[team], $0[detail], $0[account]] }
            let fromJSON = items.reversed().map { entry in
                [entry.kind, Self.cell(entry.seriesId), Self.cell(entry.meetingId), Self.cell(entry.teamId), entry.detail, Self.cell(entry.accountId)]
            }
            #expect(fromCSV == fromJSON, "oldest first, the same rows")
            // Newest first: the team export, the role change, the series' arrival and its offer, its export from before.
            #expect(items.map(\.kind) == ["export", "role.changed", "transfer.accepted", "transfer.offered", "export"])
        }
    }

    // MARK: - Helpers

    /// The team's rows as `token` reads them (every page of at most 200), newest first.
    static func items(_ world: AuditWorld, _ team: String, token: String, query: String = "") async throws -> [AuditEntry] {
        let page = try await world.send(.get, "/v1/teams/\(team)/audit?limit=200&\(query)", token: token)
        try #require(page.status == .ok, "\(page.text)")
        #expect(page.string("nextCursor") == nil)
        struct Page: Decodable { var items: [AuditEntry] }
        return try JSONCoding.decoder.decode(Page.self, from: page.body).items
    }

    /// A UUID as the CSV writes it (lower case), or the empty cell.
    static func cell(_ id: UUID?) -> String { id.map { $0.uuidString.lowercased() } ?? "" }
}
