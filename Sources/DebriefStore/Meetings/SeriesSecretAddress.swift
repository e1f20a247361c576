import Debrief
import Foundation
import PQ

/// A series' secret address: a URL whose token is its only credential, for a client that can
/// send no other (a calendar application, a spreadsheet's import). The calendar feed
/// (``CalendarStore``) and the live sheet (``LiveSheetStore``) are each one of these over a table
/// of their own: one row per series, the token kept only as its hash (``SecretToken``), made,
/// rotated and revoked by whoever may manage the series, and answering only while its maker may
/// still edit the series (``SeriesDeliveryGate``, docs/decisions/0055-credentials-follow-their-maker.md).
struct SeriesSecretAddress: Sendable {
    /// The table (`series_id`, `token_hash`, `created_by`, `created_at`): a trusted literal
    /// written in this module, never input.
    let table: String
    /// Mints a new token (a ``SecretToken`` factory).
    let mint: @Sendable () -> String

    private var from: SQLQuery { SQLQuery(unsafeSQL: self.table) }

    /// When the series' current token was made; nil when it has none.
    func createdAt(series seriesID: UUID, by viewer: Viewer, on connection: Connection) async throws -> Date? {
        try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection)
        return try await connection.query("SELECT created_at FROM \(self.from) WHERE series_id = \(seriesID)")
            .first.map { try $0.decode("created_at") }
    }

    /// Makes the series' token, or replaces it (the old address stops at once); the viewer is
    /// its maker. Returns the token: shown once, kept only as its hash.
    func issue(series seriesID: UUID, by viewer: Viewer, on connection: Connection) async throws -> String {
        try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
        let token = self.mint()
        try await connection.execute(
            """
            INSERT INTO \(self.from) (series_id, token_hash, created_by) VALUES (\(seriesID), \(SecretToken.hash(token)), \(viewer.accountID))
            ON CONFLICT (series_id) DO UPDATE SET token_hash = excluded.token_hash, created_by = excluded.created_by, created_at = now()
            """)
        return token
    }

    /// Ends the series' address; nothing to end is not an error (the result is the same).
    func revoke(series seriesID: UUID, by viewer: Viewer, on connection: Connection) async throws {
        try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
        try await connection.execute("DELETE FROM \(self.from) WHERE series_id = \(seriesID)")
    }

    /// The series of `token` and its maker, asked in the caller's snapshot; nil when no row has
    /// this token (a wrong, rotated or revoked one) or when its maker may no longer edit the
    /// series: a removed maker's address answers like an unknown one.
    func resolve(token: String, on connection: Connection) async throws -> (series: UUID, maker: Viewer)? {
        guard let row = try await connection.query(
            """
            SELECT f.series_id, a.id AS maker_id, a.role AS maker_role FROM \(self.from) f JOIN accounts a ON a.id = f.created_by
            WHERE f.token_hash = \(SecretToken.hash(token)) AND \(SeriesDeliveryGate.allows(maker: "f.created_by", series: "f.series_id"))
            """
        ).first else { return nil }
        guard let role = Role(rawValue: try row.decode("maker_role", as: String.self)) else {
            throw PQError(.decoding, "column role holds an unknown role")
        }
        return (try row.decode("series_id"), Viewer(accountID: try row.decode("maker_id"), role: role))
    }
}
