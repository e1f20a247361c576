import DebriefActions
import DebriefHTTP
import Hummingbird

/// The server-rendered site: the participant's pages (`/f/…`), the host's sign-in and pages
/// (`/signin`, `/m/…`) and their assets, over the same use cases as the JSON API.
public struct Pages: Sendable {
    let participants: ParticipantActions
    let accounts: AccountActions
    let meetings: MeetingActions
    let results: ResultsActions
    let settings: HTTPSettings

    public init(
        participants: ParticipantActions, accounts: AccountActions, meetings: MeetingActions, results: ResultsActions,
        settings: HTTPSettings
    ) {
        self.participants = participants
        self.accounts = accounts
        self.meetings = meetings
        self.results = results
        self.settings = settings
    }

    /// Adds every page route; the participant pages share the API's rate limit buckets.
    public func addRoutes(to router: Router<AppRequestContext>, participantRateLimit: RateLimitMiddleware) {
        Assets.addRoutes(to: router)
        ParticipantPageController(
            participants: self.participants, results: self.results, maxBodyBytes: self.settings.participantMaxBodyBytes
        ).addRoutes(to: router, rateLimit: participantRateLimit)
        SignInController(accounts: self.accounts, securesCookies: self.settings.securesCookies).addRoutes(to: router)
        HostPagesController(
            accounts: self.accounts, meetings: self.meetings, results: self.results, publicBaseURL: self.settings.publicBaseURL
        ).addRoutes(to: router)
    }
}
