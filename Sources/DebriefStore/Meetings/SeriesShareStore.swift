import Debrief
import Foundation
import PQ

/// Who may work on a series besides its owner (docs/decisions/0033-co-hosts.md). Reading the
/// shares takes any role; changing them, and offering the series to another host
/// (``SeriesTransferStore``), is the owner's (or an admin's). Each change runs in one transaction
/// that first locks the series row, so a share and a transfer of the same series happen one at a
/// time.
public struct SeriesShareStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The owner and the shares of the series, for anyone with a role in it.
    public func sharing(series seriesID: UUID, visibleTo viewer: Viewer) async throws -> SeriesSharing {
        try await self.database.withTransaction { connection in
            let role = try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .read, on: connection)
            return try await Self.sharing(seriesID, role: role, on: connection)
        }
    }

    /// Shares the series with the host at `request.email`, or changes the role of their share.
    /// An address without an account changes nothing and is answered alike (the caller learns
    /// nothing of which addresses have accounts); the owner's own address is a problem at `email`.
    public func share(series seriesID: UUID, by viewer: Viewer, _ request: SeriesShareRequest) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            guard let account = try await Self.otherHost(request.email, series: seriesID, on: connection) else { return }
            try await connection.execute(
                """
                INSERT INTO series_shares AS sh (series_id, account_id, role, shared_by)
                VALUES (\(seriesID), \(account), \(request.role.rawValue), \(viewer.accountID))
                ON CONFLICT (series_id, account_id) DO UPDATE SET role = excluded.role, updated_at = now()
                """)
        }
    }

    /// Ends the share of `accountID`; `notFound` naming the share when there is none.
    public func revoke(series seriesID: UUID, account accountID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            let deleted = try await connection.execute(
                "DELETE FROM series_shares WHERE series_id = \(seriesID) AND account_id = \(accountID)")
            if deleted == 0 { throw DebriefError.notFound("share") }
        }
    }

    // MARK: - Helpers

    /// The account at `email` when it is a host other than the series' owner; nil when the
    /// address has no account, or its account has not proven it (``AddressProof``: a share goes
    /// to the holder of the address, not to whoever registered it first).
    private static func otherHost(_ email: EmailAddress, series seriesID: UUID, on connection: Connection) async throws -> UUID? {
        let row = try await connection.query(
            """
            SELECT a.id, a.id = s.host_id AS is_owner FROM accounts a, meeting_series s
            WHERE lower(a.email) = \(email.normalized) AND s.id = \(seriesID) AND (a.id = s.host_id OR \(AddressProof.proven("a")))
            """
        ).first
        guard let row else { return nil }
        guard try !row.decode("is_owner", as: Bool.self) else {
            throw ValidationFailure(problems: [FieldProblem("email", "is the owner's own address")])
        }
        return try row.decode("id")
    }

    static func sharing(_ seriesID: UUID, role: SeriesRole, on connection: Connection) async throws -> SeriesSharing {
        let owner = try await connection.query(
            """
            SELECT a.id, a.email, a.display_name, s.created_at, t.id AS team_id, t.name AS team_name
            FROM meeting_series s JOIN accounts a ON a.id = s.host_id LEFT JOIN teams t ON t.id = s.team_id
            WHERE s.id = \(seriesID)
            """
        ).single()
        let team: SeriesSharing.OwningTeam? = try owner.decode("team_id", as: UUID?.self).map { id in
            SeriesSharing.OwningTeam(id: id, name: try owner.decode("team_name"))
        }
        return SeriesSharing(
            seriesID: seriesID,
            owner: SeriesShare(
                accountID: try owner.decode("id"), email: try owner.decode("email"), displayName: try owner.decode("display_name"),
                role: .owner, createdAt: try owner.decode("created_at")),
            shares: try await Self.shares(seriesID, on: connection), viewerRole: role, team: team)
    }

    private static func shares(_ seriesID: UUID, on connection: Connection) async throws -> [SeriesShare] {
        try await connection.query(
            """
            SELECT a.id, a.email, a.display_name, sh.role, sh.created_at FROM series_shares sh JOIN accounts a ON a.id = sh.account_id
            WHERE sh.series_id = \(seriesID) ORDER BY lower(a.email)
            """
        ).map { row in
            guard let role = SeriesRole(rawValue: try row.decode("role")) else {
                throw PQError(.decoding, "column role holds an unknown series role")
            }
            return SeriesShare(
                accountID: try row.decode("id"), email: try row.decode("email"), displayName: try row.decode("display_name"),
                role: role, createdAt: try row.decode("created_at"))
        }
    }
}
