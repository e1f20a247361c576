import DebriefStore
import PQ

/// The stores and helpers the routes use, built once per application.
struct AppServices: Sendable {
    let configuration: AppConfiguration
    let database: Database
    let hasher: PasswordHasher
    let accounts: AccountStore
    let tokens: TokenStore
    let loginThrottle: LoginThrottle
    let meetings: MeetingStore
    let forms: FormStore

    init(configuration: AppConfiguration, database: Database) {
        self.configuration = configuration
        self.database = database
        self.hasher = PasswordHasher(cost: configuration.bcryptCost)
        self.accounts = AccountStore(database: database, hasher: self.hasher)
        self.tokens = TokenStore(database: database, lifetime: configuration.tokenLifetime)
        self.loginThrottle = LoginThrottle(database: database)
        self.meetings = MeetingStore(database: database)
        self.forms = FormStore(database: database)
    }
}
