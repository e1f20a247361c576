import Debrief
import Foundation
import PQ

extension ActionItem {
    /// The columns of the `a` row, with the owner's current name.
    static let columns: SQLQuery = """
        a.id, a.meeting_id, a.title, a.owner_member_id, a.owner_account_id, to_char(a.due_on, 'YYYY-MM-DD') AS due_on, a.status, \
        a.question_key, a.asks_if_helped, a.created_at, a.updated_at, a.closed_at, a.closed_in_meeting_id, \
        coalesce((SELECT rm.name FROM roster_members rm WHERE rm.id = a.owner_member_id), \
                 (SELECT ac.display_name FROM accounts ac WHERE ac.id = a.owner_account_id)) AS owner_name
        """

    /// An action from a row selected with ``columns``.
    init(row: Row) throws {
        let member: UUID? = try row.decode("owner_member_id")
        let account: UUID? = try row.decode("owner_account_id")
        let owner: ActionOwner? = member.map(ActionOwner.rosterMember) ?? account.map(ActionOwner.account)
        let dueText: String? = try row.decode("due_on")
        let due: ActionDue
        if let dueText {
            guard let date = DueDate(text: dueText) else { throw PQError(.decoding, "column due_on holds a date out of range") }
            due = .on(date)
        } else {
            due = .nextSession
        }
        guard let status = ActionStatus(rawValue: try row.decode("status")) else {
            throw PQError(.decoding, "column status holds an unknown action status")
        }
        let key: String? = try row.decode("question_key")
        self.init(
            id: try row.decode("id"), meetingID: try row.decode("meeting_id"), title: try row.decode("title"), owner: owner,
            ownerName: try row.decode("owner_name"), due: due, status: status, questionKey: key.flatMap(QuestionKey.init(rawValue:)),
            createdAt: try row.decode("created_at"), updatedAt: try row.decode("updated_at"), asksIfHelped: try row.decode("asks_if_helped"),
            closedAt: try row.decode("closed_at"), closedInMeetingID: try row.decode("closed_in_meeting_id"))
    }
}
