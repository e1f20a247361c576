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
    }

    static func wording(present: Bool) -> String { present ? "thanks" : "missed" }
}

/// `POST /v1/meetings/{id}/roster/send`: `{"sent": n}`, the members this press chose (0 when
/// everyone was sent already).
struct RosterSendResultResponse: ResponseEncodable {
    var sent: Int
}

/// The series' reminder: `{"on", "leadHours"}` — when on, its lead; when off, the lead the page
/// offers (`leadHours` is then what turning it on without one would suggest).
struct RosterReminderResponse: ResponseEncodable {
    var on: Bool
    var leadHours: Int

    init(_ preview: RosterSendActions.Preview) {
        self.on = preview.reminderLeadHours != nil
        self.leadHours = preview.reminderLeadHours ?? preview.defaultLeadHours
    }
}

/// `PUT /v1/meetings/{id}/roster/reminder` body: `{"on": true, "leadHours": 2}` or `{"on": false}`.
struct RosterReminderInput: Decodable {
    var on: Bool
    var leadHours: Int?
}
