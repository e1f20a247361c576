import Debrief
import Foundation
import PQ

/// Transfers of a series' ownership, which the receiving host must accept
/// (docs/decisions/0033-co-hosts.md). The owner (or an admin) offers the series to an address;
/// the offer is stored alike whether that address has an account or not, so the answer cannot
/// tell the sender which addresses have accounts. The account holding that address sees the
/// offer and accepts or declines it; the sender may cancel it until then. An offer to a team
/// (decision 90, ``offer(series:by:toTeam:)``) is the team's admins' to answer.
public struct SeriesTransferStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// An open offer, as the sender sees it.
    public struct PendingTransfer: Sendable, Equatable {
        /// The address offered to, or the name of the team offered to.
        public var email: String
        /// The team offered to, if the offer is to a team.
        public var teamID: UUID?
        public var offeredAt: Date
    }

    /// An open offer, as its receiver sees it.
    public struct Offer: Sendable, Equatable {
        public var id: UUID
        public var seriesID: UUID
        /// The title of the series' latest session.
        public var title: String
        public var fromEmail: String?
        public var fromName: String?
        public var offeredAt: Date
        /// The team offered to (its admins answer), or nil for an offer to the reader's address.
        public var toTeamID: UUID?
        public var toTeamName: String?
        /// The series' feed and chat channel not made by the receiver, with who made each: the
        /// receiver keeps or replaces them on accepting.
        public var credentials: [SeriesCredential] = []
    }

    /// Offers the series to `email`, replacing any open offer. The owner's own address is a
    /// problem at `email`; any other address is stored alike, with or without an account.
    public func offer(series seriesID: UUID, by viewer: Viewer, to email: EmailAddress) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            // A team's series may go to any address, its keeper's too: none of them owns it.
            let owner: String? = try await connection.query(
                "SELECT lower(a.email) AS email FROM meeting_series s JOIN accounts a ON a.id = s.host_id WHERE s.id = \(seriesID) AND s.team_id IS NULL"
            ).first?.decode("email")
            guard owner != email.normalized else {
                throw ValidationFailure(problems: [FieldProblem("email", "is the owner's own address")])
            }
            // A new id each time: an offer made to someone else before is not the one accepted.
            try await connection.execute(
                """
                INSERT INTO series_transfer_offers (series_id, to_email, offered_by) VALUES (\(seriesID), \(email.normalized), \(viewer.accountID))
                ON CONFLICT (series_id) DO UPDATE
                SET id = gen_random_uuid(), to_email = excluded.to_email, to_team_id = NULL, offered_by = excluded.offered_by, created_at = now()
                """)
        }
    }

    /// The series' open offer, for whoever may manage it; nil when there is none.
    public func pending(series seriesID: UUID, visibleTo viewer: Viewer) async throws -> PendingTransfer? {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection)
            return try await connection.query(
                """
                SELECT coalesce(o.to_email, t.name) AS to_email, o.to_team_id, o.created_at
                FROM series_transfer_offers o LEFT JOIN teams t ON t.id = o.to_team_id WHERE o.series_id = \(seriesID)
                """
            ).first.map {
                PendingTransfer(email: try $0.decode("to_email"), teamID: try $0.decode("to_team_id"), offeredAt: try $0.decode("created_at"))
            }
        }
    }

    /// Withdraws the series' open offer; `notFound` naming the transfer when there is none.
    public func cancel(series seriesID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            if try await connection.execute("DELETE FROM series_transfer_offers WHERE series_id = \(seriesID)") == 0 {
                throw DebriefError.notFound("transfer")
            }
        }
    }

    /// The offers made to `viewer`'s address, newest first; none while that address is not
    /// proven (``AddressProof``: whoever registered an address first does not receive it). Offers
    /// to a team `viewer` is an admin of are theirs too.
    public func offers(to viewer: Viewer) async throws -> [Offer] {
        try await self.database.withTransaction { connection in
            var offers = try await Self.offers(to: viewer, on: connection)
            for index in offers.indices {
                offers[index].credentials = try await SeriesCredentials.madeByOthers(
                    series: offers[index].seriesID, than: viewer.accountID, on: connection)
            }
            return offers
        }
    }

    private static func offers(to viewer: Viewer, on connection: Connection) async throws -> [Offer] {
        try await connection.query(
            """
            SELECT o.id, o.series_id, o.created_at, f.email AS from_email, f.display_name AS from_name, o.to_team_id, t.name AS team_name,
                (SELECT m.title FROM meetings m WHERE m.series_id = o.series_id ORDER BY m.session_number DESC LIMIT 1) AS title
            FROM series_transfer_offers o
            LEFT JOIN accounts f ON f.id = o.offered_by
            LEFT JOIN teams t ON t.id = o.to_team_id
            WHERE \(Self.offeredTo(viewer))
            ORDER BY o.created_at DESC, o.id
            """
        ).map { row in
            Offer(
                id: try row.decode("id"), seriesID: try row.decode("series_id"), title: try row.decode("title", as: String?.self) ?? "",
                fromEmail: try row.decode("from_email"), fromName: try row.decode("from_name"), offeredAt: try row.decode("created_at"),
                toTeamID: try row.decode("to_team_id"), toTeamName: try row.decode("team_name"))
        }
    }

    /// Accepts an offer made to `viewer`'s address: the series and every session in it become
    /// theirs in one transaction, the previous owner keeps an editor share, and the offer is
    /// gone. An offer to a team (accepted by its admin) makes the series the team's instead
    /// (``moveIntoTeam(_:team:offeredBy:on:)``). `notFound` naming the transfer for anything but an open offer to them; `conflict`
    /// when a session would overlap one of their meetings (nothing changes then).
    ///
    /// The series' credentials made by others (``SeriesCredentials``) need the receiver's
    /// `credentials` choice: kept, each still delivers only while its maker may edit the series;
    /// replaced, they end here. No choice while there are some is a problem at `credentials`.
    public func accept(_ offerID: UUID, by viewer: Viewer, credentials choice: CredentialChoice? = nil) async throws -> SeriesSharing {
        do {
            return try await self.database.withTransaction { connection in
                let (seriesID, team, offeredBy) = try await Self.lockOffer(offerID, to: viewer, on: connection)
                try await Self.settleCredentials(series: seriesID, for: viewer, choice, on: connection)
                if let team {
                    try await Self.moveIntoTeam(seriesID, team: team, offeredBy: offeredBy, on: connection)
                    try await connection.execute("DELETE FROM series_transfer_offers WHERE id = \(offerID)")
                    return try await SeriesShareStore.sharing(seriesID, role: .owner, on: connection)
                }
                // Out of a team, the admin who offered it keeps the share a previous owner keeps.
                let row = try await connection.query(
                    "SELECT host_id, team_id FROM meeting_series WHERE id = \(seriesID) FOR UPDATE").single()
                let fromTeam = try row.decode("team_id", as: UUID?.self) != nil
                let previous: UUID? = fromTeam ? offeredBy : try row.decode("host_id")
                try await connection.execute("UPDATE meeting_series SET host_id = \(viewer.accountID), team_id = NULL WHERE id = \(seriesID)")
                try await connection.execute(
                    "UPDATE meetings SET host_id = \(viewer.accountID), updated_at = now() WHERE series_id = \(seriesID)")
                try await connection.execute(
                    "DELETE FROM series_shares WHERE series_id = \(seriesID) AND account_id = \(viewer.accountID)")
                try await connection.execute(
                    """
                    INSERT INTO series_shares (series_id, account_id, role, shared_by)
                    SELECT \(seriesID), \(previous)::uuid, 'editor', \(viewer.accountID)
                    WHERE \(previous)::uuid IS NOT NULL AND \(previous)::uuid <> \(viewer.accountID)
                    ON CONFLICT (series_id, account_id) DO UPDATE SET role = 'editor', updated_at = now()
                    """)
                try await connection.execute("DELETE FROM series_transfer_offers WHERE id = \(offerID)")
                return try await SeriesShareStore.sharing(seriesID, role: viewer.role == .admin ? .admin : .owner, on: connection)
            }
        } catch let error as PQError where error.isExclusionViolation {
            throw DebriefError(.conflict, "a session of this series overlaps one of your meetings")
        }
    }

    /// Declines an offer made to `viewer`'s address; `notFound` naming the transfer otherwise.
    public func decline(_ offerID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            _ = try await Self.lockOffer(offerID, to: viewer, on: connection)
            // (A team's offer is declined by any of its admins.)
            try await connection.execute("DELETE FROM series_transfer_offers WHERE id = \(offerID)")
        }
    }

    /// Applies the receiver's choice to the series' credentials made by others.
    private static func settleCredentials(
        series seriesID: UUID, for viewer: Viewer, _ choice: CredentialChoice?, on connection: Connection
    ) async throws {
        switch choice {
        case .keep: return
        case .replace: try await SeriesCredentials.replace(series: seriesID, keepingThoseOf: viewer.accountID, on: connection)
        case nil:
            let others = try await SeriesCredentials.madeByOthers(series: seriesID, than: viewer.accountID, on: connection)
            guard others.isEmpty else {
                throw ValidationFailure(problems: [FieldProblem(
                    "credentials",
                    "is required: this series has \(others.count) calendar feed or chat channel made by others; choose keep or replace")])
            }
        }
    }

    /// The series of an open offer to `viewer`'s proven address, locked; `notFound` otherwise
    /// (another account's offer, or one to an address `viewer` has not proven, is as missing as
    /// one that never was).
    private static func lockOffer(
        _ offerID: UUID, to viewer: Viewer, on connection: Connection
    ) async throws -> (series: UUID, team: UUID?, offeredBy: UUID?) {
        guard let row = try await connection.query(
            """
            SELECT o.series_id, o.to_team_id, o.offered_by FROM series_transfer_offers o
            WHERE o.id = \(offerID) AND \(Self.offeredTo(viewer))
            FOR UPDATE OF o
            """
        ).first else { throw DebriefError.notFound("transfer") }
        return (try row.decode("series_id"), try row.decode("to_team_id"), try row.decode("offered_by"))
    }
}
