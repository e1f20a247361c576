import Debrief
import Foundation
import Hummingbird

/// One action item as the JSON API shows it (`ActionItem` in openapi.yaml).
struct ActionItemResponse: ResponseEncodable {
    struct Owner: Encodable {
        /// `rosterMember` or `account`.
        var kind: String
        var id: UUID
        /// The member's or account's name as it reads now; absent when it is gone.
        var name: String?
    }

    var id: UUID
    var meetingID: UUID
    var title: String
    var owner: Owner?
    /// `nextSession` or `YYYY-MM-DD`.
    var due: String
    var status: ActionStatus
    var questionKey: QuestionKey?
    /// Whether the session that reviews it asks "did this help?" (decision 78).
    var asksIfHelped: Bool
    /// That question's key in the review session's form, while it is asked.
    var helpQuestionKey: QuestionKey?
    var createdAt: Date
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, meetingID = "meetingId", title, owner, due, status, questionKey, asksIfHelped, helpQuestionKey, createdAt, updatedAt
    }

    init(_ item: ActionItem) {
        self.id = item.id
        self.meetingID = item.meetingID
        self.title = item.title
        self.owner = item.owner.map { Owner(kind: $0.kind, id: $0.id, name: item.ownerName) }
        self.due = item.due.text
        self.status = item.status
        self.questionKey = item.questionKey
        self.asksIfHelped = item.asksIfHelped
        self.helpQuestionKey = item.helpQuestionKey
        self.createdAt = item.createdAt
        self.updatedAt = item.updatedAt
    }
}

/// `GET /v1/meetings/{id}/actions`: the session's actions, with the cap they count against.
struct ActionItemListResponse: ResponseEncodable {
    var items: [ActionItemResponse]
    var maxPerSession = ActionItemRules.maxPerSession
}

/// `GET /v1/meetings/{id}/actions/review`: the previous session's actions (none for a first session).
struct ActionItemReviewResponse: ResponseEncodable {
    /// The session the actions were recorded at; absent when this is the series' first.
    var previousMeetingID: UUID?
    var previousStartsAt: Date?
    var items: [ActionItemResponse]

    enum CodingKeys: String, CodingKey {
        case previousMeetingID = "previousMeetingId", previousStartsAt, items
    }
}
