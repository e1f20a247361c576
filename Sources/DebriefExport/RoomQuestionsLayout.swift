import Debrief
import DebriefStore
import Foundation

/// The `roomQuestions` layout: one row per question from the room of each exported session, as
/// the host's list shows them (decision 75), in the room's order (pinned, then votes, then the
/// older). Every status is exported and named (`pending`, `visible`, `hidden`), so a hidden
/// question is flagged, not mistaken for one the room saw; `votes` is a count, and no voter or
/// author identity is ever written. `name` is the author's display name in a named room (an
/// anonymous room stores none). Text and name are participants' words: neutralized text cells.
public enum RoomQuestionsLayout {
    public static let header = [
        "meeting_id", "session_number", "question_id", "text", "name", "votes", "status", "pinned", "answered", "posted_at",
        ExportTime.zoneColumn,
    ]

    /// Indexes of the columns that hold user text.
    public static let textColumns: Set<Int> = [3, 4]

    /// The rows of one session's `questions`, as columns, times written in `zone` named `zoneName`.
    public static func columns(_ questions: [RoomQuestion], session: ExportStore.Session, zone: TimeZone, zoneName: String) -> [[String?]] {
        let rows: [[String?]] = questions.map { question in
            [
                session.meetingID.lowercasedText, String(session.sessionNumber), question.id.lowercasedText,
                question.text, question.name, String(question.votes), question.status.rawValue, String(question.pinned),
                String(question.answered), ExportTime.format(question.postedAt, in: zone), zoneName,
            ]
        }
        return CSVNumber.transpose(rows, width: Self.header.count)
    }
}
