import Debrief
import Foundation
import PQ

/// Whether a published form accepts participants right now, judged by the database clock.
///
/// Every participant write reads these columns in the statement that writes, from the form row
/// taken `FOR SHARE`: a host closing the form (an `UPDATE` of that row) waits for writes already
/// under way, and writes that start later see the form closed.
struct FormGate: Sendable {
    var isOpen: Bool
    /// When the form stopped accepting answers, if it has.
    var closedAt: Date?
    /// When a form that accepts answers from the meeting's start opens, while it has not yet.
    var opensAt: Date?

    /// The SQL columns ``init(row:)`` reads; `f` is the form. A form whose definition says
    /// `acceptsAnswersFrom: meetingStart` is not open before its meeting's start.
    static let columns: SQLQuery = """
        (f.closed_at IS NULL AND (f.closes_at IS NULL OR f.closes_at > now())
            AND NOT coalesce(f.definition ->> 'acceptsAnswersFrom' = 'meetingStart'
                AND now() < (SELECT gm.starts_at FROM meetings gm WHERE gm.id = f.meeting_id), false)) AS gate_open,
        CASE WHEN f.closed_at IS NOT NULL THEN f.closed_at WHEN f.closes_at <= now() THEN f.closes_at END AS gate_closed_at,
        CASE WHEN f.definition ->> 'acceptsAnswersFrom' = 'meetingStart' THEN
            (SELECT gm.starts_at FROM meetings gm WHERE gm.id = f.meeting_id AND now() < gm.starts_at) END AS gate_opens_at
        """

    init(row: Row) throws {
        self.isOpen = try row.decode("gate_open")
        self.closedAt = try row.decode("gate_closed_at")
        self.opensAt = try row.decode("gate_opens_at")
    }

    /// Throws `gone` (with the closing time) once the form closed; a form that does not accept
    /// answers yet can still be read.
    func requireNotClosed() throws {
        if self.isOpen || (self.closedAt == nil && self.opensAt != nil) { return }
        try self.requireOpen()
    }

    /// Throws `gone` (with the closing time) once the form closed, and `conflict` (naming
    /// `acceptsAnswersFrom` and when it opens) before it accepts answers.
    func requireOpen() throws {
        guard self.isOpen else {
            if self.closedAt == nil, let opensAt = self.opensAt {
                throw DebriefError(
                    .conflict, "the form accepts answers from the meeting's start, \(Timestamps.format(opensAt))",
                    field: "acceptsAnswersFrom")
            }
            throw DebriefError(.gone, "the form is closed and no longer accepts answers", closedAt: self.closedAt)
        }
    }
}
