import Debrief
import Foundation
import PQ

/// The host's sending step of roster mail (migration 0060,
/// docs/decisions/0060-roster-sending-is-a-step.md): what a session's "Send the link" would do,
/// the press itself, and the series' reminder choice. Nothing here writes mail: a press records
/// who was chosen, and ``RosterMailStore/due(meeting:window:)`` — the one writer — turns the records into
/// outbox rows through the outbox's allowance and suppression checks.
///
/// Everything needs the right to edit the series (owner, editing co-host, admin), like the
/// addresses themselves.
public struct RosterSendStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The session's form as the link's target.
    public struct Target: Sendable, Equatable {
        public var meetingID: UUID
        public var title: String
        /// The open form's code; nil when the session has no published form that is still open
        /// (then there is nothing to send a link to).
        public var formCode: String?
        public var closesAt: Date?
        /// The series' zone, the close time's zone in the preview and the mail (decision 59).
        public var timeZone: String
        /// The open form is anonymous (or there is none): who answered is never shown (decision 77).
        public var anonymous: Bool
    }

    /// A roster member as the send step sees them.
    public struct Member: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var email: String?
        /// The address asked for no more mail (this series' or everywhere: `mail_suppressed`).
        public var suppressed: Bool
        /// A link for this session was sent (or is waiting for the allowance) already.
        public var sent: Bool
        /// Answered this session (``PersonalLink/hasAnswered(meeting:member:)``). Only a named
        /// form's page may show it per member; an anonymous one shows the count.
        public var answered: Bool

        /// A reminder round would reach them now (``RosterReminderStore``'s rule, as read here).
        public var remindable: Bool { self.email != nil && !self.suppressed && self.sent && !self.answered }
    }

    /// The series' reminder times: "remind those who have not answered `leadHours` before the
    /// form closes" and/or "`afterEndHours` after the session ends" (at least one of them).
    public struct Reminder: Sendable, Equatable {
        public static let leadHoursRange = 1...168
        public var leadHours: Int?
        public var afterEndHours: Int?

        public init?(leadHours: Int?, afterEndHours: Int?) {
            guard leadHours != nil || afterEndHours != nil else { return nil }
            self.leadHours = leadHours
            self.afterEndHours = afterEndHours
        }
    }

    public struct State: Sendable, Equatable {
        public var target: Target
        public var members: [Member]
        public var reminder: Reminder?
    }

    /// What the send page shows, read in one snapshot.
    public func state(meeting meetingID: UUID, series seriesID: UUID, by viewer: Viewer) async throws -> State {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            let target = try await Self.target(meetingID, series: seriesID, on: connection)
            let members = try await connection.query(
                """
                SELECT rm.id, rm.name, rm.email, (rm.email IS NOT NULL AND mail_suppressed(rm.email, rm.series_id)) AS suppressed,
                    EXISTS (SELECT 1 FROM roster_link_sends ls WHERE ls.meeting_id = \(meetingID) AND ls.roster_member_id = rm.id) AS sent,
                    \(PersonalLink.hasAnswered(meeting: "\(meetingID)::uuid", member: "rm.id")) AS answered
                FROM roster_members rm WHERE rm.series_id = \(seriesID) ORDER BY rm.name_key, rm.id
                """
            ).map { row in
                Member(
                    id: try row.decode("id"), name: try row.decode("name"), email: try row.decode("email"),
                    suppressed: try row.decode("suppressed"), sent: try row.decode("sent"), answered: try row.decode("answered"))
            }
            let reminder = try await connection.query(
                "SELECT lead_hours, after_end_hours FROM roster_reminders WHERE series_id = \(seriesID)"
            ).first.flatMap { Reminder(leadHours: try $0.decode("lead_hours"), afterEndHours: try $0.decode("after_end_hours")) }
            return State(target: target, members: members, reminder: reminder)
        }
    }

    /// Records the host's press: each of `recipients` (a member and whether they were present)
    /// who still has an address that is not suppressed and was not sent this session's link
    /// before. Returns the members recorded now. Refused (conflict) when the session has no open
    /// form any more.
    public func recordLinkSend(
        meeting meetingID: UUID, series seriesID: UUID, by viewer: Viewer, recipients: [(member: UUID, present: Bool)]
    ) async throws -> [UUID] {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            guard try await Self.target(meetingID, series: seriesID, on: connection).formCode != nil else {
                throw DebriefError(.conflict, "the session's form is not published and open: there is no link to send")
            }
            return try await connection.query(
                """
                INSERT INTO roster_link_sends (meeting_id, roster_member_id, requested_by, present)
                SELECT \(meetingID), rm.id, \(viewer.accountID), chosen.present
                FROM unnest(\(recipients.map { $0.member })::uuid[], \(recipients.map { $0.present })::boolean[]) AS chosen (member, present)
                JOIN roster_members rm ON rm.id = chosen.member AND rm.series_id = \(seriesID)
                    AND rm.email IS NOT NULL AND rm.mail_token IS NOT NULL AND NOT mail_suppressed(rm.email, rm.series_id)
                ON CONFLICT DO NOTHING
                RETURNING roster_member_id
                """
            ).map { try $0.decode("roster_member_id") }
        }
    }

    /// Sets the series' reminder times, or turns the reminder off (nil). The one who sets them is
    /// the account the reminders count against, and they go out only while that account may still
    /// edit the series.
    public func setReminder(series seriesID: UUID, by viewer: Viewer, _ reminder: Reminder?) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            if let reminder {
                try await connection.execute(
                    """
                    INSERT INTO roster_reminders (series_id, lead_hours, after_end_hours, set_by)
                    VALUES (\(seriesID), \(reminder.leadHours), \(reminder.afterEndHours), \(viewer.accountID))
                    ON CONFLICT (series_id) DO UPDATE SET lead_hours = EXCLUDED.lead_hours, after_end_hours = EXCLUDED.after_end_hours,
                        set_by = EXCLUDED.set_by, set_at = now()
                    """)
            } else {
                try await connection.execute("DELETE FROM roster_reminders WHERE series_id = \(seriesID)")
            }
        }
    }

    static func target(_ meetingID: UUID, series seriesID: UUID, on connection: Connection) async throws -> Target {
        guard
            let row = try await connection.query(
                """
                SELECT m.id, m.title, f.code, f.closes_at, s.time_zone, coalesce(f.anonymous, true) AS anonymous FROM meetings m
                JOIN meeting_series s ON s.id = m.series_id
                LEFT JOIN LATERAL (
                    SELECT f.code, f.closes_at, coalesce((f.definition ->> 'anonymous')::boolean, true) AS anonymous FROM forms f WHERE f.meeting_id = m.id AND \(RosterMailStore.formIsOpen)
                    ORDER BY f.published_at DESC LIMIT 1) f ON true
                WHERE m.id = \(meetingID) AND m.series_id = \(seriesID) AND m.trashed_at IS NULL
                """
            ).first
        else { throw DebriefError.notFound("meeting") }
        return Target(
            meetingID: try row.decode("id"), title: try row.decode("title"), formCode: try row.decode("code"),
            closesAt: try row.decode("closes_at"), timeZone: try row.decode("time_zone"), anonymous: try row.decode("anonymous"))
    }
}
