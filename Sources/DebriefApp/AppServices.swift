import DebriefActions
import DebriefExport
import DebriefHTTP
import DebriefStore
import DebriefWeb
import Debrief
import Logging
import PQ

/// The application's parts, built once around an open database: the stores, the use cases over
/// them, and the background services. The composition root: nothing else constructs a store.
struct AppServices: Sendable {
    let hasher: PasswordHasher
    let meetingStore: MeetingStore
    let notifier: ResultsNotifier
    let liveResults: LiveResultsHub
    /// The room's lists, each computed once per change (``RoomLists``), for the change listener.
    let roomLists: RoomLists
    let sharedResults: SharedResults
    let api: JSONAPI
    let pages: Pages
    let readReplica: ReadReplica
    let tokenCache: TokenCache
    /// The one list of features (``Feature``): each registers its JSON routes, its pages and its
    /// services; the router and the application iterate it. A new feature is one line here.
    let features: [any Feature]
    /// Every request to another server (webhooks, team chat, company sign-in).
    let outbound: OutboundHTTP

    /// `replica`: a standby for lag-tolerant reads (``ReadReplica``), when configured.
    init(configuration: AppConfiguration, database: Database, replica: Database? = nil) {
        self.readReplica = ReadReplica(primary: database, replica: replica, maxLag: configuration.replicaMaxLag)
        let outbound = OutboundHTTP(requestTimeout: configuration.webhooks.requestTimeout, metrics: configuration.metrics)
        self.outbound = outbound
        self.hasher = PasswordHasher(cost: configuration.bcryptCost)
        let metrics = configuration.metrics
        self.notifier = ResultsNotifier(database: database, mode: configuration.resultsNotification, metrics: metrics)
        let serverKeys = ServerKeys(database: database)
        let participantForms = ParticipantFormStore(
            database: database, cache: PublishedFormCache(capacity: configuration.publishedFormCacheSize))
        let participants = ParticipantActions(
            forms: participantForms,
            checkIns: CheckInStore(database: database, forms: participantForms, notifier: self.notifier),
            responses: ResponseStore(
                database: database, forms: participantForms, notifier: self.notifier, batching: configuration.submissionBatching,
                metrics: SubmissionMetrics(factory: metrics)),
            tickets: OpenedTickets(keys: serverKeys), clock: configuration.clock)
        self.tokenCache = TokenCache(trust: configuration.tokenCacheTrust)
        let accountStore = AccountStore(database: database, hasher: self.hasher, tokenCache: self.tokenCache)
        // Who read what (decision 91): every recorded path is handed this one value.
        let audit = AuditRecord(store: AuditStore(database: database), retention: configuration.auditRetention, clock: configuration.clock)
        let tokenStore = TokenStore(database: database, lifetime: configuration.tokenLifetime, cache: self.tokenCache)
        let invitations = InvitationStore(database: database)
        let signUpGate = SignUpGate(policy: configuration.signUpPolicy, accounts: accountStore, invitations: invitations)
        let throttle = LoginThrottle(
            database: database, policy: LoginThrottle.Policy(signUpsPerClient: configuration.signUpsPerAddressPerHour))
        // E-mail: reset links, address-proof links, the roster's mail and its unsubscribes, the
        // delivery log. Made before the accounts' actions: sign-up mails the link.
        // Mail is sent exactly when an SMTP server is configured: its settings name the sender.
        let outbox = MailOutbox(database: database)
        let mail = MailActions(
            outbox: outbox, resets: PasswordResetStore(database: database, accounts: accountStore),
            roster: RosterMailStore(database: database), settings: configuration.mail, sender: configuration.smtp?.sender,
            caps: configuration.admission.mail, publicBaseURL: configuration.publicBaseURL,
            addressProofs: AddressProofLinks(database: database, accounts: accountStore), clock: configuration.clock)
        let accounts = AccountActions(
            accounts: accountStore, tokens: tokenStore, throttle: throttle, signUpGate: signUpGate, readReplica: self.readReplica,
            passwordsForAdminsOnly: configuration.companySignIn?.passwordsForAdminsOnly ?? false, mail: mail, audit: audit)
        let meetingStore = MeetingStore(database: database)
        self.meetingStore = meetingStore
        let formStore = FormStore(database: database)
        let meetings = MeetingActions(meetings: meetingStore, forms: formStore, notifier: self.notifier, clock: configuration.clock)
        let sharing = SharingActions(
            shares: SeriesShareStore(database: database), transfers: SeriesTransferStore(database: database), meetings: meetingStore,
            audit: audit, notifier: self.notifier)
        let forms = FormActions(meetings: meetingStore, forms: formStore, notifier: self.notifier)
        let resultsStore = ResultsStore(database: database, reads: self.readReplica)
        let results = ResultsActions(
            results: resultsStore, sharedMaxAge: configuration.sharedResultsMaxAge,
            hostReadStaleness: configuration.hostResultsStaleness, metrics: metrics, clock: configuration.clock)
        self.sharedResults = results.shared
        // Writes committed here make the shared reports stale at once (read-your-writes); other
        // instances' writes arrive through the live-results listener.
        self.notifier.observeCommits { [shared = results.shared] meeting, author in shared.changed(meeting, by: author) }
        let roomQuestions = RoomQuestionActions(
            forms: participants, store: RoomQuestionStore(database: database, notifier: self.notifier), voters: RoomVoters(keys: serverKeys))
        // The room's shared list goes stale with each change to a room committed here; other
        // instances' arrive through the listener's room channel (issue 72).
        self.roomLists = roomQuestions.lists
        self.notifier.observeRoomCommits { [lists = roomQuestions.lists] meeting in lists.changed(meeting) }
        // Reactions during the meeting (decision 100): counted per meeting and emoji, capped per room identity.
        let reactionStore = ReactionStore(database: database, notifier: self.notifier, senders: ReactionSenders(keys: serverKeys))
        let reactions = ReactionActions(forms: participants, store: reactionStore)
        self.liveResults = LiveResultsHub(
            metrics: metrics, snapshot: LiveResultsHub.reportSnapshot(results), countsSnapshot: LiveResultsHub.countsSnapshot(results),
            participantSnapshot: LiveResultsHub.participantSnapshot(results),
            roomQuestionsSnapshot: LiveResultsHub.roomQuestionsSnapshot(roomQuestions),
            reactionsSnapshot: LiveResultsHub.reactionsSnapshot(reactions))
        let http = configuration.http
        let attendance = AttendanceActions(
            attendance: AttendanceStore(database: database), roster: RosterStore(database: database), notifier: self.notifier)
        let moderation = ModerationActions(
            responses: ResponseModerationStore(database: database, notifier: self.notifier), results: results, audit: audit)
        // Webhooks: the host's endpoints, and the service that sends the outbox.
        let webhookSecrets = WebhookSecrets(keys: serverKeys)
        let webhookSender = HTTPWebhookSender(settings: configuration.webhooks, outbound: outbound)
        let webhooks = WebhookActions(
            endpoints: WebhookEndpointStore(database: database, secrets: webhookSecrets), sender: webhookSender,
            caps: configuration.admission.webhooks)
        let calendar = CalendarActions(calendars: CalendarStore(database: database), publicBaseURL: http.publicBaseURL)
        // Team chat digests: a series' Slack or Teams channel, an endpoint of the same outbox.
        let chatChannels = ChatChannelStore(database: database, secrets: webhookSecrets)
        let chat = ChatActions(
            channels: chatChannels, sender: webhookSender, caps: configuration.admission.webhooks,
            allowedHosts: configuration.webhooks.allowInsecureHosts, clock: configuration.clock)
        let chatRenderer = ChatDigestRenderer(
            results: results, meetings: meetingStore, accounts: accountStore, publicBaseURL: configuration.publicBaseURL)
        // One use case for the send step's page and its JSON routes.
        let rosterSending = RosterSendActions(
            mail: mail, sends: RosterSendStore(database: database), attendance: AttendanceStore(database: database),
            reminders: RosterReminderStore(database: database), clock: configuration.clock)
        let actionItems = ActionItemActions(
            items: ActionItemStore(database: database), clocks: SeriesClockStore(database: database), clock: configuration.clock)
        self.api = JSONAPI(
            participants: participants, accounts: accounts, meetings: meetings, sharing: sharing, forms: forms, results: results,
            attendance: attendance, calendar: calendar, actionItems: actionItems, roomQuestions: roomQuestions, audit: audit,
            isDatabaseReady: { (try? await database.query("SELECT 1")) != nil },
            settings: http)
        let hostPages = HostPages(
            signUpGate: signUpGate,
            settings: AccountSettingsActions(accounts: accountStore, tokens: tokenStore, invitations: invitations, throttle: throttle),
            attendance: attendance, forms: forms, sharing: sharing, loopbackHint: configuration.publicURLHint,
            calendar: calendar, mail: mail, chat: chat, actionItems: actionItems)
        let hasher = self.hasher
        self.pages = Pages(
            participants: participants, accounts: accounts, meetings: meetings, results: results, settings: http, host: hostPages,
            browserReceipts: BrowserReceipts(keys: serverKeys), roomQuestions: roomQuestions, reactions: reactions,
            companySignIn: configuration.companySignIn.map { settings in
                CompanySignInActions(
                    settings: settings, provider: HTTPOIDCProvider(settings: settings, outbound: outbound),
                    store: CompanySignInStore(database: database, hasher: hasher), accounts: accounts, audit: audit,
                    logger: Logger(label: "debrief.signin"))
            })
        let webhookDelivery = WebhookDeliveryService(
            queue: WebhookQueue(database: database, secrets: webhookSecrets), sender: webhookSender,
            settings: configuration.webhooks,
            summary: { meeting in
                guard let shared = try await results.reportIfPublished(meeting: meeting, visibleTo: .service, freshness: .everyChange)
                else { return nil }
                return try JSONCoding.string(shared.report)
            },
            chat: { job in try await chatRenderer.payload(job) },
            logger: Logger(label: "debrief.webhooks"))
        let teams = TeamActions(
            teams: TeamStore(database: database), transfers: SeriesTransferStore(database: database), shares: SeriesShareStore(database: database),
            audit: audit)
        let teamOverviews = TeamOverviewActions(
            overviews: TeamOverviewStore(teams: TeamStore(database: database), results: resultsStore), clock: configuration.clock)
        let teamLooks = TeamLookActions(looks: TeamLookStore(database: database), audit: audit)
        // The one list (docs/decisions/0088): a feature is built here, once, and nowhere else
        // (scripts/check-layers, rule 30).
        self.features = [
            BrandingFeature(
                pictures: SeriesPictureActions(pictures: SeriesPictureStore(database: database)),
                looks: teamLooks, accounts: accounts),
            TeamsFeature(teams: teams),
            TeamPagesFeature(teams: teams, overviews: teamOverviews, looks: teamLooks),
            AuditPagesFeature(record: audit, teams: teams),
            WebhooksFeature(webhooks: webhooks, meetings: meetings, delivery: webhookDelivery),
            ChatFeature(chat: chat, digests: ChatDigestService(channels: chatChannels, logger: Logger(label: "debrief.chat"))),
            CalendarFeature(calendar: calendar, meetings: meetings, forms: forms),
            QuestionBankFeature(
                bank: QuestionBankActions(bank: QuestionBankStore(database: database), meetings: meetings, forms: forms),
                meetings: meetings, forms: forms),
            SharingPagesFeature(meetings: meetings, sharing: sharing, teams: teams),
            ReportPagesFeature(meetings: meetings, results: results),
            ModerationFeature(moderation: moderation, meetings: meetings),
            LiveFeature(
                hub: self.liveResults, meetings: meetings, results: results, accounts: accounts, roomQuestions: roomQuestions),
            ExportsFeature(
                exporter: Exporter(
                    exports: ExportStore(database: database, reads: self.readReplica, metrics: ExportMetrics(factory: metrics)),
                    results: resultsStore, clock: configuration.clock),
                meetings: meetings, audit: audit),
            TeamOverviewFeature(
                exporter: Exporter(exports: ExportStore(database: database, reads: self.readReplica), results: resultsStore, clock: configuration.clock),
                overviews: teamOverviews, audit: audit),
            LiveSheetsFeature(
                sheets: LiveSheetActions(sheets: LiveSheetStore(database: database), publicBaseURL: http.publicBaseURL),
                exporter: Exporter(exports: ExportStore(database: database, reads: self.readReplica), results: resultsStore, clock: configuration.clock),
                meetings: meetings, audit: audit),
            // Sent only when an SMTP server is configured: its settings name the sender.
            MailFeature(
                mail: mail, sending: rosterSending, meetings: meetings,
                delivery: configuration.smtp.map { smtp in
                    MailDeliveryService(
                        outbox: outbox, transport: SMTPMailTransport(settings: smtp, concurrency: configuration.mail.concurrency),
                        settings: configuration.mail, sender: smtp.sender, logger: Logger(label: "debrief.mail"))
                }),
            AuditFeature(record: audit, retention: .auditRecord(record: audit, logger: Logger(label: "debrief.audit"))),
            ReactionsFeature(
                reactions: reactions, questions: roomQuestions,
                purge: .reactionSenders(reactions: reactionStore, logger: Logger(label: "debrief.reactions"))),
        ]
    }
}
