import Debrief
import DebriefStore
import Foundation

/// The dashboard's "Actions" block (issue 50, decision 74): the session's actions with their
/// owner, due and status, a button for each change of status and one to delete, and the form
/// that adds one — all plain form posts (``ActionItemPagesController``), no script. Shown to
/// those who may edit the meeting, as the API's routes are.
///
/// The owner list offers exactly whom the store accepts (the series' roster and the accounts
/// that run it); the store checks again, so a member removed meanwhile is a problem at the owner.
struct ActionsBlock {
    /// What the host typed, kept when the post was refused, with each problem beside its field.
    struct Form {
        var title = ""
        /// `""`, `rosterMember:<uuid>` or `account:<uuid>` (``ActionItemPagesController/owner(_:)``).
        var owner = ""
        /// `nextSession` or `date`.
        var due = ActionDue.nextSessionText
        var dueDate = ""
        var questionKey = ""
        /// The "did this help?" box (decision 78).
        var asksIfHelped = false
        var titleError: String?
        var ownerError: String?
        var dueError: String?
        var questionError: String?
        /// A refusal that belongs to no field: the session's cap.
        var generalError: String?
    }

    struct Choice {
        var value: String
        var label: String
        var selected: Bool
    }

    struct ErrorLink {
        var href: String
        var text: String
    }

    var items: [ActionLine]
    var hasItems: Bool
    var count: String
    var csrf: String
    var addAction: String
    var form: Form
    var dueNextSession: Bool
    var dueOnDate: Bool
    var roster: [Choice]
    var hasRoster: Bool
    var hosts: [Choice]
    var questions: [Choice]
    var hasQuestions: Bool
    /// "Action added." and the like, after a post (`/m/{id}?actions=…`).
    var notice: String?
    var generalErrors: [String]
    var errorLinks: [ErrorLink]
    /// Stored, not computed: templates read values by reflection.
    var hasErrors: Bool

    init(
        meeting: UUID, items: [ActionItem], roster: [RosterMember], sharing: SeriesSharing?, form definition: FormDefinition?,
        csrf: String, typed: Form?, notice: String?, _ t: Localizer
    ) {
        let base = "/m/\(meeting.lowercasedText)/actions"
        let questions = Dictionary((definition?.questions ?? []).map { ($0.key, $0.prompt) }, uniquingKeysWith: { first, _ in first })
        self.items = items.map { item in
            let path = base + "/" + item.id.lowercasedText
            return ActionLine(
                item, statusAction: path + "/status", deleteAction: path + "/delete", buttons: Self.buttons(item.status, t),
                questions: questions, t)
        }
        self.hasItems = !items.isEmpty
        self.count = t(ActionPhrase.actionsCount, ["n": String(items.count), "max": String(ActionItemRules.maxPerSession)])
        self.csrf = csrf
        self.addAction = base
        let form = typed ?? Form()
        self.form = form
        self.dueNextSession = form.due != "date"
        self.dueOnDate = form.due == "date"
        self.roster = roster.map { Choice(value: "rosterMember:" + $0.id.lowercasedText, label: $0.name, selected: false) }
        var hosts = sharing.map { [$0.owner] + $0.shares } ?? []
        hosts.sort { $0.displayName.localizedStandardCompare($1.displayName) == .orderedAscending }
        self.hosts = hosts.map { Choice(value: "account:" + $0.accountID.lowercasedText, label: $0.displayName, selected: false) }
        for index in self.roster.indices { self.roster[index].selected = self.roster[index].value == form.owner }
        for index in self.hosts.indices { self.hosts[index].selected = self.hosts[index].value == form.owner }
        self.hasRoster = !self.roster.isEmpty
        self.questions = (definition?.questions ?? []).map {
            Choice(value: $0.key.rawValue, label: $0.prompt, selected: $0.key.rawValue == form.questionKey)
        }
        self.hasQuestions = !self.questions.isEmpty
        self.notice = notice
        self.generalErrors = form.generalError.map { [$0] } ?? []
        self.errorLinks = [
            ("action-title", form.titleError, t(ActionPhrase.actionTitleLabel)),
            ("action-owner", form.ownerError, t(ActionPhrase.actionOwnerLabel)),
            ("action-due-date", form.dueError, t(ActionPhrase.actionDueLegend)),
            ("action-question", form.questionError, t(ActionPhrase.actionQuestionLabel)),
        ].compactMap { id, error, label in error.map { ErrorLink(href: "#\(id)", text: "\(label): \($0)") } }
        self.hasErrors = !self.errorLinks.isEmpty || !self.generalErrors.isEmpty
    }

    /// An open action can be marked done or dropped; a closed one reopened.
    static func buttons(_ status: ActionStatus, _ t: Localizer) -> [ActionLine.Button] {
        switch status {
        case .open:
            [.init(value: ActionStatus.done.rawValue, label: t(ActionPhrase.actionMarkDone)),
             .init(value: ActionStatus.dropped.rawValue, label: t(ActionPhrase.actionMarkDropped))]
        case .done, .dropped: [.init(value: ActionStatus.open.rawValue, label: t(ActionPhrase.actionReopen))]
        }
    }

    /// The notices of `/m/{id}?actions=…`, set by the posts.
    static func notice(_ value: String?, _ t: Localizer) -> String? {
        switch value {
        case "added": t(ActionPhrase.actionAdded)
        case "changed": t(ActionPhrase.actionChanged)
        case "deleted": t(ActionPhrase.actionDeleted)
        default: nil
        }
    }
}
