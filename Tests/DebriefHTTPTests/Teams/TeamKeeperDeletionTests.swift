import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Deleting the account that keeps a team's series (SQL/0085, decision 96) against the real
/// database: the team's series, their answers and their results stay, kept by the team's
/// longest-standing admin (else editor) whose calendar takes the sessions; when nobody can keep
/// them the deletion is refused and deletes nothing. A person's own series still go with them.
@Suite("A team's series outlive their keeper")
struct TeamKeeperDeletionTests {
    typealias Host = SeriesSharingTests.Host

    @Test func theKeepersTeamSeriesPassToTheLongestStandingAdminAndKeepTheirAnswers() async throws {
        try await ParticipantAPI.run { api, database in
            let founder = try await SeriesSharingTests.host(api)
            let senior = try await SeriesSharingTests.host(api)
            let editor = try await SeriesSharingTests.host(api)
            let keeper = try await SeriesSharingTests.host(api)
            let team = try await TeamsTests.createTeam(api, founder)
            try await TeamsTests.add(api, team, founder, senior, "admin")
            try await TeamsTests.add(api, team, founder, editor, "editor")
            try await TeamsTests.add(api, team, founder, keeper, "viewer")
            // The senior admin joined before the founder (an import, say); the editor before both.
            try await Self.joined(database, team, senior, daysAgo: 2)
            try await Self.joined(database, team, editor, daysAgo: 3)
            let teams = try await TeamExportTests.series(api, keeper, title: "Design sync", hoursAgo: 2, threshold: 2, ratings: [4, 5, 3])
            let own = try await TeamExportTests.series(api, keeper, title: "My 1:1", hoursAgo: 30, threshold: 1, ratings: [2])
            try await TeamsTests.moveIntoTeam(api, teams, team, offeredBy: keeper, acceptedBy: founder)
            let summary = try await Self.summary(api, teams, founder)
            #expect(try await Self.responses(database, teams) == 3)

            #expect(try await database.execute("DELETE FROM accounts WHERE id = \(keeper.id)::uuid") == 1)

            #expect(try await Self.keepers(database, teams) == [senior.id.lowercased()], "the series and its session: the senior admin")
            #expect(try await Self.responses(database, teams) == 3, "every answer stays")
            #expect(try await Self.summary(api, teams, founder) == summary, "the results are what they were")
            let listed = try await api.send(.get, "/v1/teams/\(team)/series", token: editor.token).json?["items"] as? [[String: Any]]
            #expect(listed?.map { $0["seriesId"] as? String } == [teams], "still the team's")
            let seniorRole = try await api.send(.get, "/v1/series/\(teams)/shares", token: senior.token)
            #expect(seniorRole.status == .ok, "the new keeper manages it as the team's admin: \(seniorRole.text.prefix(200))")
            #expect(try await Self.keepers(database, own).isEmpty, "a person's own series still goes with their account")
            #expect(try await Self.responses(database, own) == 0)
        }
    }

    @Test func nobodyWhoCanKeepThemRefusesTheDeletionUntilSomeoneCan() async throws {
        try await ParticipantAPI.run { api, database in
            let founder = try await SeriesSharingTests.host(api)
            let viewer = try await SeriesSharingTests.host(api)
            let keeper = try await SeriesSharingTests.host(api)
            let team = try await TeamsTests.createTeam(api, founder)
            try await TeamsTests.add(api, team, founder, viewer, "viewer")
            try await TeamsTests.add(api, team, founder, keeper, "viewer")
            let teams = try await TeamExportTests.series(api, keeper, title: "Design sync", hoursAgo: 2, threshold: 2, ratings: [4, 5])
            let own = try await TeamExportTests.series(api, keeper, title: "My 1:1", hoursAgo: 30, threshold: 1, ratings: [2])
            try await TeamsTests.moveIntoTeam(api, teams, team, offeredBy: keeper, acceptedBy: founder)
            // The only admin is in another meeting at the session's time; a viewer may not keep it.
            let session = try await database.query(
                "SELECT starts_at, ends_at FROM meetings WHERE series_id = \(teams)::uuid").single()
            let clash = try await api.send(
                .post, "/v1/meetings", token: founder.token,
                json: ["title": "Board", "startsAt": ParticipantAPI.iso(try session.decode("starts_at", as: Date.self)),
                       "endsAt": ParticipantAPI.iso(try session.decode("ends_at", as: Date.self))])
            try #require(clash.status == .created, "\(clash.text)")

            let refusal = await #expect(throws: PQError.self) {
                try await database.execute("DELETE FROM accounts WHERE id = \(keeper.id)::uuid")
            }
            #expect(refusal?.sqlState == "23001", "restrict_violation: \(String(describing: refusal))")
            #expect(refusal?.message.contains("Platform 플랫폼") == true, "names the team: \(refusal?.message ?? "")")
            #expect(refusal?.message.contains(team.lowercased()) == true)
            let stillThere: Int = try await database.query(
                "SELECT count(*)::int AS n FROM accounts WHERE id = \(keeper.id)::uuid").single().decode("n")
            #expect(stillThere == 1, "nothing is deleted")
            #expect(try await Self.keepers(database, teams) == [keeper.id.lowercased()])
            #expect(try await Self.responses(database, teams) == 2)
            #expect(try await Self.responses(database, own) == 1, "not even the person's own series")

            // An editor whose calendar is free: the admin is passed over, the editor keeps it.
            let editor = try await SeriesSharingTests.host(api)
            try await TeamsTests.add(api, team, founder, editor, "editor")
            #expect(try await database.execute("DELETE FROM accounts WHERE id = \(keeper.id)::uuid") == 1)
            #expect(try await Self.keepers(database, teams) == [editor.id.lowercased()])
            #expect(try await Self.responses(database, teams) == 2)
            #expect(try await Self.responses(database, own) == 0)
        }
    }

    // MARK: - Helpers

    static func joined(_ database: Database, _ team: String, _ member: Host, daysAgo: Int) async throws {
        try await database.execute(
            """
            UPDATE team_members SET created_at = now() - make_interval(days => \(daysAgo))
            WHERE team_id = \(team)::uuid AND account_id = \(member.id)::uuid
            """)
    }

    /// The distinct hosts of the series and of its sessions; empty when the series is gone.
    static func keepers(_ database: Database, _ series: String) async throws -> Set<String> {
        let rows = try await database.query(
            """
            SELECT host_id::text AS host FROM meeting_series WHERE id = \(series)::uuid
            UNION SELECT host_id::text FROM meetings WHERE series_id = \(series)::uuid
            """)
        return Set(try rows.map { try $0.decode("host", as: String.self) })
    }

    static func responses(_ database: Database, _ series: String) async throws -> Int {
        try await database.query(
            """
            SELECT count(*)::int AS n FROM responses r JOIN forms f ON f.id = r.form_id
            JOIN meetings m ON m.id = f.meeting_id WHERE m.series_id = \(series)::uuid
            """).single().decode("n")
    }

    /// The series' summary export as its reader gets it: the results under k.
    static func summary(_ api: ParticipantAPI, _ series: String, _ reader: Host) async throws -> [String] {
        let reply = try await api.send(.get, "/v1/series/\(series)/export.csv?layout=summary", token: reader.token)
        try #require(reply.status == .ok, "\(reply.text)")
        return try await TeamExportTests.lines(reply.body).rows
    }
}
