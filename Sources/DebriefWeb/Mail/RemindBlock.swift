import Debrief
import DebriefActions

/// The roster send page's block about who answered and the reminder to those who have not
/// (docs/decisions/0077-personal-links-and-reminders.md): on a named form the names; on an
/// anonymous form only how many — never who answered and never who a reminder reaches.
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
        self.heading = t(RemindPhrase.rosterAnsweredHeading)
        let counts = ["n": String(preview.answeredCount), "total": String(members)]
        self.answeredLine = preview.anonymous ? t(RemindPhrase.rosterAnsweredAnonymous, counts) : t(RemindPhrase.rosterAnsweredNamed, counts)
        self.answeredNames = preview.answeredNames.flatMap { $0.isEmpty ? nil : $0.joined(separator: ", ") }
        self.canRemind = preview.canRemind
        self.remindAction = "\(meetingPath)/roster/remind"
        self.remindLabel = t(RemindPhrase.remindButton, ["n": String(preview.remindCount)])
        self.remindNames = preview.remindNames.flatMap { $0.isEmpty ? nil : t(RemindPhrase.remindWho, ["names": $0.joined(separator: ", ")]) }
        self.nobodyToRemind = preview.canRemind || !preview.mailConfigured || !preview.formOpen ? nil : t(RemindPhrase.remindNobody)
        self.csrf = csrf
    }
}
