import Debrief
import DebriefActions
import Foundation

/// The dashboard's "Questions from the room" (docs/decisions/0075): the settings (on or off,
/// moderation, names) and every question with its state — waiting, shown or hidden, answered,
/// pinned — and, for those who may edit the meeting, the buttons that approve, hide, mark answered,
/// pin and delete (``RoomQuestionHostPageController``). The list is the host's
/// (``RoomQuestionActions/hostList(meeting:visibleTo:)``): everything, in the room's order.
///
/// Members are prefixed `host`: the partial sits inside the dashboard's view, and a nil member
/// would otherwise be looked up there.
struct RoomQuestionsHostBlock {
    /// The settings as the host sent them when they were refused, with each problem.
    struct State {
        var enabled: Bool
        var moderation: String
        var names: String
        var moderationError: String?
        var namesError: String?
    }

    struct Choice {
        var hostChoiceID: String
        var hostChoiceValue: String
        var hostChoiceLabel: String
        var hostChoiceChecked: Bool
    }

    /// One submit button of a question's form: it sends `name=value`.
    struct Button {
        var hostButtonName: String
        var hostButtonValue: String
        var hostButtonLabel: String
    }

    struct Item {
        var hostItemID: String
        var hostItemText: String
        var hostItemName: String?
        var hostItemStatus: String
        /// "hidden" and "pending" items are dimmed.
        var hostItemShown: Bool
        var hostItemPinned: Bool
        var hostItemAnswered: Bool
        var hostItemVotes: String
        var hostItemAction: String
        var hostButtons: [Button]
    }

    var hostCanEdit: Bool
    var hostCSRF: String
    var hostSettingsAction: String
    var hostEnabled: Bool
    var hostOffNote: String?
    var hostModerations: [Choice]
    var hostNames: [Choice]
    var hostModerationError: String?
    var hostNamesError: String?
    var hostNotice: String?
    var hostItems: [Item]
    var hostEmpty: Bool

    init(
        settings: RoomQuestionSettings, questions: [RoomQuestion], meeting: UUID, canEdit: Bool, csrf: String, state: State?, notice: String?,
        _ t: Localizer
    ) {
        let base = "/m/\(meeting.lowercasedText)/room-questions"
        self.hostCanEdit = canEdit
        self.hostCSRF = csrf
        self.hostSettingsAction = base + "/settings"
        let state = state ?? State(enabled: settings.enabled, moderation: settings.moderation.rawValue, names: settings.names.rawValue)
        self.hostEnabled = state.enabled
        self.hostOffNote = settings.enabled ? nil : t(RoomQuestionPhrase.roomQOffNote)
        self.hostModerations = [
            (RoomQuestionSettings.Moderation.postThenHide.rawValue, t(RoomQuestionPhrase.roomQPostThenHide)),
            (RoomQuestionSettings.Moderation.approveFirst.rawValue, t(RoomQuestionPhrase.roomQApproveFirst)),
        ].map { Choice(hostChoiceID: "room-moderation-\($0.0)", hostChoiceValue: $0.0, hostChoiceLabel: $0.1, hostChoiceChecked: state.moderation == $0.0) }
        self.hostNames = [
            (RoomQuestionSettings.Names.anonymous.rawValue, t(RoomQuestionPhrase.roomQAnonymous)),
            (RoomQuestionSettings.Names.named.rawValue, t(RoomQuestionPhrase.roomQNamed)),
        ].map { Choice(hostChoiceID: "room-names-\($0.0)", hostChoiceValue: $0.0, hostChoiceLabel: $0.1, hostChoiceChecked: state.names == $0.0) }
        self.hostModerationError = state.moderationError
        self.hostNamesError = state.namesError
        self.hostNotice = notice
        self.hostEmpty = questions.isEmpty
        self.hostItems = questions.map { question in
            let id = question.id.lowercasedText
            return Item(
                hostItemID: id, hostItemText: question.text, hostItemName: question.name, hostItemStatus: Self.status(question.status, t),
                hostItemShown: question.status == .visible, hostItemPinned: question.pinned, hostItemAnswered: question.answered,
                hostItemVotes: RoomQuestionsList.votes(question.votes, t), hostItemAction: base + "/" + id,
                hostButtons: canEdit ? Self.buttons(question, t) : [])
        }
    }

    static func status(_ status: RoomQuestion.Status, _ t: Localizer) -> String {
        switch status {
        case .pending: t(RoomQuestionPhrase.roomQStatusPending)
        case .visible: t(RoomQuestionPhrase.roomQStatusVisible)
        case .hidden: t(RoomQuestionPhrase.roomQStatusHidden)
        }
    }

    /// What the host may do to `question` from where it stands (each a ``RoomQuestionChange``).
    static func buttons(_ question: RoomQuestion, _ t: Localizer) -> [Button] {
        var buttons: [Button] = []
        switch question.status {
        case .pending:
            buttons.append(Button(hostButtonName: "status", hostButtonValue: "visible", hostButtonLabel: t(RoomQuestionPhrase.roomQApprove)))
            buttons.append(Button(hostButtonName: "status", hostButtonValue: "hidden", hostButtonLabel: t(RoomQuestionPhrase.roomQHide)))
        case .visible:
            buttons.append(Button(hostButtonName: "status", hostButtonValue: "hidden", hostButtonLabel: t(RoomQuestionPhrase.roomQHide)))
        case .hidden:
            buttons.append(Button(hostButtonName: "status", hostButtonValue: "visible", hostButtonLabel: t(RoomQuestionPhrase.roomQShowAgain)))
        }
        buttons.append(
            Button(
                hostButtonName: "answered", hostButtonValue: question.answered ? "false" : "true",
                hostButtonLabel: t(question.answered ? RoomQuestionPhrase.roomQMarkUnanswered : RoomQuestionPhrase.roomQMarkAnswered)))
        buttons.append(
            Button(
                hostButtonName: "pinned", hostButtonValue: question.pinned ? "false" : "true",
                hostButtonLabel: t(question.pinned ? RoomQuestionPhrase.roomQUnpin : RoomQuestionPhrase.roomQPin)))
        // Gone for good, with its votes, and out of the room's cap (issue 67).
        buttons.append(Button(hostButtonName: "delete", hostButtonValue: "true", hostButtonLabel: t(RoomQuestionPhrase.roomQDelete)))
        return buttons
    }
}
