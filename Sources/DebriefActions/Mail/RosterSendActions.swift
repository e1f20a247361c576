import Debrief
import DebriefStore
import Foundation

/// Sending roster mail is a step of its own (docs/decisions/0060-roster-sending-is-a-step.md):
/// saving addresses sends nothing; the host reads a preview — who gets the link, with which
/// words, who is skipped and why — and presses Send; the reminder before the form closes goes
/// out only for a series whose host turned it on.
///
/// Every decision stays with its owner: presence comes from the attendance store, suppression
/// from `mail_suppressed`, the right to send from the series' edit right
/// (`MeetingStore.requireSeries`, then ``SeriesDeliveryGate`` for each message written and sent),
/// and the hourly cap and daily allowance from ``MailOutbox/enqueue(_:caps:)``. A press only
/// records who was chosen; ``MailActions/writeDueRosterMail(meeting:)`` writes the messages.
public struct RosterSendActions: Sendable {
    let mail: MailActions
    let sends: RosterSendStore
    let attendance: AttendanceStore

    public init(mail: MailActions, sends: RosterSendStore, attendance: AttendanceStore) {
        self.mail = mail
        self.sends = sends
        self.attendance = attendance
    }

    /// What "Send the link" would do now.
    public struct Preview: Sendable {
        /// Why a member gets no link from this press.
        public enum Skip: String, Sendable, CaseIterable {
            /// The address asked for no more mail (this series, or everything from here).
            case suppressed
            case noAddress
            /// This session's link went (or waits for the day's allowance) already.
            case alreadySent
        }

        public struct Recipient: Sendable, Equatable {
            public var memberID: UUID
            public var name: String
            public var email: String
            /// Checked in or marked present: thanked for coming; otherwise told their view still counts.
            public var present: Bool
        }

        public struct Skipped: Sendable, Equatable {
            public var name: String
            public var reason: Skip
        }

        /// One wording as its recipients get it (shown with the first one's name).
        public struct Sample: Sendable, Equatable {
            public var present: Bool
            public var subject: String
            public var text: String
            public var names: [String]
        }

        public var mailConfigured: Bool
        /// The session has a published form that is still open: there is a link to send.
        public var formOpen: Bool
        public var recipients: [Recipient]
        public var skipped: [Skipped]
        public var samples: [Sample]
        /// The series' reminder lead in hours, nil when the reminder is off.
        public var reminderLeadHours: Int?
        /// The lead the form offers when the reminder is off (`DEBRIEF_MAIL_REMINDER_LEAD_SECONDS`).
        public var defaultLeadHours: Int

        /// Send is possible: mail is configured, the form is open and someone would get the link.
        public var canSend: Bool { self.mailConfigured && self.formOpen && !self.recipients.isEmpty }
    }

    public func preview(_ meeting: Meeting, by viewer: Viewer) async throws -> Preview {
        let state = try await self.sends.state(meeting: meeting.id, series: meeting.seriesID, by: viewer)
        let present = try await self.presentMembers(meeting, by: viewer)
        var recipients: [Preview.Recipient] = []
        var skipped: [Preview.Skipped] = []
        for member in state.members {
            if let email = member.email, !member.suppressed, !member.sent {
                recipients.append(.init(memberID: member.id, name: member.name, email: email, present: present.contains(member.id)))
            } else {
                let reason: Preview.Skip = member.email == nil ? .noAddress : member.suppressed ? .suppressed : .alreadySent
                skipped.append(.init(name: member.name, reason: reason))
            }
        }
        let samples = [true, false].compactMap { wantPresent -> Preview.Sample? in
            let group = recipients.filter { $0.present == wantPresent }
            guard let first = group.first else { return nil }
            let texts = self.mail.rosterTexts(
                title: meeting.title, name: first.name, formCode: state.target.formCode ?? "…",
                unsubscribe: "\(self.mail.publicBaseURL)/unsubscribe/…", closesAt: state.target.closesAt,
                zone: state.target.timeZone, wording: wantPresent ? .thanks : .missed)
            return Preview.Sample(present: wantPresent, subject: texts.subject, text: texts.text, names: group.map(\.name))
        }
        let lead = Int(self.mail.settings.reminderLead.components.seconds / 3600)
        return Preview(
            mailConfigured: self.mail.isConfigured, formOpen: state.target.formCode != nil, recipients: recipients, skipped: skipped,
            samples: samples, reminderLeadHours: state.reminder?.leadHours,
            defaultLeadHours: min(max(lead, RosterSendStore.Reminder.leadHoursRange.lowerBound), RosterSendStore.Reminder.leadHoursRange.upperBound))
    }

    /// The host's press of "Send the link": records each member the preview would mail now, with
    /// their wording, and writes the messages at once. Returns how many members were chosen.
    /// A conflict when mail is not configured or the form is not open.
    @discardableResult
    public func send(_ meeting: Meeting, by viewer: Viewer) async throws -> Int {
        guard self.mail.isConfigured else { throw DebriefError(.conflict, "this server sends no e-mail") }
        let preview = try await self.preview(meeting, by: viewer)
        let chosen = try await self.sends.recordLinkSend(
            meeting: meeting.id, series: meeting.seriesID, by: viewer, recipients: preview.recipients.map { ($0.memberID, $0.present) })
        try await self.mail.writeDueRosterMail(meeting: meeting.id)
        return chosen.count
    }

    /// Turns the series' reminder on with `leadHours` (from the form: a whole number of hours,
    /// 1–168, else a 422 naming `leadHours`), or off.
    public func setReminder(_ meeting: Meeting, by viewer: Viewer, on: Bool, leadHours raw: String?) async throws {
        guard on else { return try await self.sends.setReminder(series: meeting.seriesID, by: viewer, leadHours: nil) }
        let range = RosterSendStore.Reminder.leadHoursRange
        guard let text = raw?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            throw ValidationFailure(FieldProblem("leadHours", "is required"))
        }
        guard let hours = Int(text), range.contains(hours) else {
            throw ValidationFailure(FieldProblem("leadHours", "must be a whole number between \(range.lowerBound) and \(range.upperBound)"))
        }
        try await self.sends.setReminder(series: meeting.seriesID, by: viewer, leadHours: hours)
    }

    /// The members checked in or marked present at `meeting`, as attendance counts them.
    private func presentMembers(_ meeting: Meeting, by viewer: Viewer) async throws -> Set<UUID> {
        Set(try await self.attendance.attendance(meeting: meeting.id, visibleTo: viewer).roster.filter(\.present).map(\.id))
    }
}
