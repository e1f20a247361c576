import Debrief
import Foundation
import PQ

/// Reminder rounds (migration 0069, docs/decisions/0077-personal-links-and-reminders.md, and
/// 0081-who-answered-is-not-an-output.md): a host's press of "Remind those who have not
/// answered", or one of the series' reminder times come due, starts a round for a session. Its
/// members are the session's reminder set — the link sends recorded before it started, each with
/// the address it went to (SQL/0074), whatever the roster has become since — less those who
/// answered, asked as each message is written. Nothing here writes mail:
/// ``RosterMailStore/due(meeting:window:)``, the one writer, turns rounds into outbox rows.
///
/// Each session has one press (`schedule` 'press') and one round per series time: the unique key
/// (session, schedule) makes a second press, however soon, remind nobody twice. A round of an
/// anonymous session is charged for its whole set when it starts (``RosterAnswering/roundCharge``):
/// what it costs, and what the counts of mail written show, is the same whoever answered.
public struct RosterReminderStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The `schedule` of a host's press: one per session.
    static let pressSchedule = "press"

    /// The link sends `ls` (with their member `rm`) of `meeting` a round reaches now (SQL,
    /// `meeting` an expression): the member still on the roster (their unsubscribe link and
    /// personal link need them: a removed member is mailed no more), the address the link went to
    /// not suppressed, and not answered.
    static func reaches(meeting: SQLQuery) -> SQLQuery {
        """
        ls.email IS NOT NULL AND rm.mail_token IS NOT NULL AND NOT mail_suppressed(ls.email, rm.series_id)
            AND NOT \(PersonalLink.hasAnswered(meeting: meeting, member: "rm.id"))
        """
    }

    /// The host's press for `meeting`: the session's one press round. A second press starts
    /// nothing and says so (`repeated`). On an anonymous session the round is charged for the
    /// whole reminder set first, and refused (rate limited) when the hour's cap or the day's
    /// allowance cannot cover it. Needs the right to edit the series; a conflict when the session
    /// has no open form.
    public func press(meeting meetingID: UUID, series seriesID: UUID, by viewer: Viewer, caps: MailCaps = MailCaps()) async throws -> RemindPress {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            guard try await RosterSendStore.target(meetingID, series: seriesID, on: connection).formCode != nil else {
                throw DebriefError(.conflict, "the session's form is not published and open: there is nothing to remind of")
            }
            let answering = try await RosterSendStore.answering(meetingID, series: seriesID, on: connection)
            if answering.pressed { return answering.press(reached: 0, repeated: true) }
            if let charge = answering.roundCharge,
                try await !MailOutbox.covers(charge: charge, account: viewer.accountID, caps: caps, on: connection)
            {
                throw DebriefError(
                    .rateLimited,
                    "this reminder counts \(charge) messages (everyone the link went to) and the mail allowance left cannot cover them: try later")
            }
            let started = try await connection.execute(
                """
                INSERT INTO roster_reminder_sends (id, meeting_id, requested_by, schedule, charged)
                VALUES (\(UUID()), \(meetingID), \(viewer.accountID), \(Self.pressSchedule), \(answering.roundCharge))
                ON CONFLICT (meeting_id, schedule) DO NOTHING
                """)
            // Another press got there first (both ran at once): this one is the repeat.
            guard started == 1 else { return answering.press(reached: 0, repeated: true) }
            let reached: Int = try await connection.query(
                """
                SELECT count(*)::int AS n FROM roster_link_sends ls JOIN roster_members rm ON rm.id = ls.roster_member_id
                WHERE ls.meeting_id = \(meetingID) AND \(Self.reaches(meeting: "\(meetingID)::uuid"))
                """
            ).single().decode("n")
            return answering.press(reached: reached, repeated: false)
        }
    }

    /// The series clocks, read from the same database (which sessions reminders are for).
    public var clocks: SeriesClockStore { SeriesClockStore(database: self.database) }

    /// A series' reminder time come due for a session.
    struct DueRound {
        var meetingID: UUID
        var seriesID: UUID
        var setBy: UUID
        var schedule: String
        /// The whole set's size on an anonymous session (what the round is charged), else nil.
        var charge: Int?
    }

    /// Starts the rounds whose time has come at `instant` (the app's ``WallClock``): for each
    /// series' reminder time and each of its sessions (started within `window`) whose form is
    /// open, once the time passed — `N h` after the session ended, or `N h` before the form
    /// closes — and at most a day ago (a time set late does not remind every older session at
    /// once); and only for a session the series clock names for reminders
    /// (``SeriesClock/reminds(_:at:)``: the one happening now, the previous one while its form is
    /// open), so a form published early or an older session's open form never takes them
    /// (decision 83). The key (session, time) makes each happen once, whichever instance's pass
    /// gets there first: a second insert finds it and does nothing. A round of an anonymous
    /// session whose charge the account's allowance cannot cover now waits for a later pass
    /// (within that day). Returns the rounds started.
    @discardableResult
    public func startDueRounds(at instant: Date, window: Duration = .seconds(30 * 24 * 3600), caps: MailCaps = MailCaps()) async throws -> Int {
        let window = MailOutbox.seconds(window)
        let due = try await self.database.query(
            """
            WITH times AS (
                SELECT r.series_id, r.set_by, 'after_end' AS anchor, r.after_end_hours AS hours FROM roster_reminders r
                WHERE r.after_end_hours IS NOT NULL
                UNION ALL
                SELECT r.series_id, r.set_by, 'before_close', r.lead_hours FROM roster_reminders r WHERE r.lead_hours IS NOT NULL
            )
            SELECT DISTINCT ON (m.id, t.anchor, t.hours) m.id AS meeting_id, m.series_id, t.set_by, t.anchor || ':' || t.hours AS schedule,
                \(PersonalLink.anonymousSession(meeting: "m.id")) AS anonymous,
                (SELECT count(*)::int FROM roster_link_sends ls WHERE ls.meeting_id = m.id) AS link_sent
            FROM times t
            JOIN meetings m ON m.series_id = t.series_id AND m.trashed_at IS NULL
                AND m.starts_at > \(instant)::timestamptz - make_interval(secs => \(window))
            JOIN meeting_series s ON s.id = m.series_id AND s.trashed_at IS NULL
            JOIN forms f ON f.meeting_id = m.id AND \(RosterMailStore.formIsOpen)
            CROSS JOIN LATERAL (SELECT CASE WHEN t.anchor = 'after_end' THEN m.ends_at + make_interval(hours => t.hours)
                ELSE f.closes_at - make_interval(hours => t.hours) END AS at) moment
            WHERE moment.at <= \(instant)::timestamptz AND moment.at > \(instant)::timestamptz - interval '1 day'
                -- A round reminds those sent the session's link: it waits for the host's Send.
                AND EXISTS (SELECT 1 FROM roster_link_sends ls WHERE ls.meeting_id = m.id)
                AND NOT EXISTS (SELECT 1 FROM roster_reminder_sends rs WHERE rs.meeting_id = m.id AND rs.schedule = t.anchor || ':' || t.hours)
                AND \(SeriesDeliveryGate.allows(maker: "t.set_by", series: "m.series_id"))
            ORDER BY m.id, t.anchor, t.hours
            """
        ).map { row in
            DueRound(
                meetingID: try row.decode("meeting_id"), seriesID: try row.decode("series_id"), setBy: try row.decode("set_by"), schedule: try row.decode("schedule"),
                charge: RosterAnswering.roundCharge(anonymous: try row.decode("anonymous"), reminderSet: try row.decode("link_sent")))
        }
        // Which sessions may be reminded is the series clock's, one read per series.
        var clocks: [UUID: SeriesClock] = [:]
        for series in Set(due.map(\.seriesID)) { clocks[series] = try await self.clocks.clock(series: series) }
        var started = 0
        for round in due where clocks[round.seriesID]?.reminds(round.meetingID, at: instant) ?? false {
            // One transaction per round: the charge is taken under the account's mail lock.
            started += try await self.database.withTransaction { connection in
                if let charge = round.charge, try await !MailOutbox.covers(charge: charge, account: round.setBy, caps: caps, on: connection) {
                    return 0
                }
                return try await connection.execute(
                    """
                    INSERT INTO roster_reminder_sends (id, meeting_id, requested_by, schedule, charged)
                    VALUES (\(UUID()), \(round.meetingID), \(round.setBy), \(round.schedule), \(round.charge))
                    ON CONFLICT (meeting_id, schedule) DO NOTHING
                    """)
            }
        }
        return started
    }
}
