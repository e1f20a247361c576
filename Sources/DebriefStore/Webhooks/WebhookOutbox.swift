import Debrief
import Foundation
import PQ

/// Writes webhook deliveries into the outbox (`webhook_deliveries`) inside the transaction of
/// their event, so a committed event always has its deliveries and a rolled-back one has none
/// (docs/decisions/0027-webhook-outbox.md).
///
/// Every write is an `INSERT … SELECT` joined to the host's endpoints: a meeting whose host has no
/// endpoint for the event writes nothing, for the price of one index probe, so hosts without
/// webhooks pay nothing that matters on the submission path. Disabled endpoints still collect
/// their deliveries: they go out, in order, once the host enables the endpoint again.
enum WebhookOutbox {
    /// A new `webhook-id`: `msg_` and 32 hex digits, made by the database in the same statement.
    static let newMessageID = "'msg_' || replace(gen_random_uuid()::text, '-', '')"

    /// `column` as the JSON timestamps of the API (UTC, milliseconds, `Z`).
    static func timestamp(_ column: String) -> String {
        "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
    }

    /// The endpoints of meeting `m` that take `event`: the host's, for all meetings or the meeting's series.
    /// A team chat channel takes no event (its `events` is ``ChatChannelStore/digestMarker``).
    ///
    /// A Standard Webhooks endpoint's maker is its account, joined here to the meeting's host: the
    /// series' owner, whom ``SeriesDeliveryGate`` always lets through, so queueing asks nothing
    /// more; the gate is asked for every delivery when it is claimed (``WebhookQueue/claim``),
    /// which is what stops a delivery whose maker lost the series since.
    static func endpoints(of meeting: String, taking event: WebhookEvent) -> SQLQuery {
        SQLQuery(unsafeSQL: """
            JOIN webhook_endpoints e ON e.account_id = \(meeting).host_id
                AND (e.series_id IS NULL OR e.series_id = \(meeting).series_id) AND '\(event.rawValue)' = ANY (e.events)
            """)
    }

    /// A CTE (`, o AS (…)`) for the response statements: one `response.created` delivery per
    /// inserted response and endpoint. `source` is a relation with the columns `response_id`,
    /// `form_id`, `meeting_id` and `submitted_at` of the responses that were inserted.
    static func responsesCreated(from source: SQLQuery) -> SQLQuery {
        """
        , o AS (
            INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, meeting_id)
            SELECT e.id, \(SQLQuery(unsafeSQL: Self.newMessageID)), 'response.created',
                jsonb_build_object('responseId', x.response_id, 'formId', x.form_id, 'meetingId', m.id,
                    'seriesId', m.series_id, 'submittedAt', \(SQLQuery(unsafeSQL: Self.timestamp("x.submitted_at")))),
                m.id
            FROM (\(source)) x JOIN meetings m ON m.id = x.meeting_id
            \(Self.endpoints(of: "m", taking: .responseCreated))
        )
        """
    }

    /// Writes the deliveries of a form event (`form.published`, `form.closed`) — and, for a
    /// close, `results.summary`, whose report is rendered at its first attempt — on `connection`,
    /// inside the caller's transaction.
    static func recordFormEvent(_ event: WebhookEvent, form formID: UUID, on connection: Connection) async throws {
        var events = [event]
        if event == .formClosed { events.append(.resultsSummary) }
        for event in events {
            let data: SQLQuery =
                event == .resultsSummary
                ? "NULL::jsonb"
                : SQLQuery(unsafeSQL: """
                    jsonb_build_object('formId', f.id, 'meetingId', m.id, 'seriesId', m.series_id, 'version', f.version,
                        'code', f.code, 'publishedAt', \(Self.timestamp("f.published_at")), 'closedAt', \(Self.timestamp("f.closed_at")))
                    """)
            try await connection.execute(
                """
                INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, meeting_id)
                SELECT e.id, \(SQLQuery(unsafeSQL: Self.newMessageID)), \(event.rawValue), \(data), m.id
                FROM forms f JOIN meetings m ON m.id = f.meeting_id
                \(Self.endpoints(of: "m", taking: event))
                WHERE f.id = \(formID)
                ORDER BY e.id
                """)
        }
        if event == .formClosed { try await Self.recordChatDigest(form: formID, on: connection) }
    }

    /// Writes the `action.updated` deliveries of an action item of meeting `meetingID` on
    /// `connection`, inside the caller's transaction (``ActionItemStore``). `change` is `created`,
    /// `updated` or `deleted`; `status` and `due` are the action's after the change.
    static func recordActionEvent(
        action actionID: UUID, meeting meetingID: UUID, change: String, status: ActionStatus, due: ActionDue, on connection: Connection
    ) async throws {
        try await connection.execute(
            """
            INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, meeting_id)
            SELECT e.id, \(SQLQuery(unsafeSQL: Self.newMessageID)), \(WebhookEvent.actionUpdated.rawValue),
                jsonb_build_object('actionId', \(actionID.lowercasedText)::text, 'meetingId', m.id, 'seriesId', m.series_id,
                    'change', \(change)::text, 'status', \(status.rawValue)::text, 'due', \(due.text)::text,
                    'updatedAt', \(SQLQuery(unsafeSQL: Self.timestamp("now()")))),
                m.id
            FROM meetings m
            \(Self.endpoints(of: "m", taking: .actionUpdated))
            WHERE m.id = \(meetingID)
            ORDER BY e.id
            """)
    }

    /// Queues the close's digest for the series' team chat channel (``ChatChannelStore``), once
    /// per form: the sweep of scheduled closes uses the same key.
    static func recordChatDigest(form formID: UUID, on connection: Connection) async throws {
        try await connection.execute(
            """
            INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, meeting_id, digest_key)
            SELECT e.id, \(SQLQuery(unsafeSQL: Self.newMessageID)), 'results.summary', NULL, m.id, 'closed:' || f.id
            FROM forms f JOIN meetings m ON m.id = f.meeting_id
            JOIN webhook_endpoints e ON e.series_id = m.series_id AND e.chat_kind IS NOT NULL
                AND \(SeriesDeliveryGate.allows(maker: "e.created_by", series: "m.series_id"))
            WHERE f.id = \(formID)
            ON CONFLICT (endpoint_id, digest_key) DO NOTHING
            """)
    }
}
