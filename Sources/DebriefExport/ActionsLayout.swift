import Debrief
import DebriefStore
import Foundation

/// The `actions` layout: one row per action item of each exported session (decision 74), in the
/// order they were recorded. The title and the owner's name are the host's words, so they are
/// text cells (neutralized like every text); `due` is `nextSession` or `YYYY-MM-DD`, the one
/// spelling of JSON and pages; the owner's name as it reads now (empty without an owner).
public enum ActionsLayout {
    public static let header = [
        "meeting_id", "session_number", "action_id", "title", "owner_kind", "owner_name", "due", "status", "question_key",
        "created_at", "updated_at", ExportTime.zoneColumn,
    ]

    /// Indexes of the columns that hold user text.
    public static let textColumns: Set<Int> = [3, 5, 8]

    /// The rows of one session's `items`, as columns, times written in `zone` named `zoneName`.
    public static func columns(_ items: [ActionItem], session: ExportStore.Session, zone: TimeZone, zoneName: String) -> [[String?]] {
        let rows: [[String?]] = items.map { item in
            [
                session.meetingID.lowercasedText, String(session.sessionNumber), item.id.lowercasedText, item.title,
                item.owner?.kind, item.ownerName, item.due.text, item.status.rawValue, item.questionKey?.rawValue,
                ExportTime.format(item.createdAt, in: zone), ExportTime.format(item.updatedAt, in: zone), zoneName,
            ]
        }
        return CSVNumber.transpose(rows, width: Self.header.count)
    }
}
