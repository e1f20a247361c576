@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Offering a series to a team is recorded as a transfer to a person is (decision 91): one
/// `transfer.offered` row of the series, by the offering host from their client, naming the team
/// in its detail (a series' rows name no team in `team_id`, decision 97); a refused offer records
/// nothing.
@Suite("The read record: a series offered to a team")
struct TeamOfferAuditTests {
    typealias Host = SeriesSharingTests.Host

    @Test func anOfferToATeamAppendsOneRowNamingTheSeriesAndTheTeam() async throws {
        try await AuditWorld.run { world in
            let fixture = try await world.api.publish()
            let owner = Host(email: "", token: fixture.hostToken, id: try await SeriesSharingTests.me(world.api, fixture.hostToken))
            _ = try await world.database.execute(
                "UPDATE accounts SET email_verified_at = now() WHERE id = \(try #require(UUID(uuidString: owner.id)))")
            let member = Host(email: try await TeamsTests.email(world.api, owner), token: owner.token, id: owner.id)
            let admin = try await SeriesSharingTests.host(world.api)
            let team = try await TeamsTests.createTeam(world.api, admin)
            try await TeamsTests.add(world.api, team, admin, member, "viewer")

            try await world.appendsNothing("a refused offer") {
                let reply = try await world.send(
                    .post, "/v1/series/\(fixture.seriesID)/transfer-to-team", token: fixture.hostToken, json: ["teamId": "\(UUID())"])
                #expect(reply.status.code == 422 && reply.problemPaths.first?.hasPrefix("teamId:") == true, "\(reply.text)")
            }
            let offered = try await world.appended("an offer to a team") {
                let reply = try await world.send(
                    .post, "/v1/series/\(fixture.seriesID)/transfer-to-team", token: fixture.hostToken, json: ["teamId": team])
                #expect(reply.status == .accepted, "\(reply.text)")
            }
            #expect(offered?.kind == "transfer.offered")
            #expect(offered?.seriesId == UUID(uuidString: fixture.seriesID))
            #expect(offered?.teamId == nil, "a series' row names no team in team_id")
            #expect(offered?.detail == "team \(team.lowercased())")
            #expect(offered?.accountId == UUID(uuidString: owner.id))
            #expect(offered?.clientAddress == AuditWorld.client)
        }
    }
}
