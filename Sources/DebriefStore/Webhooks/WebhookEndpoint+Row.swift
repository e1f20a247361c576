import Debrief
import Foundation
import PQ

extension WebhookEndpoint {
    /// An endpoint from a row selected with ``columns``.
    init(row: Row) throws {
        let events: String = try row.decode("events")
        let url: String = try row.decode("url")
        self.init(
            id: try row.decode("id"),
            accountID: try row.decode("account_id"),
            seriesID: try row.decode("series_id"),
            url: URL(string: url) ?? URL(string: "invalid:")!,
            events: events.split(separator: ",").compactMap { WebhookEvent(rawValue: String($0)) },
            createdAt: try row.decode("created_at"),
            disabledAt: try row.decode("disabled_at"),
            disabledReason: try row.decode("disabled_reason"),
            failingSince: try row.decode("failing_since"),
            pendingCount: try row.decode("pending_count"))
    }

    static let columns: SQLQuery = """
        e.id, e.account_id, e.series_id, e.url, array_to_string(e.events, ',') AS events, e.created_at, e.disabled_at,
        e.disabled_reason, e.failing_since,
        (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.delivered_at IS NULL) AS pending_count
        """
}

extension WebhookDelivery {
    /// A delivery from a row selected with ``columns``.
    init(row: Row) throws {
        let event: String = try row.decode("event")
        let deliveredAt: Date? = try row.decode("delivered_at")
        self.init(
            id: try row.decode("id"),
            messageID: try row.decode("message_id"),
            event: WebhookEvent(rawValue: event) ?? .responseCreated,
            createdAt: try row.decode("created_at"),
            status: deliveredAt == nil ? .pending : .delivered,
            attempts: try row.decode("attempts"),
            nextAttemptAt: deliveredAt == nil ? try row.decode("next_attempt_at") : nil,
            lastAttemptAt: try row.decode("last_attempt_at"),
            lastStatusCode: try row.decode("last_status"),
            lastError: try row.decode("last_error"),
            lastResponseMilliseconds: try row.decode("last_response_ms"),
            deliveredAt: deliveredAt,
            redeliveryOf: try row.decode("redelivery_of"))
    }

    static let columns: SQLQuery = """
        d.id, d.message_id, d.event, d.created_at, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_status,
        d.last_error, d.last_response_ms, d.delivered_at, d.redelivery_of
        """
}
