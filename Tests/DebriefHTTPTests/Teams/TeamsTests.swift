@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Teams that own series (docs/decisions/0090-teams-own-series.md), through the API against the
/// real database: the team's own rules (proven addresses, roles, the last admin), what each
/// member may do on the team's series and its sessions, and moving a series into and out of a
/// team. The authorization matrix checks every team route × caller; these follow whole stories.
@Suite("Teams own series")
struct TeamsTests {
    typealias Host = SeriesSharingTests.Host

    @Test func aTeamKeepsAnAdminAndAddsOnlyProvenAddresses() async throws {
        try await ParticipantAPI.run { api, _ in
            let admin = try await SeriesSharingTests.host(api)
            let team = try await Self.createTeam(api, admin)
            let unproven = try await api.signUp(proven: false)
            let added = try await api.send(.post, "/v1/teams/\(team)/members", token: admin.token, json: ["email": unproven, "role": "editor"])
            let missing = try await api.send(
                .post, "/v1/teams/\(team)/members", token: admin.token, json: ["email": "nobody@example.com", "role": "editor"])
            #expect(added.status == .accepted && missing.status == .accepted, "answered alike")
            #expect(try await Self.members(api, team, admin) == [admin.email: "admin"], "an unproven address is no member")

            let blank = try await api.send(.post, "/v1/teams", token: admin.token, json: ["name": "  "])
            #expect(blank.status == .unprocessableContent && blank.problemPaths.first?.hasPrefix("name") == true, "\(blank.text)")
            let badRole = try await api.send(.post, "/v1/teams/\(team)/members", token: admin.token, json: ["email": admin.email, "role": "owner"])
            #expect(badRole.problemPaths.first?.hasPrefix("role") == true, "\(badRole.text)")

            // The last admin can be neither demoted nor removed, nor leave.
            let demoted = try await api.send(.patch, "/v1/teams/\(team)/members/\(admin.id)", token: admin.token, json: ["role": "editor"])
            #expect(demoted.status == .unprocessableContent && demoted.problemPaths.first?.hasPrefix("role") == true, "\(demoted.text)")
            let left = try await api.send(.delete, "/v1/teams/\(team)/members/\(admin.id)", token: admin.token)
            #expect(left.status == .conflict, "\(left.text)")

            // With a second admin, the first may step down, and an editor may leave on their own.
            let second = try await SeriesSharingTests.host(api)
            let editor = try await SeriesSharingTests.host(api)
            try await Self.add(api, team, admin, second, "admin")
            try await Self.add(api, team, admin, editor, "editor")
            #expect(try await api.send(.patch, "/v1/teams/\(team)/members/\(admin.id)", token: admin.token, json: ["role": "viewer"]).status == .ok)
            #expect(try await Self.members(api, team, second) == [admin.email: "viewer", second.email: "admin", editor.email: "editor"])
            let asViewer = try await api.send(.post, "/v1/teams/\(team)/members", token: admin.token, json: ["email": editor.email, "role": "admin"])
            #expect(asViewer.status == .forbidden, "a viewer adds no one")
            #expect(try await api.send(.delete, "/v1/teams/\(team)/members/\(editor.id)", token: editor.token).status == .noContent)
            #expect(try await api.send(.get, "/v1/teams/\(team)", token: editor.token).status == .notFound, "gone: the team is a secret again")
            let mine = try await api.send(.get, "/v1/teams", token: second.token).json?["items"] as? [[String: Any]]
            #expect(mine?.map { $0["role"] as? String } == ["admin"])
        }
    }

    @Test func membersHaveTheirRoleOnTheTeamsSeriesAndTheKeeperNone() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let owner = Host(email: "", token: fixture.hostToken, id: try await SeriesSharingTests.me(api, fixture.hostToken))
            // A member is added by a proven address (decision 54): an admin vouches for the owner's.
            _ = try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE id = \(try #require(UUID(uuidString: owner.id)))")
            let admin = try await SeriesSharingTests.host(api)
            let editor = try await SeriesSharingTests.host(api)
            let viewer = try await SeriesSharingTests.host(api)
            let outsider = try await SeriesSharingTests.host(api)
            let team = try await Self.createTeam(api, admin)
            try await Self.add(api, team, admin, editor, "editor")
            try await Self.add(api, team, admin, viewer, "viewer")
            // The owner is no member: the team is no place to offer to.
            let refused = try await api.send(.post, "/v1/series/\(fixture.seriesID)/transfer-to-team", token: owner.token, json: ["teamId": team])
            #expect(refused.problemPaths.first?.hasPrefix("teamId") == true, "\(refused.text)")
            try await Self.add(api, team, admin, Host(email: try await Self.email(api, owner), token: owner.token, id: owner.id), "viewer")
            try await Self.moveIntoTeam(api, fixture.seriesID, team, offeredBy: owner, acceptedBy: admin)

            for (who, host, role) in [("admin", admin, "owner"), ("editor", editor, "editor"), ("viewer", viewer, "viewer"), ("previous owner", owner, "editor")] {
                let meeting = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: host.token)
                #expect(meeting.string("role") == role, "\(who): \(meeting.text.prefix(200))")
                #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: host.token).status == .ok, "\(who) reads")
                let listed = try await api.send(.get, "/v1/meetings", token: host.token).json?["items"] as? [[String: Any]]
                #expect(listed?.contains { $0["id"] as? String == fixture.meetingID } == true, "\(who) lists the session")
            }
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: outsider.token).status == .notFound)
            // Edit: the editor may, the viewer may not; manage: the admin alone.
            let renamed = try await api.send(.patch, "/v1/meetings/\(fixture.meetingID)", token: editor.token, json: ["title": "Team retro"])
            #expect(renamed.status == .ok, "\(renamed.text)")
            #expect(try await api.send(.patch, "/v1/meetings/\(fixture.meetingID)", token: viewer.token, json: ["title": "No"]).status == .forbidden)
            let share = ["email": outsider.email, "role": "viewer"]
            #expect(try await api.send(.post, "/v1/series/\(fixture.seriesID)/shares", token: editor.token, json: share).status == .forbidden)
            #expect(try await api.send(.post, "/v1/series/\(fixture.seriesID)/shares", token: admin.token, json: share).status == .accepted)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: outsider.token).status == .ok, "shared by the team's admin")
            let series = try await api.send(.get, "/v1/teams/\(team)/series", token: viewer.token).json?["items"] as? [[String: Any]]
            #expect(series?.map { $0["seriesId"] as? String } == [fixture.seriesID], "the team's series, for any member")
            #expect(series?.first?["title"] as? String == "Team retro")

            // A member removed is refused at the next request.
            #expect(try await api.send(.delete, "/v1/teams/\(team)/members/\(viewer.id)", token: admin.token).status == .noContent)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: viewer.token).status == .notFound)
        }
    }

    @Test func aSeriesLeavesTheTeamToAPersonWhoAccepts() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let owner = Host(email: "", token: fixture.hostToken, id: try await SeriesSharingTests.me(api, fixture.hostToken))
            // A member is added by a proven address (decision 54): an admin vouches for the owner's.
            _ = try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE id = \(try #require(UUID(uuidString: owner.id)))")
            let admin = try await SeriesSharingTests.host(api)
            let editor = try await SeriesSharingTests.host(api)
            let heir = try await SeriesSharingTests.host(api)
            let team = try await Self.createTeam(api, admin)
            try await Self.add(api, team, admin, Host(email: try await Self.email(api, owner), token: owner.token, id: owner.id), "viewer")
            try await Self.add(api, team, admin, editor, "editor")
            try await Self.moveIntoTeam(api, fixture.seriesID, team, offeredBy: owner, acceptedBy: admin)
            #expect(try await api.send(.post, "/v1/series/\(fixture.seriesID)/transfer", token: editor.token, json: ["email": heir.email]).status == .forbidden)
            let offered = try await api.send(.post, "/v1/series/\(fixture.seriesID)/transfer", token: admin.token, json: ["email": heir.email])
            #expect(offered.status == .accepted, "\(offered.text)")
            let offers = try await api.send(.get, "/v1/transfers", token: heir.token).json?["transfers"] as? [[String: Any]]
            let offer = try #require(offers?.first?["id"] as? String, "the heir sees the offer")
            #expect(offers?.first?["team"] == nil, "an offer to a person names no team")
            let accepted = try await api.send(.post, "/v1/transfers/\(offer)/accept", token: heir.token)
            #expect(accepted.status == .ok, "\(accepted.text)")
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: heir.token).string("role") == "owner")
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: admin.token).string("role") == "editor",
                    "the admin who offered it keeps an editor share")
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: editor.token).status == .notFound, "the team's tie is gone")
            let series = try await api.send(.get, "/v1/teams/\(team)/series", token: admin.token).json?["items"] as? [[String: Any]]
            #expect(series?.isEmpty == true)
        }
    }

    // MARK: - Helpers

    static func createTeam(_ api: ParticipantAPI, _ admin: Host) async throws -> String {
        let created = try await api.send(.post, "/v1/teams", token: admin.token, json: ["name": "Platform 플랫폼"])
        try #require(created.status == .created, "\(created.text)")
        #expect(created.string("role") == "admin")
        return try #require(created.string("id"))
    }

    static func add(_ api: ParticipantAPI, _ team: String, _ admin: Host, _ member: Host, _ role: String) async throws {
        let added = try await api.send(.post, "/v1/teams/\(team)/members", token: admin.token, json: ["email": member.email, "role": role])
        try #require(added.status == .accepted, "\(added.text)")
    }

    static func members(_ api: ParticipantAPI, _ team: String, _ reader: Host) async throws -> [String: String] {
        let items = try #require(try await api.send(.get, "/v1/teams/\(team)/members", token: reader.token).json?["items"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: items.compactMap { row in
            (row["email"] as? String).flatMap { email in (row["role"] as? String).map { (email, $0) } }
        })
    }

    static func email(_ api: ParticipantAPI, _ host: Host) async throws -> String {
        try #require(try await api.send(.get, "/v1/me", token: host.token).string("email"))
    }

    /// The owner offers the series to the team; the team's admin finds the offer among theirs and accepts it.
    static func moveIntoTeam(_ api: ParticipantAPI, _ series: String, _ team: String, offeredBy owner: Host, acceptedBy admin: Host) async throws {
        let offered = try await api.send(.post, "/v1/series/\(series)/transfer-to-team", token: owner.token, json: ["teamId": team])
        try #require(offered.status == .accepted, "\(offered.text)")
        let offers = try #require(try await api.send(.get, "/v1/transfers", token: admin.token).json?["transfers"] as? [[String: Any]])
        let offer = try #require(offers.first { ($0["team"] as? [String: Any])?["id"] as? String == team }, "the team's admin sees the offer")
        let accepted = try await api.send(.post, "/v1/transfers/\(try #require(offer["id"] as? String))/accept", token: admin.token)
        try #require(accepted.status == .ok, "\(accepted.text)")
    }
}
