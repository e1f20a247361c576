/// Per-account mail allowances, decided with the other fair shares (`AdmissionSettings.mail`) and
/// checked only where the outbox rows are written (``MailOutbox/enqueue(_:caps:on:)``): the rows
/// are shared by every instance, so the count is taken in the transaction that writes them.
///
/// Two bounds (docs/decisions/0056-roster-mail-is-not-a-relay.md):
/// - every message of an account, per hour (``perAccountPerHour``);
/// - roster mail (participant links and reminders, written to addresses a host typed in), per
///   day: a new account starts with ``rosterStartPerDay``; each roster message it delivered more
///   than a day ago to an address that has not unsubscribed adds one, up to ``rosterMaxPerDay``;
///   an admin may set an account's allowance outright (`debrief admin mail-allowance`). A host
///   who pastes strangers' addresses gets a few dozen messages a day, not hundreds an hour.
public struct MailCaps: Sendable, Equatable {
    /// Messages one account's meetings (or its own resets) may write per hour; more wait for the
    /// next pass of the scheduler (roster mail) or are not written (resets, answered alike).
    public var perAccountPerHour: Int
    /// Roster messages a new account may write in a day.
    public var rosterStartPerDay: Int
    /// The most a day's roster allowance grows to by use.
    public var rosterMaxPerDay: Int

    public init(perAccountPerHour: Int = 300, rosterStartPerDay: Int = 50, rosterMaxPerDay: Int = 2_000) {
        self.perAccountPerHour = max(1, perAccountPerHour)
        self.rosterStartPerDay = max(0, rosterStartPerDay)
        self.rosterMaxPerDay = max(self.rosterStartPerDay, rosterMaxPerDay)
    }

    /// The day's roster allowance of an account that `earned` by earlier deliveries, or that an
    /// admin set to `adminSet`.
    public func rosterPerDay(earned: Int, adminSet: Int?) -> Int {
        adminSet ?? min(self.rosterMaxPerDay, self.rosterStartPerDay + max(0, earned))
    }
}

extension MailKind {
    /// Mail written to a roster's addresses (typed in by a host), counted against the daily allowance.
    public var isRosterMail: Bool { self == .participantLink || self == .reminder }
}
