import Debrief
import Foundation
import PQ

/// Transfers of a series' ownership, which the receiving host must accept
/// (docs/decisions/0033-co-hosts.md). The owner (or an admin) offers the series to an address;
/// the offer is stored alike whether that address has an account or not, so the answer cannot
/// tell the sender which addresses have accounts. The account holding that address sees the
/// offer and accepts or declines it; the sender may cancel it until then.
public struct SeriesTransferStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// An open offer, as the sender sees it.
    public struct PendingTransfer: Sendable, Equatable {
        public var email: String
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
        /// The series' feed and chat channel not made by the receiver, with who made each: the
        /// receiver keeps or replaces them on accepting.
        public var credentials: [SeriesCredential] = []
    }

    /// Offers the series to `email`, replacing any open offer. The owner's own address is a
    /// problem at `email`; any other address is stored alike, with or without an account.
    public func offer(series seriesID: UUID, by viewer: Viewer, to email: EmailAddress) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            let owner: String = try await connection.query(
                "SELECT lower(a.email) AS email FROM meeting_series s JOIN accounts a ON a.id = s.host_id WHERE s.id = \(seriesID)"
            ).single().decode("email")
            guard owner != email.normalized else {
                throw ValidationFailure(problems: [FieldProblem("email", "is the owner's own address")])
            }
            // A new id each time: an offer made to someone else before is not the one accepted.
            try await connection.execute(
                """
                INSERT INTO series_transfer_offers (series_id, to_email, offered_by) VALUES (\(seriesID), \(email.normalized), \(viewer.accountID))
                ON CONFLICT (series_id) DO UPDATE
                SET id = gen_random_uuid(), to_email = excluded.to_email, offered_by = excluded.offered_by, created_at = now()
                """)
        }
    }

    /// The series' open offer, for whoever may manage it; nil when there is none.
    public func pending(series seriesID: UUID, visibleTo viewer: Viewer) async throws -> PendingTransfer? {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection)
            return try await connection.query(
                "SELECT to_email, created_at FROM series_transfer_offers WHERE series_id = \(seriesID)"
            ).first.map { PendingTransfer(email: try $0.decode("to_email"), offeredAt: try $0.decode("created_at")) }
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
    /// proven (``AddressProof``: whoever registered an address first does not receive it).
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
            SELECT o.id, o.series_id, o.created_at, f.email AS from_email, f.display_name AS from_name,
                (SELECT m.title FROM meetings m WHERE m.series_id = o.series_id ORDER BY m.session_number DESC LIMIT 1) AS title
            FROM series_transfer_offers o
            LEFT JOIN accounts f ON f.id = o.offered_by
            WHERE o.to_email = \(AddressProof.provenAddress(of: viewer.accountID))
            ORDER BY o.created_at DESC, o.id
            """
        ).map { row in
            Offer(
                id: try row.decode("id"), seriesID: try row.decode("series_id"), title: try row.decode("title", as: String?.self) ?? "",
                fromEmail: try row.decode("from_email"), fromName: try row.decode("from_name"), offeredAt: try row.decode("created_at"))
        }
    }

    /// Accepts an offer made to `viewer`'s address: the series and every session in it become
    /// theirs in one transaction, the previous owner keeps an editor share, and the offer is
    /// gone. `notFound` naming the transfer for anything but an open offer to them; `conflict`
    /// when a session would overlap one of their meetings (nothing changes then).
    ///
    /// The series' credentials made by others (``SeriesCredentials``) need the receiver's
    /// `credentials` choice: kept, each still delivers only while its maker may edit the series;
    /// replaced, they end here. No choice while there are some is a problem at `credentials`.
    public func accept(_ offerID: UUID, by viewer: Viewer, credentials choice: CredentialChoice? = nil) async throws -> SeriesSharing {
        do {
            return try await self.database.withTransaction { connection in
                let seriesID = try await Self.lockOffer(offerID, to: viewer, on: connection)
                try await Self.settleCredentials(series: seriesID, for: viewer, choice, on: connection)
                let previous: UUID = try await connection.query(
                    "SELECT host_id FROM meeting_series WHERE id = \(seriesID) FOR UPDATE").single().decode("host_id")
                try await connection.execute("UPDATE meeting_series SET host_id = \(viewer.accountID) WHERE id = \(seriesID)")
                try await connection.execute(
                    "UPDATE meetings SET host_id = \(viewer.accountID), updated_at = now() WHERE series_id = \(seriesID)")
                try await connection.execute(
                    "DELETE FROM series_shares WHERE series_id = \(seriesID) AND account_id = \(viewer.accountID)")
                try await connection.execute(
                    """
                    INSERT INTO series_shares (series_id, account_id, role, shared_by)
                    VALUES (\(seriesID), \(previous), 'editor', \(viewer.accountID))
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
    private static func lockOffer(_ offerID: UUID, to viewer: Viewer, on connection: Connection) async throws -> UUID {
        guard let row = try await connection.query(
            """
            SELECT o.series_id FROM series_transfer_offers o
            WHERE o.id = \(offerID) AND o.to_email = \(AddressProof.provenAddress(of: viewer.accountID))
            FOR UPDATE OF o
            """
        ).first else { throw DebriefError.notFound("transfer") }
        return try row.decode("series_id")
    }
}
