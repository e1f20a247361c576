import DebriefActions
import Hummingbird
import Metrics
import Tracing

/// Everything the JSON API's routes use: the use cases, and the few settings that shape replies.
/// The application (DebriefApp) builds one; each controller takes only its part of it.
public struct JSONAPI: Sendable {
    public let participants: ParticipantActions
    public let accounts: AccountActions
    public let meetings: MeetingActions
    /// Co-hosts of a series (`/v1/series/{id}/shares`, `…/transfer`).
    public let sharing: SharingActions
    public let forms: FormActions
    public let results: ResultsActions
    public let attendance: AttendanceActions
    /// Whether the database answers now, for `/readyz`.
    public let isDatabaseReady: @Sendable () async -> Bool
    public let settings: HTTPSettings
    /// Plans a new meeting that repeats (its own routes are ``CalendarFeature``'s).
    public let calendar: CalendarActions
    /// A session's action items (`/v1/meetings/{id}/actions…`).
    public let actionItems: ActionItemActions
    /// Questions from the room (`/v1/f/{code}/room-questions…`, `/v1/meetings/{id}/room-questions…`).
    public let roomQuestions: RoomQuestionActions
    /// The read record, for a question's answers (decision 91).
    public let audit: AuditRecord

    /// Every part is given here, once: nothing is assigned into the API after it is built. A
    /// feature's own parts are its value's (``Feature``), never these.
    public init(
        participants: ParticipantActions, accounts: AccountActions, meetings: MeetingActions, sharing: SharingActions, forms: FormActions,
        results: ResultsActions, attendance: AttendanceActions, calendar: CalendarActions, actionItems: ActionItemActions,
        roomQuestions: RoomQuestionActions, audit: AuditRecord,
        isDatabaseReady: @escaping @Sendable () async -> Bool, settings: HTTPSettings
    ) {
        self.participants = participants
        self.accounts = accounts
        self.meetings = meetings
        self.sharing = sharing
        self.forms = forms
        self.results = results
        self.attendance = attendance
        self.calendar = calendar
        self.actionItems = actionItems
        self.roomQuestions = roomQuestions
        self.audit = audit
        self.isDatabaseReady = isDatabaseReady
        self.settings = settings
    }
}

/// The settings of the HTTP layer, read by the executable and handed down as a value.
public struct HTTPSettings: Sendable {
    /// The base of participant URLs (`{publicBaseURL}/f/{code}`), as people outside reach us; no
    /// trailing slash.
    public var publicBaseURL: String
    /// Largest request body accepted; larger ones get 413.
    public var maxBodyBytes: Int
    /// Largest body of a participant route (the API's and the pages'), below ``maxBodyBytes``.
    public var participantMaxBodyBytes: Int
    /// Every fair-share bound: participant rates, export and live stream slots, webhook
    /// endpoints (``Admission``).
    public var admission = AdmissionSettings()
    /// Rate limits of the public participant routes, shared by the API and the pages.
    public var participantRateLimits: RateLimitSettings {
        get { self.admission.participantRates }
        set { self.admission.participantRates = newValue }
    }
    /// Web origins whose pages may call the participant routes.
    public var corsOrigins: CORSAllowList
    /// Concurrent HTTP exports and their spool (docs/decisions/0012-export-capacity.md).
    public var exportLimits: ExportLimits {
        get { self.admission.exports }
        set { self.admission.exports = newValue }
    }
    /// How often a live stream checks that its token is still valid and its meeting still there.
    public var liveCheckInterval: Duration = .seconds(5)
    /// The instances sharing the load: the participant rates enforce 1/N of their documented
    /// values (slots are per instance; see ``AdmissionSettings``).
    public var clusterPeers = ClusterPeers()
    /// Proxies whose `X-Forwarded-For` names the client (HAProxy in front of several instances).
    public var trustedProxies = TrustedProxies.none
    /// The origins whose pages may frame the participant's pages; nobody by default (``FramePolicy``).
    public var embedOrigins = FrameAncestors.none
    /// Where request counts and latencies are recorded (the process-wide factory by default).
    public var metrics: any MetricsFactory = MetricsSystem.factory

    public init(
        publicBaseURL: String, maxBodyBytes: Int, participantMaxBodyBytes: Int, participantRateLimits: RateLimitSettings,
        corsOrigins: CORSAllowList
    ) {
        self.publicBaseURL = publicBaseURL
        self.maxBodyBytes = maxBodyBytes
        self.participantMaxBodyBytes = participantMaxBodyBytes
        self.corsOrigins = corsOrigins
        self.participantRateLimits = participantRateLimits
    }

    /// Whether cookies get `Secure`: exactly when people reach the service over https.
    public var securesCookies: Bool { SessionCookie.isSecure(publicBaseURL: self.publicBaseURL) }
}

/// Routes a router that serves the JSON API under `/v1`, each feature of the application's one
/// list (``Feature``), and whatever `addPages` adds (the HTML site), with the service-wide
/// middleware around both in the one right order.
///
/// `addPages` gets the participant rate limit, so the pages share its buckets: alternating
/// between the API and the pages does not double anyone's rate.
public func buildRouter(
    _ api: JSONAPI, features: [any Feature], addPages: (Router<AppRequestContext>, RateLimitMiddleware) -> Void
) -> Router<AppRequestContext> {
    // Every GET route answers HEAD too (``HeadAsGetMiddleware``).
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    // Always: it also binds the request's origin for the read record (decision 91).
    router.middlewares.add(ForwardedClientMiddleware(trusted: api.settings.trustedProxies))
    // The request's span (swift-distributed-tracing) around everything, so every log line and child
    // span of the request is in it — when a tracer records spans (`debrief serve` bootstrapped an
    // OTLP exporter before building this router). With the no-op tracer the middleware still built
    // each span's attributes to throw them away: 3 % of a submission's CPU (`scripts/bench-profile`).
    if !(InstrumentationSystem.tracer is NoOpTracer) {
        router.middlewares.add(TracingMiddleware())
    }
    // First after them, so it sees the status every other middleware settled on.
    router.middlewares.add(HTTPMetricsMiddleware(factory: api.settings.metrics, submissions: api.participants.submissionMetrics))
    router.middlewares.add(SecurityHeadersMiddleware(framing: FramePolicy(embedOrigins: api.settings.embedOrigins)))
    if !api.settings.corsOrigins.isEmpty {
        router.middlewares.add(CORSMiddleware(allowList: api.settings.corsOrigins))
    }
    router.middlewares.add(RequestLoggingMiddleware())
    router.middlewares.add(HeadAsGetMiddleware())
    router.middlewares.add(ProblemMiddleware())
    router.middlewares.add(BodyLimitMiddleware(limit: api.settings.maxBodyBytes))
    HealthController(isDatabaseReady: api.isDatabaseReady).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)
    let peers = api.settings.clusterPeers
    let admission = Admission(settings: api.settings.admission, share: { peers.shareOfLoad })
    let participantLimits = RateLimitMiddleware(admission: admission)
    let publicBaseURL = api.settings.publicBaseURL

    let v1 = router.group("v1")
    let accounts = AccountController(accounts: api.accounts)
    accounts.addPublicRoutes(to: v1)
    // Every public route that takes a form code shares the participant rate limit, so codes
    // cannot be guessed faster through any of them (the pages share the same buckets).
    let participant = v1.group("f").add(middleware: participantLimits)
    ParticipantController(participants: api.participants, maxBodyBytes: api.settings.participantMaxBodyBytes)
        .addRoutes(to: participant)
    let results = ResultsController(results: api.results, meetings: api.meetings, audit: api.audit)
    results.addPublicRoutes(to: participant)
    let authenticated = v1.group().add(middleware: AuthMiddleware(accounts: api.accounts))
    accounts.addAuthenticatedRoutes(to: authenticated)
    let creation = MeetingCreation(
        meetings: api.meetings, imports: CalendarImport(calendar: api.calendar, admission: admission), forms: api.forms)
    MeetingController(meetings: api.meetings, creation: creation).addRoutes(to: authenticated)
    SeriesSettingsController(meetings: api.meetings).addRoutes(to: authenticated)
    SharingController(sharing: api.sharing).addRoutes(to: authenticated)
    FormController(forms: api.forms, publicBaseURL: publicBaseURL).addRoutes(to: authenticated)
    TemplateController(forms: api.forms, meetings: api.meetings, publicBaseURL: publicBaseURL).addRoutes(to: authenticated)
    results.addRoutes(to: authenticated)
    ChartController(results: api.results).addRoutes(to: authenticated)
    QRCodeController(forms: api.forms, publicBaseURL: publicBaseURL).addRoutes(to: authenticated)
    // The live streams, the calendar and the exports also take the session cookie (GET only), for
    // the dashboard's script and download buttons.
    let cookieReadable = v1.group().add(middleware: AuthMiddleware(accounts: api.accounts, acceptsSessionCookieOnGET: true))
    AttendanceController(attendance: api.attendance).addRoutes(to: authenticated)
    ActionItemController(actions: api.actionItems, meetings: api.meetings).addRoutes(to: authenticated)
    let questions = RoomQuestionController(
        questions: api.roomQuestions, admission: admission, maxBodyBytes: api.settings.participantMaxBodyBytes)
    questions.addParticipantRoutes(to: participant)
    questions.addRoutes(to: authenticated)

    // Each feature of the one list, in its groups (``Feature``, docs/decisions/0088).
    let routes = APIRoutes(
        v1: v1, participant: participant, authenticated: authenticated, cookieReadable: cookieReadable, admission: admission,
        settings: api.settings)
    for feature in features { feature.addRoutes(to: routes) }

    addPages(router, participantLimits)
    // Last: router middleware added after the routes wraps only the not-found responder.
    router.middlewares.add(MethodNotAllowedMiddleware(routes: router.routes))
    return router
}
