import Debrief
import Foundation

/// "Last session's actions" (issue 50, decision 74): what the previous session of the series
/// decided, with its status, at the top of the next session's dashboard (with buttons: done, not
/// done — it stays open and is carried — or dropped) and as the presenter view's first step
/// (without them). Built from the `review` use case the JSON API's `…/actions/review` reads; the
/// buttons post to this session's page (``ActionItemPagesController``), which marks the action
/// where it lives, in the previous session.
struct ActionReviewBlock {
    var intro: String
    var items: [ActionLine]
    var hasItems: Bool
    var empty: String
    var csrf: String
    /// "Review saved.", after a post (`/m/{id}?review=marked`).
    var notice: String?

    /// `meeting` is the session under review's successor: the page the block is on.
    init(
        meeting: UUID, previous: Meeting, items: [ActionItem], buttons: Bool, csrf: String, notice: String?, language: Language
    ) {
        let t = Localizer(language)
        let base = "/m/\(meeting.uuidString.lowercased())/review/"
        // The dashboard asks the host to mark each; the projector only says when they were decided.
        let date = DateText.dateTime(previous.startsAt, language)
        self.intro = buttons ? t(ActionPhrase.actionReviewIntro, ["date": date]) : t(ActionPhrase.actionReviewFrom, ["date": date])
        self.items = items.map { item in
            var line = ActionLine(
                item, statusAction: base + item.id.uuidString.lowercased(), deleteAction: nil,
                buttons: buttons ? Self.buttons(item.status, t) : [], questions: [:], t)
            if item.status == .open {
                line.status = t(ActionPhrase.actionStatusLabel, ["status": t(ActionPhrase.actionReviewStatusOpen)])
            }
            return line
        }
        self.hasItems = !items.isEmpty
        self.empty = t(ActionPhrase.actionReviewEmpty)
        self.csrf = csrf
        self.notice = notice
    }

    /// The review's three answers: done, not done (open, carried to the next session) and
    /// dropped; the one the action has is shown pressed and disabled.
    static func buttons(_ status: ActionStatus, _ t: Localizer) -> [ActionLine.Button] {
        [(ActionStatus.done, ActionPhrase.actionReviewDone), (.open, .actionReviewNotDone), (.dropped, .actionReviewDropped)]
            .map { ActionLine.Button(value: $0.0.rawValue, label: t($0.1), current: $0.0 == status) }
    }
}
