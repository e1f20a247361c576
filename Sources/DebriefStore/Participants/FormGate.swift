import Debrief
import Foundation
import PQ

/// Whether a published form accepts participants right now, judged by the database clock. A form
/// whose meeting is in the trash accepts nothing (a write from a cached form is answered "closed").
///
/// Every participant write reads these columns in the statement that writes, from the form row
/// taken `FOR SHARE`: a host closing the form (an `UPDATE` of that row) waits for writes already
/// under way, and writes that start later see the form closed.
struct FormGate: Sendable {
    var isOpen: Bool
    /// When the form stopped accepting answers, if it has.
    var closedAt: Date?

    /// The SQL columns ``init(row:)`` reads; `f` is the form.
    static let columns: SQLQuery = """
        (f.closed_at IS NULL AND (f.closes_at IS NULL OR f.closes_at > now()) AND f.trashed_at IS NULL) AS gate_open,
        CASE WHEN f.closed_at IS NOT NULL THEN f.closed_at WHEN f.closes_at <= now() THEN f.closes_at
             WHEN f.trashed_at IS NOT NULL THEN f.trashed_at END AS gate_closed_at
        """

    init(row: Row) throws {
        self.isOpen = try row.decode("gate_open")
        self.closedAt = try row.decode("gate_closed_at")
    }

    /// Throws `gone` (with the closing time) unless the form is open.
    func requireOpen() throws {
        guard self.isOpen else {
            throw DebriefError(.gone, "the form is closed and no longer accepts answers", closedAt: self.closedAt)
        }
    }
}
