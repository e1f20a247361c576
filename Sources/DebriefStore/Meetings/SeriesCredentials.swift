import Debrief
import Foundation
import PQ

/// The credentials that deliver a series' data and who made each, for a transfer's receiver
/// (docs/decisions/0055-credentials-follow-their-maker.md): the calendar feed, the live sheet
/// (decision 101) and the team chat channel. A Standard Webhooks endpoint is its account's own and follows the meetings that
/// account hosts (``WebhookOutbox``), so a series' endpoints stop with the transfer by themselves
/// and are not listed.
enum SeriesCredentials {
    /// The series' credentials not made by `receiver`, oldest first.
    static func madeByOthers(series seriesID: UUID, than receiver: UUID, on connection: Connection) async throws -> [SeriesCredential] {
        try await connection.query(
            """
            SELECT c.kind, c.created_at, mk.id AS maker_id, mk.email AS maker_email, mk.display_name AS maker_name FROM (
                SELECT 'calendarFeed' AS kind, f.created_by, f.created_at FROM series_calendar_feeds f WHERE f.series_id = \(seriesID)
                UNION ALL
                SELECT 'liveSheet', l.created_by, l.created_at FROM series_live_sheets l WHERE l.series_id = \(seriesID)
                UNION ALL
                SELECT 'chatChannel', e.created_by, e.created_at FROM webhook_endpoints e
                WHERE e.series_id = \(seriesID) AND e.chat_kind IS NOT NULL
            ) c LEFT JOIN accounts mk ON mk.id = c.created_by
            WHERE c.created_by IS DISTINCT FROM \(receiver)
            ORDER BY c.created_at, c.kind
            """
        ).map { row in
            guard let kind = SeriesCredential.Kind(rawValue: try row.decode("kind")) else {
                throw PQError(.decoding, "column kind holds an unknown credential kind")
            }
            return SeriesCredential(kind: kind, madeBy: try CredentialMaker(row: row, prefix: "maker"), createdAt: try row.decode("created_at"))
        }
    }

    /// Ends the series' credentials not made by `receiver` (a transfer's "replace").
    static func replace(series seriesID: UUID, keepingThoseOf receiver: UUID, on connection: Connection) async throws {
        try await connection.execute(
            "DELETE FROM series_calendar_feeds WHERE series_id = \(seriesID) AND created_by IS DISTINCT FROM \(receiver)")
        try await connection.execute(
            "DELETE FROM series_live_sheets WHERE series_id = \(seriesID) AND created_by IS DISTINCT FROM \(receiver)")
        try await connection.execute(
            """
            DELETE FROM webhook_endpoints
            WHERE series_id = \(seriesID) AND chat_kind IS NOT NULL AND created_by IS DISTINCT FROM \(receiver)
            """)
    }
}

extension CredentialMaker {
    /// The maker from the columns `<prefix>_id`, `<prefix>_email`, `<prefix>_name` of a LEFT JOIN
    /// on accounts; nil when the account is gone.
    init?(row: Row, prefix: String) throws {
        guard let id: UUID = try row.decode("\(prefix)_id") else { return nil }
        self.init(accountID: id, email: try row.decode("\(prefix)_email"), displayName: try row.decode("\(prefix)_name"))
    }
}
