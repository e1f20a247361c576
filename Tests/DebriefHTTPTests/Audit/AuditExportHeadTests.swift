@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import Testing

/// A `HEAD` on an export sends no byte of it, so it reads nothing and the read record gets no row
/// (``ExportDelivery``, the one place an export is recorded, a team's too); the `GET` beside it gets
/// exactly one.
@Suite("The read record: a HEAD on an export is no read")
struct AuditExportHeadTests {
    @Test func aHeadOnAnyExportRecordsNothingAndItsGetOneRow() async throws {
        try await AuditWorld.run { world in
            let fixture = try await world.api.publish()
            #expect(try await world.api.submit(fixture.code, ["answers": ParticipantAPI.answers()]).status == .created)
            let team = try await world.send(.post, "/v1/teams", token: fixture.hostToken, json: ["name": "Board"])
            let teamID = try #require(team.string("id"), "\(team.text)")
            for path in [
                "/v1/teams/\(teamID)/export.csv",
                "/v1/meetings/\(fixture.meetingID)/export.csv?layout=answers",
                "/v1/meetings/\(fixture.meetingID)/export.xlsx",
                "/v1/series/\(fixture.seriesID)/export.csv?layout=summary",
                "/v1/series/\(fixture.seriesID)/export.xlsx",
            ] {
                try await world.appendsNothing("HEAD \(path)") {
                    let head = try await world.send(.head, path, token: fixture.hostToken)
                    #expect(head.status == .ok, "HEAD \(path)")
                    #expect(head.body.isEmpty)
                    #expect(head.headers[.contentDisposition]?.hasPrefix("attachment") == true, "the GET's headers")
                }
                let row = try await world.appended("GET \(path)") {
                    let get = try await world.send(.get, path, token: fixture.hostToken)
                    #expect(get.status == .ok, "GET \(path)")
                }
                #expect(row?.kind == "export")
            }
        }
    }
}
