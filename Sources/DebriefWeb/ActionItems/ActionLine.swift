import Debrief
import Foundation

/// One action as the host's pages show it: its title, owner, due and status in the page's
/// language, and the forms that change it. The dashboard's list, the review and the presenter's
/// step all show an action through this, so they read alike.
struct ActionLine {
    /// A button of a one-button form: `name=value` posted to the line's action.
    struct Button {
        var value: String
        var label: String
        /// The status the action has: shown, not offered (a disabled button).
        var current = false
    }

    var id: String
    /// The element id of the title, which the buttons name (`aria-describedby`): "Mark done" of which.
    var titleID: String
    var title: String
    var owner: String
    var due: String
    var status: String
    /// `open`, `done` or `dropped`: the line's class, so a status reads at a glance.
    var statusValue: String
    var promptedBy: String?
    /// "Asked next session: did this help?" while the action asks it (decision 78).
    var asksIfHelped: String?
    /// Where the status buttons post (`status=…`).
    var statusAction: String
    var statusButtons: [Button]
    /// Where the delete button posts; nil on the review (an action is deleted where it was decided).
    var deleteAction: String?
    /// Whether the line has any form (the presenter's lines have none). Stored: templates read by reflection.
    var hasButtons: Bool
    /// On a review or the series' list (decision 85): "Decided at session 1 (…)", and how long it
    /// has been open ("Open 2 sessions"); nil on the session's own list.
    var recorded: String? = nil
    var openFor: String? = nil
    /// In a review: what the action's question changed, with its interval (decision 99).
    var change: String? = nil

    init(_ item: ActionItem, statusAction: String, deleteAction: String?, buttons: [Button], questions: [QuestionKey: String], _ t: Localizer) {
        let id = item.id.lowercasedText
        self.id = id
        self.titleID = "action-\(id)-title"
        self.title = item.title
        self.owner = item.ownerName.map { t(ActionPhrase.actionOwnedBy, ["name": $0]) } ?? t(ActionPhrase.actionNoOwner)
        self.due = Self.due(item.due, t)
        self.status = t(ActionPhrase.actionStatusLabel, ["status": Self.status(item.status, t)])
        self.statusValue = item.status.rawValue
        self.promptedBy = item.questionKey.flatMap { questions[$0] }.map { t(ActionPhrase.actionPromptedBy, ["question": $0]) }
        self.asksIfHelped = item.asksIfHelped ? t(HelpPhrase.asksIfHelpedShown) : nil
        self.statusAction = statusAction
        self.statusButtons = buttons
        self.deleteAction = deleteAction
        self.hasButtons = !buttons.isEmpty || deleteAction != nil
    }

    /// "By the next session" or "By 24 Dec 2026" ("2026. 12. 24.까지"): the date in the page's
    /// language (``DateText/day(_:_:)``); JSON and CSV keep decision 74's `2026-12-24`.
    static func due(_ due: ActionDue, _ t: Localizer) -> String {
        switch due {
        case .nextSession: t(ActionPhrase.actionDueNextSession)
        case .on(let date): t(ActionPhrase.actionDueOn, ["date": DateText.day(date, t.language)])
        }
    }

    static func status(_ status: ActionStatus, _ t: Localizer) -> String {
        switch status {
        case .open: t(ActionPhrase.actionStatusOpen)
        case .done: t(ActionPhrase.actionStatusDone)
        case .dropped: t(ActionPhrase.actionStatusDropped)
        }
    }
}
