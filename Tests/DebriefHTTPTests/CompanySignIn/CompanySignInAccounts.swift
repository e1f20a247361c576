@testable import DebriefActions
import Debrief
import DebriefStore
import PQ

/// The accounts company sign-in finishes through in these tests, on one database: the store and
/// the account actions over it (open sign-up, the real token store, throttle and audit record),
/// and the hasher they share, which the test shuts down when it ends.
struct CompanySignInAccounts {
    let hasher = PasswordHasher(cost: 4)
    let store: AccountStore
    let actions: AccountActions

    init(database: Database) {
        let store = AccountStore(database: database, hasher: self.hasher)
        self.store = store
        self.actions = AccountActions(
            accounts: store, tokens: TokenStore(database: database), throttle: LoginThrottle(database: database),
            signUpGate: SignUpGate(policy: .open, accounts: store, invitations: InvitationStore(database: database)),
            audit: AuditRecord(store: AuditStore(database: database)))
    }
}
