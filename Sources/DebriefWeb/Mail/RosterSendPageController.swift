import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/roster/send`: sending the session's feedback link to the roster is a step of its own
/// (docs/decisions/0060-roster-sending-is-a-step.md). The page is the preview — how many people,
/// the subject and text each wording carries and who gets which (present: thanked for coming;
/// absent: their view still counts), who is skipped and why — with one button; and the series'
/// reminder, off until the host turns it on. Those who may edit the series only.
struct RosterSendPageController {
    let meetings: MeetingActions
    let sending: RosterSendActions

    struct SendPage {
        struct Sample {
            var group: String
            var subject: String
            var text: String
        }

        struct Skipped {
            var name: String
            var reason: String
        }

        struct ErrorLink {
            var href: String
            var text: String
        }

        var heading: String
        var csrf: String
        var addressesLink: String
        var notice: String?
        var mailConfigured: Bool
        var formOpen: Bool
        var canSend: Bool
        /// Mail and form are ready but nobody would get the link now.
        var nobody: Bool
        /// Nobody checked in or was marked present: why nobody is told they were missed (issue 68).
        var noAttendance: Bool
        var sendAction: String
        var sendLabel: String
        var samples: [Sample]
        var skipped: [Skipped]
        var hasSkipped: Bool
        var reminderAction: String
        var reminderOn: Bool
        var reminderState: String
        var leadHours: String
        var leadError: String?
        var afterEndHours: String
        var afterEndError: String?
        /// Who answered and the reminder to those who have not (its own partial, `roster-remind`).
        var remindBlock: RemindBlock
        var generalErrors: [String] = []
        var errorLinks: [ErrorLink]
        var hasErrors: Bool
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(":id/roster/send", use: self.show)
        group.post(":id/roster/send", use: self.send)
        group.post(":id/roster/reminder", use: self.setReminder)
        group.post(":id/roster/remind", use: self.remind)
    }

    /// "Remind those who have not answered": the session's one press, through the same use case
    /// as the API's; the notice says what ``RosterAnswering`` allows (named: how many; anonymous:
    /// the set it was charged), or that the reminder went already.
    @Sendable func remind(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        _ = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        let press: RemindPress
        do {
            press = try await self.sending.remind(meeting, by: try context.requireViewer())
        } catch let error as DebriefError where error.code == .conflict || error.code == .rateLimited {
            return try await self.render(
                request, context, meeting, notice: error.code == .rateLimited ? error.message : nil,
                status: error.code == .conflict ? .conflict : .tooManyRequests)
        }
        return try await self.render(request, context, meeting, notice: RemindBlock.notice(press, t), status: .ok)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        return try await self.render(request, context, meeting, status: .ok)
    }

    /// The button: records who the preview named and writes their messages. Pressing it again
    /// sends nobody twice (those already sent are skipped).
    @Sendable func send(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        _ = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        let sent: Int
        do {
            sent = try await self.sending.send(meeting, by: try context.requireViewer())
        } catch let error as DebriefError where error.code == .conflict {
            // No mail configured, or no open form: the page says which, with nothing sent.
            return try await self.render(request, context, meeting, status: .conflict)
        }
        return try await self.render(request, context, meeting, notice: t(.rosterSendDone, ["n": String(sent)]), status: .ok)
    }

    /// The series' reminder: the checkbox `remind=on` with `leadHours` (1–168) turns it on; no
    /// checkbox turns it off. A bad number is a 422 naming `leadHours`, the typed value kept.
    @Sendable func setReminder(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        let on = fields["remind"] == "on"
        do {
            try await self.sending.setReminder(
                meeting, by: try context.requireViewer(), on: on, leadHours: fields["leadHours"], afterEndHours: fields["afterEndHours"])
            return try await self.render(request, context, meeting, notice: t(.rosterReminderSaved), status: .ok)
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            return try await self.render(
                request, context, meeting, typedLead: fields["leadHours"] ?? "", typedAfterEnd: fields["afterEndHours"] ?? "", typedOn: on,
                leadError: errors["leadHours"], afterEndError: errors["afterEndHours"], status: .unprocessableContent)
        }
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, notice: String? = nil, typedLead: String? = nil,
        typedAfterEnd: String? = nil, typedOn: Bool? = nil, leadError: String? = nil, afterEndError: String? = nil,
        status: HTTPResponse.Status
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let id = meeting.id.lowercasedText
        let preview = try await self.sending.preview(meeting, by: try context.requireViewer())
        let samples = preview.samples.map { sample in
            SendPage.Sample(
                group: t(sample.plain ? .rosterSendPlainGroup : sample.present ? .rosterSendPresentGroup : .rosterSendAbsentGroup, [
                    "n": String(sample.names.count), "names": sample.names.joined(separator: ", "),
                ]),
                subject: sample.subject, text: sample.text)
        }
        let skipped = preview.skipped.map { entry in
            let reason: String
            switch entry.reason {
            case .suppressed: reason = t(.rosterSkipSuppressed)
            case .noAddress: reason = t(.rosterSkipNoAddress)
            case .alreadySent: reason = t(.rosterSkipAlreadySent)
            }
            return SendPage.Skipped(name: entry.name, reason: reason)
        }
        let reminderOn = preview.reminderLeadHours != nil || preview.reminderAfterEndHours != nil
        let errorLinks = (leadError.map { [SendPage.ErrorLink(href: "#leadHours", text: "\(t(.rosterReminderHours)): \($0)")] } ?? [])
            + (afterEndError.map { [SendPage.ErrorLink(href: "#afterEndHours", text: "\(t(RemindPhrase.reminderAfterEndHours)): \($0)")] } ?? [])
        let states = [
            preview.reminderLeadHours.map { t(.rosterReminderOn, ["n": String($0)]) },
            preview.reminderAfterEndHours.map { t(RemindPhrase.reminderAfterEndOn, ["n": String($0)]) },
        ].compactMap { $0 }
        let page = SendPage(
            heading: t(.rosterSendHeading, ["n": String(meeting.sessionNumber)]), csrf: context.sessionCSRFToken ?? "",
            addressesLink: "/m/\(id)/roster/mail", notice: notice, mailConfigured: preview.mailConfigured, formOpen: preview.formOpen,
            canSend: preview.canSend, nobody: preview.mailConfigured && preview.formOpen && preview.recipients.isEmpty,
            noAttendance: !preview.attendanceTaken,
            sendAction: "/m/\(id)/roster/send", sendLabel: preview.recipients.count == 1 ? t(.rosterSendButtonOne) : t(.rosterSendButton, ["n": String(preview.recipients.count)]), samples: samples,
            skipped: skipped, hasSkipped: !skipped.isEmpty, reminderAction: "/m/\(id)/roster/reminder", reminderOn: typedOn ?? reminderOn,
            reminderState: states.isEmpty ? t(.rosterReminderOff) : states.joined(separator: " "),
            leadHours: typedLead ?? (reminderOn ? preview.reminderLeadHours.map(String.init) ?? "" : String(preview.defaultLeadHours)),
            leadError: leadError, afterEndHours: typedAfterEnd ?? preview.reminderAfterEndHours.map(String.init) ?? "",
            afterEndError: afterEndError,
            remindBlock: RemindBlock(
                preview, members: preview.recipients.count + preview.skipped.count, meetingPath: "/m/\(id)",
                csrf: context.sessionCSRFToken ?? "", t),
            errorLinks: errorLinks, hasErrors: !errorLinks.isEmpty)
        return try writer.hostPage("roster-send", title: page.heading, view: page, context: context, status: status)
    }
}
