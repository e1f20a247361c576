import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// An account as the API shows it: `{"id","email","displayName","role","createdAt","responseRetentionMonths"}`.
struct AccountResponse: ResponseEncodable {
    var id: UUID
    var email: String
    var displayName: String
    var role: Role
    var createdAt: Date
    /// Months after which responses to the host's meetings are purged; 0 keeps them.
    var responseRetentionMonths: Int

    init(_ account: Account) {
        self.id = account.id
        self.email = account.email
        self.displayName = account.displayName
        self.role = account.role
        self.createdAt = account.createdAt
        self.responseRetentionMonths = account.responseRetentionMonths
    }
}
