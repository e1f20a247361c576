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
    let results: ResultsStore
    let exports: ExportStore
    let liveResults: LiveResultsHub
    let participantForms: ParticipantFormStore
    let checkIns: CheckInStore
    let responses: ResponseStore
    let roster: RosterStore
    let attendance: AttendanceStore

    init(configuration: AppConfiguration, database: Database) {
        self.configuration = configuration
        self.database = database
        self.hasher = PasswordHasher(cost: configuration.bcryptCost)
        self.accounts = AccountStore(database: database, hasher: self.hasher)
        self.tokens = TokenStore(database: database, lifetime: configuration.tokenLifetime)
        self.loginThrottle = LoginThrottle(database: database)
        self.meetings = MeetingStore(database: database)
        self.forms = FormStore(database: database)
        self.results = ResultsStore(database: database)
        self.exports = ExportStore(database: database)
        self.liveResults = LiveResultsHub(snapshot: Self.liveSnapshot(results: self.results))
        self.participantForms = ParticipantFormStore(
            database: database, cache: PublishedFormCache(capacity: configuration.publishedFormCacheSize))
        let notifier = ResultsNotifier(database: database, mode: configuration.resultsNotification)
        self.checkIns = CheckInStore(database: database, forms: self.participantForms, notifier: notifier)
        self.responses = ResponseStore(database: database, forms: self.participantForms, notifier: notifier)
        self.roster = RosterStore(database: database)
        self.attendance = AttendanceStore(database: database)
    }
}
