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
    /// When it was marked done or dropped; absent while open (decision 85).
    var closedAt: Date?
    /// The session whose review marked it, when a review did.
    var closedInMeetingID: UUID?

    enum CodingKeys: String, CodingKey {
        case id, meetingID = "meetingId", title, owner, due, status, questionKey, asksIfHelped, helpQuestionKey, createdAt, updatedAt
        case closedAt, closedInMeetingID = "closedInMeetingId"
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
        self.closedAt = item.closedAt
        self.closedInMeetingID = item.closedInMeetingID
    }
}

/// `GET /v1/meetings/{id}/actions`: the session's actions, with the cap they count against.
struct ActionItemListResponse: ResponseEncodable {
    var items: [ActionItemResponse]
    var maxPerSession = ActionItemRules.maxPerSession
}

/// One line of a review or of the series' open actions (`ActionReviewLine` in openapi.yaml): the
/// action as of that review (open in a review before the one that closed it), the session that
/// recorded it, and how many sessions it has been open (decision 85).
struct ActionReviewLineResponse: Encodable {
    var item: ActionItemResponse
    var sessionNumber: Int
    var sessionStartsAt: Date
    var sessionsOpen: Int

    init(_ line: ActionReview.Line) {
        self.item = ActionItemResponse(line.item)
        self.sessionNumber = line.recordedAt.sessionNumber
        self.sessionStartsAt = line.recordedAt.startsAt
        self.sessionsOpen = line.sessionsOpen
    }

    enum CodingKeys: String, CodingKey {
        case sessionNumber, sessionStartsAt, sessionsOpen
    }

    /// The action's members and the line's, in one object.
    func encode(to encoder: any Encoder) throws {
        try self.item.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.sessionNumber, forKey: .sessionNumber)
        try container.encode(self.sessionStartsAt, forKey: .sessionStartsAt)
        try container.encode(self.sessionsOpen, forKey: .sessionsOpen)
    }
}

/// `GET /v1/meetings/{id}/actions/review`: the series' actions open as of this session and those
/// closed in its review (decision 85); none for a first session.
struct ActionItemReviewResponse: ResponseEncodable {
    /// The session before this one; absent when this is the series' first.
    var previousMeetingID: UUID?
    var previousStartsAt: Date?
    var items: [ActionReviewLineResponse]
    var maxListed = ActionItemRules.maxListed

    enum CodingKeys: String, CodingKey {
        case previousMeetingID = "previousMeetingId", previousStartsAt, items, maxListed
    }
}

/// `GET /v1/series/{id}/actions?state=open`: the series' one list of its open actions.
struct SeriesActionsResponse: ResponseEncodable {
    var items: [ActionReviewLineResponse]
    var maxListed = ActionItemRules.maxListed
}
