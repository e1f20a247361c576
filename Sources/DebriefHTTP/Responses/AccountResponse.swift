import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// An account as the API shows it: `{"id","email","displayName","role","createdAt"}`, and
/// `timeZone` once the host has one.
struct AccountResponse: ResponseEncodable {
    var id: UUID
    var email: String
    var displayName: String
    var role: Role
    var createdAt: Date
    var timeZone: String?

    init(_ account: Account) {
        self.id = account.id
        self.email = account.email
        self.displayName = account.displayName
        self.role = account.role
        self.createdAt = account.createdAt
        self.timeZone = account.timeZone
    }
}
