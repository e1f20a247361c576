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
        /// `thanks` (checked in or marked present) or `missed`: which wording they get.
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
    var reminder: RosterReminderResponse
    /// The session's form is anonymous: `answered` and `remind` give counts, never names (decision 77).
    var anonymous: Bool
    var answered: People
    var remind: People
    var canRemind: Bool

    /// A number of roster members, with their names on a named form only.
    struct People: Encodable {
        var count: Int
        var names: [String]?
    }

    init(_ preview: RosterSendActions.Preview) {
        self.mailConfigured = preview.mailConfigured
        self.formOpen = preview.formOpen
        self.canSend = preview.canSend
        self.recipients = preview.recipients.map {
            Recipient(memberID: $0.memberID, name: $0.name, email: $0.email, wording: Self.wording(present: $0.present))
        }
        self.skipped = preview.skipped.map { Skipped(name: $0.name, reason: $0.reason.rawValue) }
        self.samples = preview.samples.map {
            Sample(wording: Self.wording(present: $0.present), subject: $0.subject, text: $0.text, names: $0.names)
        }
        self.reminder = RosterReminderResponse(preview)
        self.anonymous = preview.anonymous
        self.answered = People(count: preview.answeredCount, names: preview.answeredNames)
        self.remind = People(count: preview.remindCount, names: preview.remindNames)
        self.canRemind = preview.canRemind
    }

    static func wording(present: Bool) -> String { present ? "thanks" : "missed" }
}

/// `POST /v1/meetings/{id}/roster/send`: `{"sent": n}`, the members this press chose (0 when
/// everyone was sent already).
struct RosterSendResultResponse: ResponseEncodable {
    var sent: Int
}

/// `POST /v1/meetings/{id}/roster/remind`: `{"reminded": n}`, how many members this press
/// reaches (0 when everyone whose link was sent has answered). Never who: on an anonymous form
/// that would say who has not answered.
struct RosterRemindResultResponse: ResponseEncodable {
    var reminded: Int
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
