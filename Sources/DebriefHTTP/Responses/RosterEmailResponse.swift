import DebriefStore
import Foundation
import Hummingbird

/// `GET /v1/meetings/{id}/roster/emails`: `{"mailConfigured", "items":[…]}` in name order.
/// `mailConfigured` false: nothing is sent (the pages show links to copy instead).
struct RosterEmailsResponse: ResponseEncodable {
    var mailConfigured: Bool
    var items: [RosterEmailResponse]
}

/// One member's address: `{"memberId","name","email"?,"unsubscribed"}`; `email` is left out
/// when the member has none.
struct RosterEmailResponse: ResponseEncodable {
    var memberID: UUID
    var name: String
    var email: String?
    var unsubscribed: Bool

    enum CodingKeys: String, CodingKey {
        case memberID = "memberId", name, email, unsubscribed
    }

    init(_ entry: RosterMailStore.Entry) {
        self.memberID = entry.memberID
        self.name = entry.name
        self.email = entry.email
        self.unsubscribed = entry.unsubscribed
    }
}

/// `PUT /v1/meetings/{id}/roster/{memberId}/email` body: `{"email"}`, required (removing is
/// `DELETE`).
struct RosterEmailInput: Decodable {
    var email: String?
}
