import Debrief
import Foundation
import PQ

/// Moving a series into a team (decision 90): the series' owner (or an admin of the team that
/// owns it now) offers it to a team they are a member of (installation admins: any team), and an admin of that team accepts,
/// through the same offers, list and answers as a transfer to a person. Out of a team is a
/// transfer to a person, offered by a team admin (``SeriesTransferStore/offer(series:by:to:)``).
extension SeriesTransferStore {
    /// Offers the series to the team, replacing any open offer. A team the viewer is no member
    /// of (or that does not exist) is a problem at `teamId`, as is the team that owns it already.
    public func offer(series seriesID: UUID, by viewer: Viewer, toTeam teamID: UUID) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            do {
                try await TeamAccess.require(teamID, visibleTo: viewer, toDo: .read, on: connection)
            } catch let error as DebriefError where error.code == .notFound {
                throw ValidationFailure(problems: [FieldProblem("teamId", "is not a team you are a member of")])
            }
            let current: UUID? = try await connection.query(
                "SELECT team_id FROM meeting_series WHERE id = \(seriesID)").single().decode("team_id")
            guard current != teamID else {
                throw ValidationFailure(problems: [FieldProblem("teamId", "owns this series already")])
            }
            try await connection.execute(
                """
                INSERT INTO series_transfer_offers (series_id, to_team_id, offered_by) VALUES (\(seriesID), \(teamID), \(viewer.accountID))
                ON CONFLICT (series_id) DO UPDATE
                SET id = gen_random_uuid(), to_email = NULL, to_team_id = excluded.to_team_id, offered_by = excluded.offered_by, created_at = now()
                """)
        }
    }

    /// The offers `viewer` answers: to their proven address, or to a team they are an admin of.
    static func offeredTo(_ viewer: Viewer) -> SQLQuery {
        "(o.to_email = \(AddressProof.provenAddress(of: viewer.accountID)) OR o.to_team_id IN \(TeamAccess.administered(by: viewer.accountID)))"
    }

    /// The series becomes the team's; its host stays its keeper (whose calendar its sessions sit
    /// in) with no rights of their own, so the previous owner (or the admin who offered it out of
    /// another team) keeps an editor share, as a previous owner does in a transfer to a person.
    static func moveIntoTeam(_ seriesID: UUID, team: UUID, offeredBy: UUID?, on connection: Connection) async throws {
        let row = try await connection.query(
            "SELECT host_id, team_id FROM meeting_series WHERE id = \(seriesID) FOR UPDATE").single()
        let previous: UUID? = try row.decode("team_id", as: UUID?.self) == nil ? try row.decode("host_id") : offeredBy
        try await connection.execute("UPDATE meeting_series SET team_id = \(team) WHERE id = \(seriesID)")
        guard let previous else { return }
        try await connection.execute(
            """
            INSERT INTO series_shares (series_id, account_id, role, shared_by) VALUES (\(seriesID), \(previous), 'editor', \(offeredBy)::uuid)
            ON CONFLICT (series_id, account_id) DO UPDATE SET role = 'editor', updated_at = now()
            """)
    }
}
