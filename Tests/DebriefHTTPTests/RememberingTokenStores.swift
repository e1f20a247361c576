import Debrief
import DebriefStore
import PQ

/// The account and token stores over a token cache that trusts what it remembers for ten minutes
/// and hears no announcement (only this instance's own forgetting counts), and an account they
/// made: what a remembered token's tests start from.
struct RememberingTokenStores {
    let accounts: AccountStore
    let tokens: TokenStore
    let account: Account

    static func make(on database: Database, email: String, displayName: String) async throws -> RememberingTokenStores {
        let cache = TokenCache(trust: .seconds(600))
        cache.startedHearingChanges()
        let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: 4), tokenCache: cache)
        let account = try await accounts.create(
            SignUp(email: try EmailAddress(parsing: email), password: "correct horse battery", displayName: displayName))
        return RememberingTokenStores(accounts: accounts, tokens: TokenStore(database: database, cache: cache), account: account)
    }
}
