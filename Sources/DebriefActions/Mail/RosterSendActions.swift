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
    let reminders: RosterReminderStore
    /// "Now" for the series clock, which names the sessions a press may remind (decision 83).
    let clock: WallClock

    public init(
        mail: MailActions, sends: RosterSendStore, attendance: AttendanceStore, reminders: RosterReminderStore, clock: WallClock = .system
    ) {
        self.mail = mail
        self.sends = sends
        self.attendance = attendance
        self.reminders = reminders
        self.clock = clock
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
            /// No attendance was taken: the plain wording, neither thanks nor "missed you".
            public var plain = false
        }

        public var mailConfigured: Bool
        /// The session has a published form that is still open: there is a link to send.
        public var formOpen: Bool
        public var recipients: [Recipient]
        public var skipped: [Skipped]
        public var samples: [Sample]
        /// Someone checked in or was marked present for the session. Until then nobody is told
        /// they were missed: everyone gets the plain wording, and the page says why (issue 68).
        public var attendanceTaken = true
        /// The series' reminder lead in hours before the form closes, nil when that time is off.
        public var reminderLeadHours: Int?
        /// The series' reminder time in hours after the session ends, nil when that time is off.
        public var reminderAfterEndHours: Int?
        /// What the host may learn about who answered, and what "Remind" would do: names on a
        /// named form, only answer-independent numbers on an anonymous one (``RosterAnswering``,
        /// decisions 77 and 81).
        public var answering: RosterAnswering
        /// The lead the form offers when the reminder is off (`DEBRIEF_MAIL_REMINDER_LEAD_SECONDS`).
        public var defaultLeadHours: Int
        /// Nil when the series clock lets this session be reminded now; else the numbers of the
        /// sessions it does (the one happening now, the previous one while its form is open):
        /// a form published early never takes the reminders from the live week (decision 83).
        public var remindsOtherSessions: [Int]? = nil

        /// Send is possible: mail is configured, the form is open and someone would get the link.
        public var canSend: Bool { self.mailConfigured && self.formOpen && !self.recipients.isEmpty }
        /// Remind is possible: mail is configured, the form is open, the session was not pressed
        /// yet and ``RosterAnswering/canRemind`` (named: someone to remind; anonymous: a set).
        public var canRemind: Bool {
            self.mailConfigured && self.formOpen && self.answering.canRemind && self.remindsOtherSessions == nil
        }
    }

    public func preview(_ meeting: Meeting, by viewer: Viewer) async throws -> Preview {
        let state = try await self.sends.state(meeting: meeting.id, series: meeting.seriesID, by: viewer)
        let (present, attendanceTaken) = try await self.presentMembers(meeting, by: viewer)
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
                title: meeting.title, name: first.name, formCode: state.target.formCode ?? "…", personalLink: "…",
                unsubscribe: "\(self.mail.publicBaseURL)/unsubscribe/…", closesAt: state.target.closesAt,
                zone: state.target.timeZone, wording: !attendanceTaken ? .plain : wantPresent ? .thanks : .missed,
                picture: nil)  // the preview shows the plain part, which has no picture
            return Preview.Sample(
                present: wantPresent, subject: texts.subject, text: texts.text, names: group.map(\.name), plain: !attendanceTaken)
        }
        let lead = Int(self.mail.settings.reminderLead.components.seconds / 3600)
        var preview = Preview(
            mailConfigured: self.mail.isConfigured, formOpen: state.target.formCode != nil, recipients: recipients, skipped: skipped,
            samples: samples, attendanceTaken: attendanceTaken, reminderLeadHours: state.reminder?.leadHours, reminderAfterEndHours: state.reminder?.afterEndHours,
            answering: state.answering,
            defaultLeadHours: min(max(lead, RosterSendStore.Reminder.leadHoursRange.lowerBound), RosterSendStore.Reminder.leadHoursRange.upperBound))
        preview.remindsOtherSessions = try await self.remindedInstead(of: meeting)
        return preview
    }

    /// Nil when the series clock lets `meeting` be reminded now (``SeriesClock/reminds(_:at:)``);
    /// else the numbers of the sessions it names for reminders.
    private func remindedInstead(of meeting: Meeting) async throws -> [Int]? {
        let clock = try await self.reminders.clocks.clock(series: meeting.seriesID)
        let instant = self.clock.now()
        return clock.reminds(meeting.id, at: instant) ? nil : clock.remindable(at: instant).map(\.sessionNumber)
    }

    /// The host's press of "Send the link": records each member the preview would mail now, with
    /// their wording, and writes the messages at once. Returns how many members were chosen.
    /// A conflict when mail is not configured or the form is not open.
    @discardableResult
    public func send(_ meeting: Meeting, by viewer: Viewer) async throws -> Int {
        guard self.mail.isConfigured else { throw DebriefError(.conflict, "this server sends no e-mail") }
        let preview = try await self.preview(meeting, by: viewer)
        let chosen = try await self.sends.recordLinkSend(
            meeting: meeting.id, series: meeting.seriesID, by: viewer, recipients: preview.recipients.map { ($0.memberID, $0.present) },
            attendanceTaken: preview.attendanceTaken)
        try await self.mail.writeDueRosterMail(meeting: meeting.id)
        return chosen.count
    }

    /// The host's press of "Remind those who have not answered": the session's one press round
    /// (``RosterReminderStore/press(meeting:series:by:caps:)``) to its reminder set — those the
    /// link went to, at the address it went to — less who answered, written at once through the
    /// one writer. A second press reminds nobody again (`repeated`). What it tells is
    /// ``RosterAnswering``'s: on a named form how many it reaches, on an anonymous one only the
    /// set's size, which it is charged. A conflict when mail is not configured or the form is
    /// not open; rate limited when an anonymous round's charge does not fit the allowance. A
    /// conflict too when the series clock names other sessions for reminders (decision 83): the
    /// session happening now and the previous one while its form is open, never a session whose
    /// form was published early nor an older one.
    @discardableResult
    public func remind(_ meeting: Meeting, by viewer: Viewer) async throws -> RemindPress {
        guard self.mail.isConfigured else { throw DebriefError(.conflict, "this server sends no e-mail") }
        if let others = try await self.remindedInstead(of: meeting) {
            let named = others.map { "session \($0)" }.joined(separator: " and ")
            throw DebriefError(
                .conflict,
                "reminders go to the session happening now and the previous one while its form is open (\(named)), not to session \(meeting.sessionNumber)")
        }
        let press = try await self.reminders.press(meeting: meeting.id, series: meeting.seriesID, by: viewer, caps: self.mail.caps)
        try await self.mail.writeDueRosterMail(meeting: meeting.id)
        return press
    }

    /// Sets the series' reminder times (each from a form: a whole number of hours, 1–168, else a
    /// 422 naming the field): `leadHours` before the form closes, `afterEndHours` after the
    /// session ends, at least one of them when `on` (else a 422 naming `leadHours`); or off.
    public func setReminder(_ meeting: Meeting, by viewer: Viewer, on: Bool, leadHours rawLead: String?, afterEndHours rawAfter: String? = nil)
        async throws
    {
        guard on else { return try await self.sends.setReminder(series: meeting.seriesID, by: viewer, nil) }
        var problems = ProblemCollector()
        let lead = Self.hours(rawLead, at: "leadHours", into: &problems)
        let after = Self.hours(rawAfter, at: "afterEndHours", into: &problems)
        guard problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
        guard let reminder = RosterSendStore.Reminder(leadHours: lead, afterEndHours: after) else {
            throw ValidationFailure(FieldProblem("leadHours", "is required (or afterEndHours)"))
        }
        try await self.sends.setReminder(series: meeting.seriesID, by: viewer, reminder)
    }

    /// A reminder time as typed: absent or empty is nil; otherwise a whole number in 1–168.
    private static func hours(_ raw: String?, at path: String, into problems: inout ProblemCollector) -> Int? {
        guard let text = raw?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let range = RosterSendStore.Reminder.leadHoursRange
        guard let hours = Int(text), range.contains(hours) else {
            problems.add(path, "must be a whole number between \(range.lowerBound) and \(range.upperBound)")
            return nil
        }
        return hours
    }

    /// The members checked in or marked present at `meeting`, as attendance counts them, and
    /// whether attendance was taken at all: someone (on the roster or not) checked in or was
    /// marked present. Without that, "absent" means "nobody looked", not "did not come".
    private func presentMembers(_ meeting: Meeting, by viewer: Viewer) async throws -> (present: Set<UUID>, taken: Bool) {
        let attendance = try await self.attendance.attendance(meeting: meeting.id, visibleTo: viewer)
        return (Set(attendance.roster.filter(\.present).map(\.id)), !attendance.checkIns.isEmpty)
    }
}
