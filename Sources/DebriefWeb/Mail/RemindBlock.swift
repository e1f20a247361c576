import Debrief
import DebriefActions

/// The roster send page's block about who answered and the reminder to those who have not
/// (docs/decisions/0077-personal-links-and-reminders.md): on a named form the names; on an
/// anonymous form only how many answered through the links — never who answered, never who or
/// how many a reminder reaches (decision 81).
struct RemindBlock {
    var heading: String
    /// "2 of 4 roster members have answered" (and, on an anonymous form, that names are never shown).
    var answeredLine: String
    /// Named forms only: who answered.
    var answeredNames: String?
    var canRemind: Bool
    var remindAction: String
    var remindLabel: String
    /// Named forms only: who the press reaches.
    var remindNames: String?
    var nobodyToRemind: String?
    var csrf: String

    init(_ preview: RosterSendActions.Preview, members: Int, meetingPath: String, csrf: String, _ t: Localizer) {
        let answering = preview.answering
        self.heading = t(RemindPhrase.rosterAnsweredHeading)
        // What is said comes from ``RosterAnswering`` alone: names and "how many to remind" on a
        // named form; on an anonymous one the answers through links of the link's set (decision 81).
        if let toRemind = answering.remindCount {
            self.answeredLine = t(RemindPhrase.rosterAnsweredNamed, ["n": String(answering.answeredCount), "total": String(members)])
            self.remindLabel = t(RemindPhrase.remindButton, ["n": String(toRemind)])
        } else {
            let counts = ["n": String(answering.answeredCount), "total": String(answering.reminderSet)]
            self.answeredLine = t(RemindPhrase.rosterAnsweredAnonymous, counts)
            self.remindLabel = t(RemindPhrase.remindButtonAnonymous, counts)
        }
        self.answeredNames = answering.answeredNames.flatMap { $0.isEmpty ? nil : $0.joined(separator: ", ") }
        self.canRemind = preview.canRemind
        self.remindAction = "\(meetingPath)/roster/remind"
        self.remindNames = answering.remindNames.flatMap { $0.isEmpty ? nil : t(RemindPhrase.remindWho, ["names": $0.joined(separator: ", ")]) }
        self.nobodyToRemind =
            preview.canRemind || !preview.mailConfigured || !preview.formOpen
            ? nil : answering.pressed ? t(RemindPhrase.remindPressed) : t(RemindPhrase.remindNobody)
        // The series clock names other sessions for reminders (decision 83): say which.
        if let others = preview.remindsOtherSessions, preview.mailConfigured, preview.formOpen {
            let sessions = others.map { t(.sessionNumber, ["n": String($0)]) }.joined(separator: ", ")
            self.nobodyToRemind = t(RemindPhrase.remindOtherSessions, ["sessions": sessions])
        }
        self.csrf = csrf
    }

    /// The notice after a press, as ``RosterAnswering`` lets it speak.
    static func notice(_ press: RemindPress, _ t: Localizer) -> String {
        if press.repeated { return t(RemindPhrase.remindRepeated) }
        if let reminded = press.reminded { return t(RemindPhrase.remindDone, ["n": String(reminded)]) }
        return t(RemindPhrase.remindDoneAnonymous, ["total": String(press.reminderSet)])
    }
}
