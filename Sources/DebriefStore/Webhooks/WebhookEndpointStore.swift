import Debrief
import Foundation
import PQ

/// A host's webhook endpoints and their delivery logs. Every read and write is limited to the
/// viewer's own endpoints: another account's endpoint is not found, and so is a team chat channel
/// (a row of the same table, managed only through ``ChatChannelStore``).
public struct WebhookEndpointStore: Sendable {
    let database: Database
    let secrets: WebhookSecrets

    public init(database: Database, secrets: WebhookSecrets) {
        self.database = database
        self.secrets = secrets
    }

    /// The most deliveries one log page shows.
    public static let maxLogLength = 200

    /// Registers an endpoint with a new secret, returned this once. A series must be the viewer's
    /// own; an account with `cap` endpoints already gets a problem at `url` naming the cap.
    public func create(_ draft: WebhookEndpointDraft, by viewer: Viewer, cap: Int = Int(Int32.max)) async throws -> CreatedWebhookEndpoint {
        let secret = WebhookSecrets.newSecret()
        let sealed = try await self.secrets.seal(secret.key)
        return try await self.database.withTransaction { connection in
            // The account's row, locked: two registrations at once count one after the other, so
            // the cap holds exactly (NO KEY: rows referencing the account are not held up).
            let count: Int = try await connection.query(
                """
                SELECT (SELECT count(*) FROM webhook_endpoints e WHERE e.account_id = a.id) AS n
                FROM accounts a WHERE a.id = \(viewer.accountID) FOR NO KEY UPDATE
                """
            ).single().decode("n")
            guard count < cap else {
                throw ValidationFailure(problems: [FieldProblem(
                    "url", "is one endpoint too many: an account may have at most \(cap) webhook endpoints; delete one first")])
            }
            let rows = try await connection.query(
                """
                WITH e AS (
                    INSERT INTO webhook_endpoints (account_id, series_id, url, events, secret_sealed, created_by)
                    SELECT \(viewer.accountID), \(draft.seriesID)::uuid, \(draft.url.absoluteString),
                        \(draft.events.map(\.rawValue))::text[], decode(\(sealed), 'hex'), \(viewer.accountID)
                    WHERE \(draft.seriesID)::uuid IS NULL
                       OR EXISTS (SELECT 1 FROM meeting_series s WHERE s.id = \(draft.seriesID)::uuid AND s.host_id = \(viewer.accountID))
                    RETURNING *
                )
                SELECT \(WebhookEndpoint.columns) FROM e
                """)
            guard let row = rows.first else { throw DebriefError.notFound("series") }
            return CreatedWebhookEndpoint(endpoint: try WebhookEndpoint(row: row), secret: secret.text)
        }
    }

    public func list(by viewer: Viewer) async throws -> [WebhookEndpoint] {
        try await self.database.query(
            "SELECT \(WebhookEndpoint.columns) FROM webhook_endpoints e WHERE e.account_id = \(viewer.accountID) AND e.chat_kind IS NULL ORDER BY e.created_at, e.id"
        ).map(WebhookEndpoint.init(row:))
    }

    public func find(_ id: UUID, by viewer: Viewer) async throws -> WebhookEndpoint {
        let rows = try await self.database.query(
            "SELECT \(WebhookEndpoint.columns) FROM webhook_endpoints e WHERE e.id = \(id) AND e.account_id = \(viewer.accountID) AND e.chat_kind IS NULL")
        guard let row = rows.first else { throw DebriefError.notFound("webhook endpoint") }
        return try WebhookEndpoint(row: row)
    }

    /// Deletes the endpoint and its deliveries (sent or not).
    public func delete(_ id: UUID, by viewer: Viewer) async throws {
        let count = try await self.database.execute(
            "DELETE FROM webhook_endpoints WHERE id = \(id) AND account_id = \(viewer.accountID) AND chat_kind IS NULL")
        if count == 0 { throw DebriefError.notFound("webhook endpoint") }
    }

    /// Enables a disabled endpoint: its waiting deliveries go out again at once, oldest first.
    public func enable(_ id: UUID, by viewer: Viewer) async throws -> WebhookEndpoint {
        try await self.database.withTransaction { connection in
            let count = try await connection.execute(
                """
                UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL, failing_since = NULL, lease_until = NULL
                WHERE id = \(id) AND account_id = \(viewer.accountID) AND chat_kind IS NULL
                """)
            if count == 0 { throw DebriefError.notFound("webhook endpoint") }
            _ = try await connection.execute(
                "UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = \(id) AND delivered_at IS NULL")
            return try WebhookEndpoint(row: try await connection.query(
                "SELECT \(WebhookEndpoint.columns) FROM webhook_endpoints e WHERE e.id = \(id)").single())
        }
    }

    /// The endpoint's latest deliveries, newest first.
    public func deliveries(of id: UUID, by viewer: Viewer, limit: Int = 50) async throws -> [WebhookDelivery] {
        _ = try await self.find(id, by: viewer)
        return try await self.database.query(
            """
            SELECT \(WebhookDelivery.columns) FROM webhook_deliveries d
            WHERE d.endpoint_id = \(id) ORDER BY d.seq DESC LIMIT \(min(max(limit, 1), Self.maxLogLength))
            """
        ).map(WebhookDelivery.init(row:))
    }

    /// Sends a delivery again: a new entry with the same `webhook-id` and payload, queued behind
    /// what is waiting for the endpoint. At most `cap` redeliveries wait per endpoint: "send
    /// again" pressed in a loop must not grow the outbox without bound.
    public func redeliver(_ deliveryID: UUID, of id: UUID, by viewer: Viewer, cap: Int = Int(Int32.max)) async throws -> WebhookDelivery {
        try await self.database.withTransaction { connection in
            // The endpoint's row, locked: redeliveries of one endpoint are counted one at a time.
            let waiting = try await connection.query(
                """
                SELECT (SELECT count(*) FROM webhook_deliveries d
                        WHERE d.endpoint_id = e.id AND d.redelivery_of IS NOT NULL AND d.delivered_at IS NULL) AS n
                FROM webhook_endpoints e WHERE e.id = \(id) AND e.account_id = \(viewer.accountID) AND e.chat_kind IS NULL FOR NO KEY UPDATE
                """
            ).first
            guard let waiting else { throw DebriefError.notFound("webhook delivery") }
            guard try waiting.decode("n", as: Int.self) < cap else {
                throw DebriefError(.conflict, "at most \(cap) redeliveries may wait per endpoint; wait for them to be sent")
            }
            let rows = try await connection.query(
                """
                WITH n AS (
                    INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, meeting_id, redelivery_of)
                    SELECT d.endpoint_id, d.message_id, d.event, d.data, d.meeting_id, d.id
                    FROM webhook_deliveries d
                    WHERE d.id = \(deliveryID) AND d.endpoint_id = \(id)
                    RETURNING *
                )
                SELECT \(WebhookDelivery.columns) FROM n d
                """)
            guard let row = rows.first else { throw DebriefError.notFound("webhook delivery") }
            return try WebhookDelivery(row: row)
        }
    }
}
