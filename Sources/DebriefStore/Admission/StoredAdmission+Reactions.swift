import Debrief
import Foundation
import PQ

extension StoredAdmission {
    /// Counts one reaction of `sender` (a keyed hash of a room identity, ``ReactionSenders``) to
    /// `meeting`, or throws `rateLimited` past ``ReactionCaps/perMinute`` in the current window or
    /// ``ReactionCaps/perMeeting`` in all (docs/decisions/0100); then nothing is counted.
    ///
    /// One statement: the row of the sender is the cap's whole record (a fixed window of
    /// ``ReactionCaps/window`` seconds and a total), and `ON CONFLICT DO UPDATE … WHERE` takes its
    /// row lock, so two reactions at once cannot pass a cap together. No time of a single reaction
    /// is kept, only when the window began and when the row expires.
    static func reaction(meeting: UUID, sender: String, on connection: Connection) async throws {
        let windowStart: SQLQuery = "(now() - make_interval(secs => \(ReactionCaps.window)))"
        let expires: SQLQuery = "(now() + make_interval(secs => \(ReactionCaps.keepSeconds)))"
        let counted = try await connection.query(
            """
            INSERT INTO reaction_senders AS r (meeting_id, sender, window_started_at, in_window, total, expires_at)
            VALUES (\(meeting), \(sender), now(), 1, 1, \(expires))
            ON CONFLICT (meeting_id, sender) DO UPDATE SET
                window_started_at = CASE WHEN r.window_started_at <= \(windowStart) THEN now() ELSE r.window_started_at END,
                in_window = CASE WHEN r.window_started_at <= \(windowStart) THEN 1 ELSE r.in_window + 1 END,
                total = r.total + 1,
                expires_at = \(expires)
            WHERE r.total < \(ReactionCaps.perMeeting)
                AND (r.window_started_at <= \(windowStart) OR r.in_window < \(ReactionCaps.perMinute))
            RETURNING r.total
            """)
        guard counted.isEmpty else { return }
        let row = try await connection.query(
            """
            SELECT total, greatest(1, ceil(extract(epoch FROM window_started_at + make_interval(secs => \(ReactionCaps.window)) - now())))::int8 AS wait
            FROM reaction_senders WHERE meeting_id = \(meeting) AND sender = \(sender)
            """
        ).single()
        let total: Int = try row.decode("total")
        if total >= ReactionCaps.perMeeting { throw ReactionCaps.meetingReached }
        throw ReactionCaps.minuteReached(retryAfter: try row.decode("wait"))
    }

    /// Deletes the caps' records of reactions past their expiry (the hourly purge).
    static func purgeExpiredReactionSenders(on database: Database) async throws -> Int {
        try await database.execute("DELETE FROM reaction_senders WHERE expires_at <= now()")
    }
}
