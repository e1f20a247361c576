import DebriefActions
import DebriefHTTP
import DebriefStore
import Hummingbird

/// The server-rendered site: the participant's pages (`/f/…`), the host's sign-in and pages
/// (`/signin`, `/m/…`) and their assets, over the same use cases as the JSON API.
public struct Pages: Sendable {
    let participants: ParticipantActions
    let accounts: AccountActions
    let meetings: MeetingActions
    let results: ResultsActions
    let settings: HTTPSettings
    let host: HostPages
    /// Signs the participant page's "answered from this browser" cookie.
    let browserReceipts: BrowserReceipts
    /// Questions from the room: the participant page's section and the dashboard's moderation list.
    let roomQuestions: RoomQuestionActions
    /// Reactions during the meeting: the presenter's and the dashboard's counts (decision 100).
    let reactions: ReactionActions
    /// Company sign-in (OpenID Connect) when the operator configured it; nil: the sign-in page has
    /// the password form only. The one optional here: a setting, not a part the application forgets.
    let companySignIn: CompanySignInActions?

    /// Every part is given here, once: nothing is assigned into the pages after they are built.
    public init(
        participants: ParticipantActions, accounts: AccountActions, meetings: MeetingActions, results: ResultsActions,
        settings: HTTPSettings, host: HostPages, browserReceipts: BrowserReceipts, roomQuestions: RoomQuestionActions,
        reactions: ReactionActions, companySignIn: CompanySignInActions?
    ) {
        self.participants = participants
        self.accounts = accounts
        self.meetings = meetings
        self.results = results
        self.settings = settings
        self.host = host
        self.browserReceipts = browserReceipts
        self.roomQuestions = roomQuestions
        self.reactions = reactions
        self.companySignIn = companySignIn
    }

    /// Adds every page route, each feature's of the application's one list among them; the
    /// participant pages share the API's rate limit buckets.
    public func addRoutes(to router: Router<AppRequestContext>, participantRateLimit: RateLimitMiddleware, features: [any Feature]) {
        Assets.addRoutes(to: router)
        ParticipantPageController(
            participants: self.participants, results: self.results, maxBodyBytes: self.settings.participantMaxBodyBytes,
            receipts: self.browserReceipts, securesCookies: self.settings.securesCookies,
            embedding: !self.settings.embedOrigins.isEmpty, roomQuestions: self.roomQuestions
        ).addRoutes(to: router, rateLimit: participantRateLimit)
        SignInController(
            accounts: self.accounts, securesCookies: self.settings.securesCookies, companySignIn: self.companySignIn,
            publicBaseURL: self.settings.publicBaseURL
        ).addRoutes(to: router)
        CompanySignInController(
            companySignIn: self.companySignIn, publicBaseURL: self.settings.publicBaseURL, securesCookies: self.settings.securesCookies
        ).addRoutes(to: router)
        // The one authenticated page group (docs/decisions/0067): every host page registers under
        // it, so none can forget the session check or add a second one (scripts/check-layers, rule 21).
        let signedIn = router.group()
            .add(middleware: PageErrorMiddleware(subject: .meeting))
            .add(middleware: HostSessionMiddleware(accounts: self.accounts))
        let actionBlocks = ActionBlocks(
            actions: self.host.actionItems, attendance: self.host.attendance, sharing: self.host.sharing, results: self.results)
        let hostPages = HostPagesController(
            meetings: self.meetings, results: self.results, publicBaseURL: self.settings.publicBaseURL,
            loopbackHint: self.host.loopbackHint, chat: self.host.chat, embedOrigins: self.settings.embedOrigins,
            actionBlocks: actionBlocks, roomQuestions: self.roomQuestions, reactions: self.reactions)
        hostPages.addRoutes(to: signedIn)
        RoomQuestionHostPageController(meetings: self.meetings, questions: self.roomQuestions, dashboard: hostPages).addRoutes(to: signedIn)
        ChatPageController(meetings: self.meetings, chat: self.host.chat, dashboard: hostPages).addRoutes(to: signedIn)
        SignUpController(
            accounts: self.accounts, gate: self.host.signUpGate, securesCookies: self.settings.securesCookies,
            mailConfigured: self.host.mail.isConfigured
        ).addRoutes(to: router, signedIn: signedIn)
        AccountPageController(
            accounts: self.accounts, settings: self.host.settings, mailConfigured: self.host.mail.isConfigured, mail: self.host.mail)
            .addRoutes(to: signedIn)
        AdminPageController(settings: self.host.settings, mail: self.host.mail, publicBaseURL: self.settings.publicBaseURL)
            .addRoutes(to: signedIn)
        let creation = MeetingCreation(
            meetings: self.meetings, imports: CalendarImport(calendar: self.host.calendar, admission: participantRateLimit.admission),
            forms: self.host.forms)
        MeetingPagesController(meetings: self.meetings, creation: creation).addRoutes(to: signedIn)
        RosterPageController(meetings: self.meetings, attendance: self.host.attendance).addRoutes(to: signedIn)
        SeriesSettingsPageController(meetings: self.meetings).addRoutes(to: signedIn)
        TransferPageController(sharing: self.host.sharing).addRoutes(to: signedIn)
        FormBuilderController(
            meetings: self.meetings, forms: self.host.forms, publicBaseURL: self.settings.publicBaseURL
        ).addRoutes(to: signedIn)
        TranslationsController(meetings: self.meetings, forms: self.host.forms).addRoutes(to: signedIn)
        ActionItemPagesController(meetings: self.meetings, blocks: actionBlocks, dashboard: hostPages).addRoutes(to: signedIn)
        // Each feature of the one list, in the same groups (``Feature``, docs/decisions/0088).
        let pages = PageRoutes(router: router, signedIn: signedIn, participantRateLimit: participantRateLimit, settings: self.settings)
        for feature in features { feature.addPages(to: pages) }
    }
}

/// The use cases only the host's own pages need: the sign-up policy, the account and admin pages.
/// A feature's own pages are its value's (``Feature``), never these.
public struct HostPages: Sendable {
    let signUpGate: SignUpGate
    let settings: AccountSettingsActions
    let attendance: AttendanceActions
    let forms: FormActions
    let sharing: SharingActions
    /// A public URL phones could reach (`http://192.168.1.20:8080`), set when the configured one
    /// is a loopback address: the dashboard and meetings list then say how to fix it.
    let loopbackHint: String?
    /// Plans a new meeting that repeats (`/m/new`; the calendar's own pages are ``CalendarFeature``'s).
    let calendar: CalendarActions
    /// Sign-up (whether mail is configured), the account's address proof and the admin's mail settings.
    let mail: MailActions
    /// The meeting page's team chat channel block (`/m/{id}/chat…`).
    let chat: ChatActions
    /// The dashboard's actions and review, the presenter's review (`/m/{id}/actions…`).
    let actionItems: ActionItemActions

    public init(
        signUpGate: SignUpGate, settings: AccountSettingsActions, attendance: AttendanceActions, forms: FormActions,
        sharing: SharingActions, loopbackHint: String?, calendar: CalendarActions, mail: MailActions, chat: ChatActions,
        actionItems: ActionItemActions
    ) {
        self.signUpGate = signUpGate
        self.settings = settings
        self.attendance = attendance
        self.forms = forms
        self.sharing = sharing
        self.loopbackHint = loopbackHint
        self.calendar = calendar
        self.mail = mail
        self.chat = chat
        self.actionItems = actionItems
    }
}
