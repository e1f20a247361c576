import Debrief
import Foundation
import PQ

/// The delivery service's side of the outbox: claim the next delivery of each endpoint, record
/// what its attempt did.
///
/// Deliveries of one endpoint go out one at a time, oldest first: the claim takes only the oldest
/// undelivered row of an endpoint, and leases the endpoint (`lease_until`) so no other instance
/// sends to it meanwhile. The claim locks endpoint rows `FOR UPDATE SKIP LOCKED`, so instances
/// claiming at the same moment take different endpoints instead of waiting for each other; the
/// lease (not a lock) covers the HTTP request, so no transaction stays open during it, and a
/// lease left by an instance that died expires by itself. The leases also count each account's
/// deliveries in flight, so a claim can keep every account within its share.
public struct WebhookQueue: Sendable {
    let database: Database
    let secrets: WebhookSecrets

    public init(database: Database, secrets: WebhookSecrets) {
        self.database = database
        self.secrets = secrets
    }

    /// A delivery claimed for one attempt.
    public struct Claimed: Sendable {
        public var id: UUID
        public var endpointID: UUID
        public var url: URL
        public var messageID: String
        public var event: WebhookEvent
        /// The event's `data` as JSON text; nil for a results summary not rendered yet.
        public var data: String?
        public var meetingID: UUID?
        public var createdAt: Date
        /// Attempts made before this one.
        public var attempts: Int
        /// The signing key (the bytes of the `whsec_` secret).
        public var key: [UInt8]
        /// The team chat a digest is written for (a series' chat channel); nil for a Standard Webhooks endpoint.
        public var chat: ChatTarget? = nil
        /// What a chat digest is for (``DigestKey``).
        public var digestKey: String? = nil
    }

    /// A chat channel's kind and language, as a claimed delivery carries them.
    public struct ChatTarget: Sendable, Equatable {
        public var kind: ChatKind
        public var language: Language
    }

    /// Claims the oldest due delivery of up to `limit` endpoints that are enabled and not leased,
    /// leasing each endpoint for `lease`; at most `perAccount` endpoints of one account are leased
    /// at once, by all instances together (its endpoints leased now count), so one host's slow
    /// endpoints never take every sender.
    /// Prepared: every instance claims once a second, and planning took 30 times as long as
    /// running it while nothing was due.
    public func claim(limit: Int, perAccount: Int = Int(Int32.max), lease: Duration) async throws -> [Claimed] {
        let rows = try await self.database.preparedQuery(
            """
            WITH c AS (
                SELECT e.id AS endpoint_id, e.account_id, h.id AS delivery_id, h.next_attempt_at
                FROM webhook_endpoints e
                JOIN LATERAL (
                    SELECT d.id, d.next_attempt_at FROM webhook_deliveries d
                    WHERE d.endpoint_id = e.id AND d.delivered_at IS NULL ORDER BY d.seq LIMIT 1
                ) h ON true
                WHERE e.disabled_at IS NULL AND h.next_attempt_at <= now() AND (e.lease_until IS NULL OR e.lease_until < now())
                    AND (SELECT count(*) FROM webhook_endpoints b WHERE b.account_id = e.account_id AND b.lease_until >= now())
                        < \(perAccount)
                ORDER BY h.next_attempt_at
                LIMIT \(limit)
                FOR UPDATE OF e SKIP LOCKED
            ), p AS (
                SELECT r.endpoint_id, r.delivery_id FROM (
                    SELECT c.endpoint_id, c.delivery_id,
                        row_number() OVER (PARTITION BY c.account_id ORDER BY c.next_attempt_at) AS n,
                        (SELECT count(*) FROM webhook_endpoints b WHERE b.account_id = c.account_id AND b.lease_until >= now()) AS busy
                    FROM c
                ) r
                WHERE r.n + r.busy <= \(perAccount)
            ), l AS (
                UPDATE webhook_endpoints e SET lease_until = now() + make_interval(secs => \(Self.seconds(lease)))
                FROM p WHERE e.id = p.endpoint_id
                RETURNING e.id, e.url, encode(e.secret_sealed, 'hex') AS secret, e.chat_kind, e.chat_language, e.created_by, e.series_id
            )
            SELECT d.id, d.message_id, d.event, d.data::text AS data, d.meeting_id, d.created_at, d.attempts,
                l.id AS endpoint_id, l.url, l.secret, l.chat_kind, l.chat_language, d.digest_key,
                COALESCE(dm.series_id, l.series_id) IS NULL
                    OR \(SeriesDeliveryGate.allows(maker: "l.created_by", series: "COALESCE(dm.series_id, l.series_id)")) AS allowed
            FROM l JOIN p ON p.endpoint_id = l.id JOIN webhook_deliveries d ON d.id = p.delivery_id
            LEFT JOIN meetings dm ON dm.id = d.meeting_id
            """)
        var claimed: [Claimed] = []
        for row in rows {
            // Checked at the send, not only when queued: a maker removed since goes without.
            guard try row.decode("allowed", as: Bool.self) else {
                try await self.withhold(delivery: try row.decode("id"), endpoint: try row.decode("endpoint_id"))
                continue
            }
            let event: String = try row.decode("event")
            let url: String = try row.decode("url")
            guard let event = WebhookEvent(rawValue: event), let url = URL(string: url) else { continue }
            claimed.append(Claimed(
                id: try row.decode("id"), endpointID: try row.decode("endpoint_id"), url: url,
                messageID: try row.decode("message_id"), event: event, data: try row.decode("data"),
                meetingID: try row.decode("meeting_id"), createdAt: try row.decode("created_at"),
                attempts: try row.decode("attempts"), key: try await self.secrets.open(sealedHex: try row.decode("secret")),
                chat: try Self.chatTarget(kind: row.decode("chat_kind"), language: row.decode("chat_language")),
                digestKey: try row.decode("digest_key")))
        }
        return claimed
    }

    /// Keeps the rendered `data` of a delivery (a results summary), so every retry sends the same body.
    public func storeData(_ json: String, of id: UUID) async throws {
        _ = try await self.database.execute(
            "UPDATE webhook_deliveries SET data = \(json)::jsonb WHERE id = \(id) AND data IS NULL")
    }

    /// What one attempt did.
    public struct Attempt: Sendable {
        /// The receiver's status, if it answered.
        public var statusCode: Int?
        /// Nil when delivered (2xx).
        public var error: String?
        public var milliseconds: Int

        public init(statusCode: Int?, error: String?, milliseconds: Int) {
            self.statusCode = statusCode
            self.error = error
            self.milliseconds = milliseconds
        }

        public var delivered: Bool { self.error == nil }
    }

    /// Records a delivered attempt, and releases the endpoint's lease.
    public func recordDelivered(_ claimed: Claimed, _ attempt: Attempt) async throws {
        _ = try await self.database.execute(
            """
            WITH d AS (
                UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = now(), last_status = \(attempt.statusCode),
                    last_error = NULL, last_response_ms = \(attempt.milliseconds), delivered_at = now()
                WHERE id = \(claimed.id)
            )
            UPDATE webhook_endpoints SET failing_since = NULL, lease_until = NULL WHERE id = \(claimed.endpointID)
            """)
    }

    /// Records a failed attempt: the delivery is due again after `retryAfter`; the endpoint, when
    /// it has failed for longer than `window`, is disabled with the reason. Returns whether it was.
    @discardableResult
    public func recordFailed(_ claimed: Claimed, _ attempt: Attempt, retryAfter: Duration, window: Duration) async throws -> Bool {
        let error = String((attempt.error ?? "failed").prefix(500))
        let rows = try await self.database.query(
            """
            WITH d AS (
                UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = now(), last_status = \(attempt.statusCode),
                    last_error = \(error), last_response_ms = \(attempt.milliseconds),
                    next_attempt_at = now() + make_interval(secs => \(Self.seconds(retryAfter)))
                WHERE id = \(claimed.id)
            )
            UPDATE webhook_endpoints e SET failing_since = COALESCE(e.failing_since, now()), lease_until = NULL,
                disabled_at = CASE WHEN e.failing_since < now() - make_interval(secs => \(Self.seconds(window))) THEN now() END,
                disabled_reason = CASE WHEN e.failing_since < now() - make_interval(secs => \(Self.seconds(window)))
                    THEN 'every delivery failed since ' || \(SQLQuery(unsafeSQL: WebhookOutbox.timestamp("e.failing_since")))
                        || '; last error: ' || \(error) END
            WHERE e.id = \(claimed.endpointID)
            RETURNING e.disabled_at IS NOT NULL AS disabled
            """)
        return try rows.first?.decode("disabled") ?? false
    }

    /// Records an attempt the receiver refused for good — Slack's or Teams' 4xx for a revoked
    /// webhook — and disables the endpoint at once with `reason` (retrying cannot succeed; the
    /// host sees the reason and pastes a new URL). The delivery waits, as on any disabled endpoint.
    public func recordRefused(_ claimed: Claimed, _ attempt: Attempt, reason: String) async throws {
        let error = String((attempt.error ?? "refused").prefix(500))
        _ = try await self.database.execute(
            """
            WITH d AS (
                UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = now(), last_status = \(attempt.statusCode),
                    last_error = \(error), last_response_ms = \(attempt.milliseconds), next_attempt_at = now()
                WHERE id = \(claimed.id)
            )
            UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, now()), lease_until = NULL,
                disabled_at = now(), disabled_reason = \(String(reason.prefix(500)))
            WHERE id = \(claimed.endpointID)
            """)
    }

    static func chatTarget(kind: String?, language: String?) -> ChatTarget? {
        guard let kind = kind.flatMap(ChatKind.init(rawValue:)) else { return nil }
        return ChatTarget(kind: kind, language: language.flatMap(Language.init(rawValue:)) ?? .en)
    }

    /// Drops a delivery whose endpoint's maker may no longer have its series delivered
    /// (``SeriesDeliveryGate``) and gives the endpoint's lease back: it is never sent, and the
    /// endpoint's next delivery is claimed (and checked) on its own.
    func withhold(delivery id: UUID, endpoint: UUID) async throws {
        _ = try await self.database.execute(
            """
            WITH d AS (DELETE FROM webhook_deliveries WHERE id = \(id))
            UPDATE webhook_endpoints SET lease_until = NULL WHERE id = \(endpoint)
            """)
    }

    /// Gives an endpoint's lease back without an attempt (the service is stopping).
    public func release(_ claimed: Claimed) async throws {
        _ = try await self.database.execute("UPDATE webhook_endpoints SET lease_until = NULL WHERE id = \(claimed.endpointID)")
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
