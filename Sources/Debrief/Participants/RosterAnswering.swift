/// What a host may learn about roster members answering one session (issue 67,
/// docs/decisions/0081-who-answered-is-not-an-output.md): the one owner that the send step's
/// preview (JSON and page), the remind press's result and the reminder's charge go through.
///
/// On a named form the host sees who answered and who a reminder reaches, by name. On an
/// anonymous form only numbers that are the same whichever members answered and that no roster
/// edit moves: how many answers came through personal links (counted from the session's flags,
/// which outlive the members, never joined to the roster as it is now) and how many people the
/// session's link went to (the reminder set, fixed when the link was sent). Nothing that counts
/// "who has not answered" among a set the host can shape after the send (addresses, members) is
/// built here, so no output can carry it.
public struct RosterAnswering: Sendable, Equatable {
    /// A member as the roster reads now, for a named form's lists.
    public struct Member: Sendable, Equatable {
        public var name: String
        public var answered: Bool
        /// In the session's reminder set, still on the roster, its kept address not suppressed,
        /// and not answered: a reminder would reach them.
        public var remindable: Bool

        public init(name: String, answered: Bool, remindable: Bool) {
            self.name = name
            self.answered = answered
            self.remindable = remindable
        }
    }

    public enum Shown: Sendable, Equatable {
        case named(answered: [String], toRemind: [String])
        case anonymous(answeredThroughLinks: Int)
    }

    public let shown: Shown
    /// How many people the session's link went to (removed members included): the reminder set.
    public let reminderSet: Int
    /// The session's press of "Remind" happened already: a press reminds each member once.
    public let pressed: Bool

    /// A session is anonymous unless it has published versions and none of them is anonymous:
    /// flags set while a version was anonymous stay unnamed when a later version names people.
    public static func isAnonymous(publishedVersions: Int, anonymousVersions: Int) -> Bool {
        publishedVersions == 0 || anonymousVersions > 0
    }

    /// `members` are read only on a named form; an anonymous one keeps none of them.
    public init(anonymous: Bool, members: [Member], answeredThroughLinks: Int, reminderSet: Int, pressed: Bool) {
        self.shown =
            anonymous
            ? .anonymous(answeredThroughLinks: answeredThroughLinks)
            : .named(answered: members.filter(\.answered).map(\.name), toRemind: members.filter(\.remindable).map(\.name))
        self.reminderSet = reminderSet
        self.pressed = pressed
    }

    public var isAnonymous: Bool {
        if case .anonymous = self.shown { return true }
        return false
    }

    /// How many answered: the named members who did, or the answers through personal links.
    public var answeredCount: Int {
        switch self.shown {
        case .named(let answered, _): return answered.count
        case .anonymous(let count): return count
        }
    }

    /// Who answered, on a named form only.
    public var answeredNames: [String]? {
        if case .named(let answered, _) = self.shown { return answered }
        return nil
    }

    /// How many a press would reach now, on a named form only: on an anonymous one that number
    /// is "the set minus who answered", which roster edits would turn into who.
    public var remindCount: Int? {
        if case .named(_, let toRemind) = self.shown { return toRemind.count }
        return nil
    }

    /// Who a press would reach, on a named form only.
    public var remindNames: [String]? {
        if case .named(_, let toRemind) = self.shown { return toRemind }
        return nil
    }

    /// A press would do something: not pressed yet, and someone to remind (named) or a reminder
    /// set at all (anonymous: whether anyone in it is still missing is not said).
    public var canRemind: Bool {
        guard !self.pressed else { return false }
        switch self.shown {
        case .named(_, let toRemind): return !toRemind.isEmpty
        case .anonymous: return self.reminderSet > 0
        }
    }

    /// What a round charges against the day's allowance when it starts: the whole set on an
    /// anonymous form (whoever answered), nothing up front on a named one (each message counts).
    public var roundCharge: Int? { Self.roundCharge(anonymous: self.isAnonymous, reminderSet: self.reminderSet) }

    /// ``roundCharge`` for a round the scheduler starts, which reads no members.
    public static func roundCharge(anonymous: Bool, reminderSet: Int) -> Int? { anonymous ? reminderSet : nil }

    /// What a press tells the host.
    public func press(reached: Int, repeated: Bool) -> RemindPress {
        RemindPress(reminded: self.isAnonymous ? nil : (repeated ? 0 : reached), reminderSet: self.reminderSet, repeated: repeated)
    }
}

/// The result of a press of "Remind those who have not answered".
public struct RemindPress: Sendable, Equatable {
    /// How many members this press reaches, on a named form only (0 for a repeated press).
    public var reminded: Int?
    /// How many people the session's link went to: what an anonymous press charges.
    public var reminderSet: Int
    /// The session was pressed before: nobody is reminded twice, nothing was sent.
    public var repeated: Bool

    public init(reminded: Int?, reminderSet: Int, repeated: Bool) {
        self.reminded = reminded
        self.reminderSet = reminderSet
        self.repeated = repeated
    }
}
