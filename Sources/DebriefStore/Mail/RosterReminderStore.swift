import Debrief
import Foundation
import PQ

/// Reminder rounds (migration 0069, docs/decisions/0077-personal-links-and-reminders.md): a
/// host's press of "Remind those who have not answered", or one of the series' reminder times
/// come due, chooses the members a reminder should reach — whose link was sent for the session,
/// with an address not suppressed (`mail_suppressed`), who have not answered
/// (``PersonalLink/hasAnswered(meeting:member:)``) — and records them. Nothing here writes mail:
/// ``RosterMailStore/due(meeting:window:)``, the one writer, turns the records into outbox rows
/// through the allowance and suppression checks, and asks "has not answered" once more.
public struct RosterReminderStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The members of `meeting`'s roster (`rm`) a round reaches now (SQL, `meeting` an expression).
    static func reaches(meeting: SQLQuery) -> SQLQuery {
        """
        rm.email IS NOT NULL AND rm.mail_token IS NOT NULL AND NOT mail_suppressed(rm.email, rm.series_id)
            AND EXISTS (SELECT 1 FROM roster_link_sends ls WHERE ls.meeting_id = \(meeting) AND ls.roster_member_id = rm.id)
            AND NOT \(PersonalLink.hasAnswered(meeting: meeting, member: "rm.id"))
        """
    }

    /// The host's press for `meeting`: a round of its own (each press is one), recording the
    /// members it reaches now. Returns how many. Needs the right to edit the series; a conflict
    /// when the session has no open form.
    public func press(meeting meetingID: UUID, series seriesID: UUID, by viewer: Viewer) async throws -> Int {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            guard try await RosterSendStore.target(meetingID, series: seriesID, on: connection).formCode != nil else {
                throw DebriefError(.conflict, "the session's form is not published and open: there is nothing to remind of")
            }
            let round = UUID()
            try await connection.execute(
                "INSERT INTO roster_reminder_sends (id, meeting_id, requested_by) VALUES (\(round), \(meetingID), \(viewer.accountID))")
            return try await connection.execute(
                """
                INSERT INTO roster_reminder_recipients (send_id, roster_member_id)
                SELECT \(round), rm.id FROM roster_members rm
                WHERE rm.series_id = \(seriesID) AND \(Self.reaches(meeting: "\(meetingID)::uuid"))
                """)
        }
    }

    /// Starts the rounds whose time has come: for each series' reminder time and each of its
    /// sessions (started within `window`) whose form is open, once the time passed — `N h` after
    /// the session ended, or `N h` before the form closes — and at most a day ago (a time set
    /// late does not remind every older session at once). The key (session, time) makes each
    /// happen once, whichever instance's pass gets there first: a second insert finds it and
    /// does nothing. Returns the rounds started.
    @discardableResult
    public func startDueRounds(window: Duration = .seconds(30 * 24 * 3600)) async throws -> Int {
        let window = MailOutbox.seconds(window)
        return try await self.database.withTransaction { connection in
            let started = try await connection.query(
                """
                WITH times AS (
                    SELECT r.series_id, r.set_by, 'after_end' AS anchor, r.after_end_hours AS hours FROM roster_reminders r
                    WHERE r.after_end_hours IS NOT NULL
                    UNION ALL
                    SELECT r.series_id, r.set_by, 'before_close', r.lead_hours FROM roster_reminders r WHERE r.lead_hours IS NOT NULL
                ), due AS (
                    SELECT DISTINCT ON (m.id, t.anchor, t.hours) m.id AS meeting_id, t.set_by, t.anchor || ':' || t.hours AS schedule
                    FROM times t
                    JOIN meetings m ON m.series_id = t.series_id AND m.trashed_at IS NULL
                        AND m.starts_at > now() - make_interval(secs => \(window))
                    JOIN meeting_series s ON s.id = m.series_id AND s.trashed_at IS NULL
                    JOIN forms f ON f.meeting_id = m.id AND \(RosterMailStore.formIsOpen)
                    CROSS JOIN LATERAL (SELECT CASE WHEN t.anchor = 'after_end' THEN m.ends_at + make_interval(hours => t.hours)
                        ELSE f.closes_at - make_interval(hours => t.hours) END AS at) moment
                    WHERE moment.at <= now() AND moment.at > now() - interval '1 day'
                        -- A round reminds those sent the session's link: it waits for the host's Send.
                        AND EXISTS (SELECT 1 FROM roster_link_sends ls WHERE ls.meeting_id = m.id)
                        AND \(SeriesDeliveryGate.allows(maker: "t.set_by", series: "m.series_id"))
                    ORDER BY m.id, t.anchor, t.hours
                )
                INSERT INTO roster_reminder_sends (id, meeting_id, requested_by, schedule)
                SELECT gen_random_uuid(), meeting_id, set_by, schedule FROM due
                ON CONFLICT (meeting_id, schedule) DO NOTHING
                RETURNING id, meeting_id
                """)
            for row in started {
                let round: UUID = try row.decode("id")
                let meeting: UUID = try row.decode("meeting_id")
                try await connection.execute(
                    """
                    INSERT INTO roster_reminder_recipients (send_id, roster_member_id)
                    SELECT \(round), rm.id FROM meetings m JOIN roster_members rm ON rm.series_id = m.series_id
                    WHERE m.id = \(meeting) AND \(Self.reaches(meeting: "\(meeting)::uuid"))
                    """)
            }
            return started.count
        }
    }
}
