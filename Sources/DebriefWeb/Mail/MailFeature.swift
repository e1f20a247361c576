import DebriefActions
import DebriefHTTP
import Logging
import ServiceLifecycle

/// E-mail as one feature: the roster's addresses and its send step
/// (`/v1/meetings/{id}/roster/emails…`, `…/roster/send`, `…/reminder`), the mail pages (password
/// reset, unsubscribe, the roster's addresses, the delivery log, the send step) and, when an SMTP
/// server is configured, the services that send the outbox and write the roster's due mail.
///
/// The accounts' pages keep their own ``MailActions`` (sign-up and the address proof mail a
/// link), so this feature holds what is the mail's alone.
public struct MailFeature: Feature {
    let mail: MailActions
    let sending: RosterSendActions
    let meetings: MeetingActions
    public let services: [any Service]

    /// `delivery`: the outbox's sender, nil when no SMTP server is configured (a setting, as
    /// company sign-in is): then nothing is sent and no roster mail is written.
    public init(mail: MailActions, sending: RosterSendActions, meetings: MeetingActions, delivery: MailDeliveryService?) {
        self.mail = mail
        self.sending = sending
        self.meetings = meetings
        self.services = delivery.map { [$0, RosterMailScheduler(mail: mail, logger: Logger(label: "debrief.mail"))] } ?? []
    }

    public func addRoutes(to api: APIRoutes) {
        RosterMailController(mail: self.mail, meetings: self.meetings, admission: api.admission).addRoutes(to: api.authenticated)
        RosterSendController(sending: self.sending, meetings: self.meetings).addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        MailPagesController(meetings: self.meetings, mail: self.mail, admission: pages.participantRateLimit.admission)
            .addRoutes(to: pages.router, signedIn: pages.signedIn)
        RosterSendPageController(meetings: self.meetings, sending: self.sending).addRoutes(to: pages.signedIn)
    }
}
