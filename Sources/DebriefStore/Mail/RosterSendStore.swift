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
    }

    /// A roster member as the send step sees them. Whether they answered is not here: it reaches
    /// the send step only through ``State/answering`` (``RosterAnswering``, decision 81).
    public struct Member: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var email: String?
        /// The address asked for no more mail (this series' or everywhere: `mail_suppressed`).
        public var suppressed: Bool
        /// A link for this session was sent (or is waiting for the allowance) already.
        public var sent: Bool
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
        /// What the host may learn about who answered (decision 81).
        public var answering: RosterAnswering
    }

    /// What the send page shows, read in one snapshot.
    public func state(meeting meetingID: UUID, series seriesID: UUID, by viewer: Viewer) async throws -> State {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            let target = try await Self.target(meetingID, series: seriesID, on: connection)
            let members = try await connection.query(
                """
                SELECT rm.id, rm.name, rm.email, (rm.email IS NOT NULL AND mail_suppressed(rm.email, rm.series_id)) AS suppressed,
                    EXISTS (SELECT 1 FROM roster_link_sends ls WHERE ls.meeting_id = \(meetingID) AND ls.roster_member_id = rm.id) AS sent
                FROM roster_members rm WHERE rm.series_id = \(seriesID) ORDER BY rm.name_key, rm.id
                """
            ).map { row in
                Member(
                    id: try row.decode("id"), name: try row.decode("name"), email: try row.decode("email"),
                    suppressed: try row.decode("suppressed"), sent: try row.decode("sent"))
            }
            let reminder = try await connection.query(
                "SELECT lead_hours, after_end_hours FROM roster_reminders WHERE series_id = \(seriesID)"
            ).first.flatMap { Reminder(leadHours: try $0.decode("lead_hours"), afterEndHours: try $0.decode("after_end_hours")) }
            let answering = try await Self.answering(meetingID, series: seriesID, on: connection)
            return State(target: target, members: members, reminder: reminder, answering: answering)
        }
    }

    /// What the host may learn about who answered `meeting`, as ``RosterAnswering`` decides it
    /// from what is read here: per member only on a named session; on an anonymous one the
    /// session's own counts (the flags and the link sends, both outliving roster edits).
    static func answering(_ meetingID: UUID, series seriesID: UUID, on connection: Connection) async throws -> RosterAnswering {
        let session = try await connection.query(
            """
            SELECT (SELECT count(*)::int FROM forms f WHERE f.meeting_id = \(meetingID) AND f.published_at IS NOT NULL) AS published,
                (SELECT count(*)::int FROM forms f WHERE f.meeting_id = \(meetingID) AND f.published_at IS NOT NULL
                    AND coalesce((f.definition ->> 'anonymous')::boolean, true)) AS anonymous,
                \(PersonalLink.answeredThroughLinks(meeting: "\(meetingID)::uuid")) AS answered,
                (SELECT count(*)::int FROM roster_link_sends ls WHERE ls.meeting_id = \(meetingID)) AS link_sent,
                EXISTS (SELECT 1 FROM roster_reminder_sends rs WHERE rs.meeting_id = \(meetingID)
                    AND rs.schedule = \(RosterReminderStore.pressSchedule)) AS pressed
            """
        ).single()
        let anonymous = RosterAnswering.isAnonymous(
            publishedVersions: try session.decode("published"), anonymousVersions: try session.decode("anonymous"))
        // An anonymous session reads no member's state at all: there is nothing to filter out later.
        let members: [RosterAnswering.Member] =
            anonymous
            ? []
            : try await connection.query(
                """
                SELECT rm.name, \(PersonalLink.hasAnswered(meeting: "\(meetingID)::uuid", member: "rm.id")) AS answered,
                    EXISTS (SELECT 1 FROM roster_link_sends ls WHERE ls.meeting_id = \(meetingID) AND ls.roster_member_id = rm.id
                        AND \(RosterReminderStore.reaches(meeting: "\(meetingID)::uuid"))) AS remindable
                FROM roster_members rm WHERE rm.series_id = \(seriesID) ORDER BY rm.name_key, rm.id
                """
            ).map { row in
                RosterAnswering.Member(name: try row.decode("name"), answered: try row.decode("answered"), remindable: try row.decode("remindable"))
            }
        return RosterAnswering(
            anonymous: anonymous, members: members, answeredThroughLinks: try session.decode("answered"),
            reminderSet: try session.decode("link_sent"), pressed: try session.decode("pressed"))
    }

    /// Records the host's press: each of `recipients` (a member and whether they were present;
    /// with `attendanceTaken` false, no wording of presence at all: stored NULL, issue 68)
    /// who still has an address that is not suppressed and was not sent this session's link
    /// before. Each row keeps the address and name the link goes to: the session's reminder set,
    /// which later roster edits do not change (decision 81). Returns the members recorded now. Refused (conflict) when the session has no open
    /// form any more.
    public func recordLinkSend(
        meeting meetingID: UUID, series seriesID: UUID, by viewer: Viewer, recipients: [(member: UUID, present: Bool)],
        attendanceTaken: Bool = true
    ) async throws -> [UUID] {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            guard try await Self.target(meetingID, series: seriesID, on: connection).formCode != nil else {
                throw DebriefError(.conflict, "the session's form is not published and open: there is no link to send")
            }
            return try await connection.query(
                """
                INSERT INTO roster_link_sends (meeting_id, roster_member_id, requested_by, present, email, name)
                SELECT \(meetingID), rm.id, \(viewer.accountID), CASE WHEN \(attendanceTaken) THEN chosen.present END, rm.email, rm.name
                FROM unnest(\(recipients.map { $0.member })::uuid[], \(recipients.map { $0.present })::boolean[]) AS chosen (member, present)
                JOIN roster_members rm ON rm.id = chosen.member AND rm.series_id = \(seriesID)
                    AND rm.email IS NOT NULL AND rm.mail_token IS NOT NULL AND NOT mail_suppressed(rm.email, rm.series_id)
                ON CONFLICT (meeting_id, roster_member_id) DO NOTHING
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
                SELECT m.id, m.title, f.code, f.closes_at, s.time_zone FROM meetings m
                JOIN meeting_series s ON s.id = m.series_id
                LEFT JOIN LATERAL (
                    SELECT f.code, f.closes_at FROM forms f WHERE f.meeting_id = m.id AND \(RosterMailStore.formIsOpen)
                    ORDER BY f.published_at DESC LIMIT 1) f ON true
                WHERE m.id = \(meetingID) AND m.series_id = \(seriesID) AND m.trashed_at IS NULL
                """
            ).first
        else { throw DebriefError.notFound("meeting") }
        return Target(
            meetingID: try row.decode("id"), title: try row.decode("title"), formCode: try row.decode("code"),
            closesAt: try row.decode("closes_at"), timeZone: try row.decode("time_zone"))
    }
}
