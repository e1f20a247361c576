import Debrief
import Foundation
import PQ

/// A series' team chat channel (Slack or Teams), kept as a webhook endpoint with a `chat_kind`
/// (migration 0046) so the outbox delivers its digests like any delivery: in order, retried,
/// leased, capped per account, logged. Read and written only by those who may edit the series
/// (its owner and editing co-hosts): the URL is a credential of the team's workspace.
///
/// The endpoint counts against the series' owner's endpoint cap, and delivers for the account
/// that pasted its URL (`created_by`): only while that account may still edit the series
/// (``SeriesDeliveryGate``), checked when a digest is queued and again when it is sent. Its
/// deliveries are `results.summary` rows with a `digest_key` saying what they are for
/// (``DigestKey``); the delivery service renders them at the first attempt.
public struct ChatChannelStore: Sendable {
    /// The one entry of a chat channel's `events`: no ``WebhookEvent`` has this name, so the
    /// host's webhook events never reach a channel (it is sent digests only, queued here).
    static let digestMarker = "chat.digest"

    let database: Database
    let secrets: WebhookSecrets

    public init(database: Database, secrets: WebhookSecrets) {
        self.database = database
        self.secrets = secrets
    }

    /// How many deliveries a channel's log shows.
    public static let logLength = 20

    /// Sets the series' channel: a new one, or the one there changed (its refusal cleared, its
    /// waiting digests rendered again for the new URL). Whoever sets it becomes its maker. A new channel past the owner's endpoint
    /// cap is a problem at `url` naming the cap.
    public func put(series seriesID: UUID, _ draft: ChatChannelDraft, by viewer: Viewer, cap: Int = Int(Int32.max)) async throws -> ChatChannel {
        // The column is required of every endpoint; a chat channel never signs with it (Slack
        // and Teams do not check signatures), so it is a random key nobody is shown.
        let sealed = try await self.secrets.seal(WebhookSecrets.newSecret().key)
        return try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true)
            let existing = try await connection.query(
                "SELECT id FROM webhook_endpoints WHERE series_id = \(seriesID) AND chat_kind IS NOT NULL FOR UPDATE"
            ).first.map { try $0.decode("id", as: UUID.self) }
            if let existing {
                _ = try await connection.execute(
                    """
                    UPDATE webhook_endpoints SET url = \(draft.url.absoluteString), chat_kind = \(draft.kind.rawValue),
                        chat_language = \(draft.language.rawValue), chat_daily = \(draft.daily), created_by = \(viewer.accountID),
                        disabled_at = NULL, disabled_reason = NULL, failing_since = NULL, lease_until = NULL
                    WHERE id = \(existing)
                    """)
                _ = try await connection.execute(
                    """
                    UPDATE webhook_deliveries SET data = NULL, next_attempt_at = now()
                    WHERE endpoint_id = \(existing) AND delivered_at IS NULL
                    """)
            } else {
                // The owner's account row, locked as ``WebhookEndpointStore/create`` does, so the cap holds exactly.
                let count: Int = try await connection.query(
                    """
                    SELECT (SELECT count(*) FROM webhook_endpoints e WHERE e.account_id = a.id) AS n
                    FROM meeting_series s JOIN accounts a ON a.id = s.host_id WHERE s.id = \(seriesID) FOR NO KEY UPDATE OF a
                    """
                ).single().decode("n")
                guard count < cap else {
                    throw ValidationFailure(problems: [FieldProblem(
                        "url", "is one endpoint too many: an account may have at most \(cap) webhook endpoints and chat channels; delete one first")])
                }
                _ = try await connection.execute(
                    """
                    INSERT INTO webhook_endpoints (account_id, series_id, url, events, secret_sealed, chat_kind, chat_language, chat_daily, created_by)
                    SELECT s.host_id, s.id, \(draft.url.absoluteString), ARRAY[\(Self.digestMarker)], decode(\(sealed), 'hex'),
                        \(draft.kind.rawValue), \(draft.language.rawValue), \(draft.daily), \(viewer.accountID)
                    FROM meeting_series s WHERE s.id = \(seriesID)
                    """)
            }
            guard let channel = try await Self.channel(series: seriesID, on: connection) else { throw DebriefError.notFound("chat channel") }
            return channel
        }
    }

    /// The series' channel with its latest deliveries.
    public func find(series seriesID: UUID, by viewer: Viewer) async throws -> ChatChannel {
        try await self.database.withConnection { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            guard let channel = try await Self.channel(series: seriesID, on: connection) else { throw DebriefError.notFound("chat channel") }
            return channel
        }
    }

    /// The series' channel, or nil when it has none (for the meeting page, which offers to add one).
    public func channelIfAny(series seriesID: UUID, by viewer: Viewer) async throws -> ChatChannel? {
        try await self.database.withConnection { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            return try await Self.channel(series: seriesID, on: connection)
        }
    }

    /// Deletes the series' channel and its waiting digests.
    public func delete(series seriesID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            let count = try await connection.execute(
                "DELETE FROM webhook_endpoints WHERE series_id = \(seriesID) AND chat_kind IS NOT NULL")
            if count == 0 { throw DebriefError.notFound("chat channel") }
        }
    }

    /// Queues a test message: the digest of session `meetingID` of the series, the one the series
    /// clock names (``SeriesClock/digestSession(at:)``, decision 83), or a greeting when nil (no
    /// session has a published form). At most `cap` test messages wait at once, so the button
    /// pressed in a loop cannot fill the outbox.
    public func queueTest(series seriesID: UUID, meeting meetingID: UUID?, by viewer: Viewer, cap: Int) async throws -> WebhookDelivery {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            let row = try await connection.query(
                """
                SELECT e.id, e.disabled_reason, \(SeriesDeliveryGate.allows(maker: "e.created_by", series: "e.series_id")) AS delivers,
                    (SELECT count(*) FROM webhook_deliveries d
                     WHERE d.endpoint_id = e.id AND d.delivered_at IS NULL AND d.digest_key LIKE 'test:%') AS waiting
                FROM webhook_endpoints e WHERE e.series_id = \(seriesID) AND e.chat_kind IS NOT NULL FOR NO KEY UPDATE
                """
            ).first
            guard let row else { throw DebriefError.notFound("chat channel") }
            let endpoint: UUID = try row.decode("id")
            guard try row.decode("delivers", as: Bool.self) else {
                throw DebriefError(.conflict, "the channel's maker may no longer edit this series; paste a webhook URL again to send from it")
            }
            if let reason: String = try row.decode("disabled_reason") {
                throw DebriefError(.conflict, "the channel is disabled (\(reason)); paste the webhook URL again to turn it back on")
            }
            guard try row.decode("waiting", as: Int.self) < cap else {
                throw DebriefError(.conflict, "at most \(cap) test messages may wait at once; wait for them to be sent")
            }
            let key = DigestKey.test(UUID())
            let inserted = try await connection.query(
                """
                WITH n AS (
                    INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, meeting_id, digest_key)
                    SELECT \(endpoint), \(SQLQuery(unsafeSQL: WebhookOutbox.newMessageID)), 'results.summary', NULL,
                        (SELECT m.id FROM meetings m WHERE m.id = \(meetingID) AND m.series_id = \(seriesID) AND m.trashed_at IS NULL),
                        \(key)
                    RETURNING *
                )
                SELECT \(WebhookDelivery.columns) FROM n d
                """)
            return try WebhookDelivery(row: try inserted.single())
        }
    }

    /// Queues the digests the clock makes due, for every channel at once (any instance may run
    /// it; the digest keys make a second run queue nothing): a form whose `closesAt` passed
    /// (a host's close queues its digest in the close's own transaction), and for channels that
    /// asked for them, one digest per full day since a form opened while it takes answers.
    /// Only what came due after the channel was set up. Returns how many were queued.
    @discardableResult
    public func queueDue() async throws -> Int {
        let closed = try await self.database.execute(
            """
            INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, meeting_id, digest_key)
            SELECT e.id, \(SQLQuery(unsafeSQL: WebhookOutbox.newMessageID)), 'results.summary', NULL, m.id, 'closed:' || f.id
            FROM forms f JOIN meetings m ON m.id = f.meeting_id
            JOIN webhook_endpoints e ON e.series_id = m.series_id AND e.chat_kind IS NOT NULL
                AND \(SeriesDeliveryGate.allows(maker: "e.created_by", series: "e.series_id"))
            WHERE f.published_at IS NOT NULL AND f.closed_at IS NULL AND f.trashed_at IS NULL AND m.trashed_at IS NULL
                AND f.closes_at <= now() AND f.closes_at > now() - interval '1 day' AND f.closes_at > e.created_at
            ORDER BY e.id, f.closes_at
            ON CONFLICT (endpoint_id, digest_key) DO NOTHING
            """)
        let daily = try await self.database.execute(
            """
            INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, meeting_id, digest_key)
            SELECT e.id, \(SQLQuery(unsafeSQL: WebhookOutbox.newMessageID)), 'results.summary', NULL, m.id,
                'daily:' || f.id || ':' || x.day
            FROM forms f JOIN meetings m ON m.id = f.meeting_id
            JOIN webhook_endpoints e ON e.series_id = m.series_id AND e.chat_kind IS NOT NULL AND e.chat_daily
                AND \(SeriesDeliveryGate.allows(maker: "e.created_by", series: "e.series_id"))
            CROSS JOIN LATERAL (SELECT floor(extract(epoch FROM now() - f.published_at) / 86400)::int AS day) x
            WHERE f.published_at IS NOT NULL AND f.closed_at IS NULL AND f.trashed_at IS NULL AND m.trashed_at IS NULL
                AND (f.closes_at IS NULL OR f.closes_at > now())
                AND x.day >= 1 AND f.published_at + make_interval(days => x.day) > e.created_at
            ORDER BY e.id, f.published_at
            ON CONFLICT (endpoint_id, digest_key) DO NOTHING
            """)
        return closed + daily
    }

    /// The series' channel and its log, on `connection`.
    static func channel(series seriesID: UUID, on connection: Connection) async throws -> ChatChannel? {
        guard let row = try await connection.query(
            """
            SELECT e.id, e.series_id, e.url, e.chat_kind, e.chat_language, e.chat_daily, e.created_at, e.disabled_at,
                e.disabled_reason, e.failing_since, mk.id AS maker_id, mk.email AS maker_email, mk.display_name AS maker_name,
                \(SeriesDeliveryGate.allows(maker: "e.created_by", series: "e.series_id")) AS delivers,
                (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.delivered_at IS NULL) AS pending_count
            FROM webhook_endpoints e LEFT JOIN accounts mk ON mk.id = e.created_by
            WHERE e.series_id = \(seriesID) AND e.chat_kind IS NOT NULL
            """
        ).first else { return nil }
        let id: UUID = try row.decode("id")
        let url: String = try row.decode("url")
        let kind: String = try row.decode("chat_kind")
        let language: String = try row.decode("chat_language")
        let deliveries = try await connection.query(
            """
            SELECT \(WebhookDelivery.columns) FROM webhook_deliveries d
            WHERE d.endpoint_id = \(id) ORDER BY d.seq DESC LIMIT \(Self.logLength)
            """
        ).map(WebhookDelivery.init(row:))
        guard let parsed = URL(string: url) else { return nil }
        var channel = ChatChannel(
            id: id, seriesID: try row.decode("series_id"), kind: ChatKind(rawValue: kind) ?? .slack, url: parsed,
            language: Language(rawValue: language) ?? .en, daily: try row.decode("chat_daily"),
            createdAt: try row.decode("created_at"), disabledAt: try row.decode("disabled_at"),
            disabledReason: try row.decode("disabled_reason"), failingSince: try row.decode("failing_since"),
            pendingCount: try row.decode("pending_count"), deliveries: deliveries)
        channel.madeBy = try CredentialMaker(row: row, prefix: "maker")
        channel.delivers = try row.decode("delivers")
        return channel
    }
}

/// What a digest delivery is for, as its `digest_key` says.
public enum DigestKey {
    static func test(_ id: UUID) -> String { "test:" + id.lowercasedText }

    /// The occasion of a key (nil key: a close queued before keys, taken as a close).
    public static func occasion(_ key: String?) -> ResultsDigest.Occasion {
        guard let key else { return .closed }
        if key.hasPrefix("daily:") { return .daily }
        if key.hasPrefix("test:") { return .test }
        return .closed
    }
}

extension ChatChannelStore {
    /// The series clocks, read from the same database (which session a test message digests).
    public var clocks: SeriesClockStore { SeriesClockStore(database: self.database) }
}
