import Debrief
import Foundation
import PQ

/// What a viewer is to a team: the one reader of a member's role for the team itself (what a
/// member may do on the team's series is MeetingVisibility's `role(of:)`). Other stores that act
/// for a team's admins (its branding, its record) ask ``require(_:visibleTo:toDo:on:forUpdate:)``.
public enum TeamAccess {
    /// The viewer's role in the team: their membership's, or `admin` for an installation admin
    /// who is no member. `notFound` naming the team when they have none (a team is a secret to
    /// those outside it), `forbidden` when the role may not do `action`. `forUpdate` locks the
    /// team row, so changes to one team's members happen one at a time.
    @discardableResult
    public static func require(
        _ teamID: UUID, visibleTo viewer: Viewer, toDo action: TeamAction, on connection: Connection, forUpdate: Bool = false
    ) async throws -> TeamRole {
        let lock: SQLQuery = forUpdate ? " FOR UPDATE OF t" : ""
        let row = try await connection.query(
            """
            SELECT (SELECT tm.role FROM team_members tm WHERE tm.team_id = t.id AND tm.account_id = \(viewer.accountID)) AS role
            FROM teams t WHERE t.id = \(teamID)\(lock)
            """
        ).first
        guard let row else { throw DebriefError.notFound("team") }
        let member = try row.decode("role", as: String?.self).flatMap(TeamRole.init(rawValue:))
        guard let role = member ?? (viewer.isAdmin ? .admin : nil) else { throw DebriefError.notFound("team") }
        guard role.may(action) else { throw action.refusal }
        return role
    }

    /// The viewer's role in the team, or nil (no member, no team); installation admins as in
    /// ``require(_:visibleTo:toDo:on:forUpdate:)``.
    public static func role(in teamID: UUID, of viewer: Viewer, on database: Database) async throws -> TeamRole? {
        try await database.withTransaction { connection in
            do {
                return try await Self.require(teamID, visibleTo: viewer, toDo: .read, on: connection)
            } catch let error as DebriefError where error.code == .notFound {
                return nil
            }
        }
    }

    /// A subquery of the teams `account` is an admin of (their offers are the account's to answer).
    static func administered(by account: UUID) -> SQLQuery {
        "(SELECT tm.team_id FROM team_members tm WHERE tm.account_id = \(account) AND tm.role = 'admin')"
    }
}
