@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The team routes' rows (decision 90). In every world the owner made a team and is its admin;
/// the editor and viewer callers are its members in that role (besides their share of the
/// series), the other host is no member, the installation admin reads and manages it as an admin.
/// So `.series(.read)` and `.series(.manage)` state the team's rule too: any member reads, its
/// admins (and installation admins) change it, members below admin get 403, outsiders 404.
extension AuthorizationMatrixTests {
    static let teamRows: [String: Row] = [
        "GET /v1/teams": Row(access: .anyAccount, success: .ok),
        "POST /v1/teams": Row(access: .anyAccount, success: .created, body: { _, _ in ["name": "Platform"] }),
        "GET /v1/teams/{teamId}": Row(access: .series(.read), success: .ok),
        "PATCH /v1/teams/{teamId}": Row(access: .series(.manage), success: .ok, body: { _, _ in ["name": "Renamed"] }),
        "GET /v1/teams/{teamId}/members": Row(access: .series(.read), success: .ok),
        "POST /v1/teams/{teamId}/members": Row(
            access: .series(.manage), success: .accepted, body: { world, _ in ["email": world.bystanderEmail, "role": "viewer"] }),
        // `{accountId}` is the bystander, made a viewer of the team first.
        "PATCH /v1/teams/{teamId}/members/{accountId}": Row(
            access: .series(.manage), success: .ok, body: { _, _ in ["role": "editor"] }, prepare: Self.addBystander),
        "DELETE /v1/teams/{teamId}/members/{accountId}": Row(access: .series(.manage), success: .noContent, prepare: Self.addBystander),
        "GET /v1/teams/{teamId}/series": Row(access: .series(.read), success: .ok),
        "GET /v1/teams/{teamId}/overview": Row(access: .series(.read), success: .ok),
        // The team pages know only their session cookie, as every host page: a bearer token, even
        // an admin's, is sent to sign in (TeamPagesTests and Tests/e2e/test_teams.py sign in).
        "GET /teams": Row(access: .anyone, success: .seeOther),
        "POST /teams": Row(access: .anyone, success: .seeOther, body: { _, _ in ["name": "Platform"] }),
        "GET /teams/{teamId}": Row(access: .anyone, success: .seeOther),
        "POST /teams/{teamId}/members": Row(access: .anyone, success: .seeOther, body: { world, _ in ["email": world.bystanderEmail, "role": "viewer"] }),
        "POST /teams/{teamId}/members/{accountId}/role": Row(access: .anyone, success: .seeOther, body: { _, _ in ["role": "editor"] }),
        "POST /teams/{teamId}/members/{accountId}/remove": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /teams/{teamId}/overview": Row(access: .anyone, success: .seeOther),
        // The series' owner (or an installation admin) offers it to the owner's team.
        "POST /v1/series/{id}/transfer-to-team": Row(
            access: .series(.manage), success: .accepted, body: { world, _ in ["teamId": world.team] }),
    ]

    /// The owner's team, with `member` added in `role` when given; its id.
    static func makeTeam(_ api: APIClient, owner: String, member: String?, role: String?) async throws -> String {
        let created = try await api.send(.post, "/v1/teams", token: owner, json: ["name": "Board"])
        let team = try #require(created.string("id"), "\(created.text)")
        if let member, let role {
            let added = try await api.send(.post, "/v1/teams/\(team)/members", token: owner, json: ["email": member, "role": role])
            #expect(added.status == .accepted, "\(added.text)")
        }
        return team
    }

    @Sendable static func addBystander(_ api: APIClient, _ world: World) async throws {
        let added = try await api.send(
            .post, "/v1/teams/\(world.team)/members", token: world.ownerToken, json: ["email": world.bystanderEmail, "role": "viewer"])
        #expect(added.status == .accepted, "\(added.text)")
    }
}
