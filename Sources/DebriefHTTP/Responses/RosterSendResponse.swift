import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// `GET /v1/meetings/{id}/roster/send`: what a press of Send would do now — the page's preview
/// (``RosterSendActions/Preview``) as JSON.
struct RosterSendPreviewResponse: ResponseEncodable {
    struct Recipient: Encodable {
        var memberID: UUID
        var name: String
        var email: String
        /// `thanks` (checked in or marked present), `missed`, or `plain` when no attendance was
        /// taken for the session (nobody is told they were missed): which wording they get.
        var wording: String

        enum CodingKeys: String, CodingKey {
            case memberID = "memberId", name, email, wording
        }
    }

    struct Skipped: Encodable {
        var name: String
        /// `noAddress`, `suppressed` (unsubscribed) or `alreadySent`.
        var reason: String
    }

    struct Sample: Encodable {
        var wording: String
        var subject: String
        var text: String
        var names: [String]
    }

    var mailConfigured: Bool
    var formOpen: Bool
    var canSend: Bool
    var recipients: [Recipient]
    var skipped: [Skipped]
    var samples: [Sample]
    /// Someone checked in or was marked present: only then does anyone get `missed` (issue 68).
    var attendanceTaken: Bool
    var reminder: RosterReminderResponse
    /// The session's form is anonymous (any published version): `answered` is the count of
    /// answers through personal links, `remind` has no count and no names (decisions 77, 81).
    var anonymous: Bool
    var answered: People
    var remind: People
    /// How many people the session's link went to: the reminder set, fixed at the send.
    var reminderSet: Int
    /// The session's "Remind" was pressed already: a press reminds each member once.
    var remindPressed: Bool
    var canRemind: Bool

    /// A number of roster members with their names, each on a named form only where the
    /// anonymous form has no number that would not tell who (``RosterAnswering``).
    struct People: Encodable {
        var count: Int?
        var names: [String]?
    }

    init(_ preview: RosterSendActions.Preview) {
        self.mailConfigured = preview.mailConfigured
        self.formOpen = preview.formOpen
        self.canSend = preview.canSend
        self.recipients = preview.recipients.map {
            Recipient(
                memberID: $0.memberID, name: $0.name, email: $0.email, wording: Self.wording(present: $0.present, taken: preview.attendanceTaken))
        }
        self.skipped = preview.skipped.map { Skipped(name: $0.name, reason: $0.reason.rawValue) }
        self.samples = preview.samples.map {
            Sample(wording: Self.wording(present: $0.present, taken: !$0.plain), subject: $0.subject, text: $0.text, names: $0.names)
        }
        self.attendanceTaken = preview.attendanceTaken
        self.reminder = RosterReminderResponse(preview)
        let answering = preview.answering
        self.anonymous = answering.isAnonymous
        self.answered = People(count: answering.answeredCount, names: answering.answeredNames)
        self.remind = People(count: answering.remindCount, names: answering.remindNames)
        self.reminderSet = answering.reminderSet
        self.remindPressed = answering.pressed
        self.canRemind = preview.canRemind
    }

    static func wording(present: Bool, taken: Bool) -> String { !taken ? "plain" : present ? "thanks" : "missed" }
}

/// `POST /v1/meetings/{id}/roster/send`: `{"sent": n}`, the members this press chose (0 when
/// everyone was sent already).
struct RosterSendResultResponse: ResponseEncodable {
    var sent: Int
}

/// `POST /v1/meetings/{id}/roster/remind`: `{"reminded": n, "reminderSet": s, "repeated": b}`.
/// `reminded` (a named form only) is how many members this press reaches; an anonymous form
/// says only `reminderSet`, how many the link went to — what the press is charged — since "how
/// many have not answered" among a set the host shapes would tell who. `repeated`: the session
/// was pressed before, and nothing was sent (each member gets one reminder per press and time).
struct RosterRemindResultResponse: ResponseEncodable {
    var reminded: Int?
    var reminderSet: Int
    var repeated: Bool

    init(_ press: RemindPress) {
        self.reminded = press.reminded
        self.reminderSet = press.reminderSet
        self.repeated = press.repeated
    }
}

/// The series' reminder times: `{"on", "leadHours", "afterEndHours"}` — when on, `leadHours`
/// before the form closes and/or `afterEndHours` after the session ends (each absent when that
/// time is off); when off, `leadHours` is the lead the page offers.
struct RosterReminderResponse: ResponseEncodable {
    var on: Bool
    var leadHours: Int?
    var afterEndHours: Int?

    init(_ preview: RosterSendActions.Preview) {
        self.on = preview.reminderLeadHours != nil || preview.reminderAfterEndHours != nil
        self.leadHours = self.on ? preview.reminderLeadHours : preview.defaultLeadHours
        self.afterEndHours = preview.reminderAfterEndHours
    }
}

/// `PUT /v1/meetings/{id}/roster/reminder` body: `{"on": true, "leadHours": 2, "afterEndHours": 1}`
/// (either time may be left out, not both) or `{"on": false}`.
struct RosterReminderInput: Decodable {
    var on: Bool
    var leadHours: Int?
    var afterEndHours: Int?
}
