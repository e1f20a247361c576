import Debrief
import DebriefActions
import Foundation

/// "Actions to review" (issue 50, decision 74; decision 85): every open action of the series,
/// however many sessions ago it was decided, and those closed since the last session, at the top
/// of a session's dashboard (with buttons: done, not done — it stays open — or dropped) and as the
/// presenter view's first step (without them). Built from the `review` use case the JSON API's
/// `…/actions/review` reads; the buttons post to this session's page (``ActionItemPagesController``),
/// which marks the action where it lives, in the session that decided it, as this review's.
struct ActionReviewBlock {
    var intro: String
    var items: [ActionLine]
    var hasItems: Bool
    var empty: String
    var csrf: String
    /// "Review saved.", after a post (`/m/{id}?review=marked`).
    var notice: String?

    /// `meeting` is the session whose review this is: the page the block is on; `zone` its
    /// series' (``Meeting/seriesTimeZone``), in which the sessions' times are shown (decision 86);
    /// `changes` what each action's question changed, by action (decision 99).
    init(
        meeting: UUID, lines: [ActionReview.Line], changes: [UUID: String] = [:], buttons: Bool, csrf: String, notice: String?,
        zone: String?, language: Language
    ) {
        let t = Localizer(language)
        let base = "/m/\(meeting.lowercasedText)/review/"
        // The dashboard asks the host to mark each; the projector only says what they are.
        self.intro = buttons ? t(ActionPhrase.actionReviewIntro) : t(ActionPhrase.actionReviewFrom)
        self.items = lines.map { line in
            var row = ActionLine(
                line.item, statusAction: base + line.item.id.lowercasedText, deleteAction: nil,
                buttons: buttons ? Self.buttons(line.item.status, t) : [], questions: [:], t)
            if line.item.status == .open {
                row.status = t(ActionPhrase.actionStatusLabel, ["status": t(ActionPhrase.actionReviewStatusOpen)])
            }
            Self.age(&row, line, zone: zone, t)
            row.change = changes[line.item.id].map { t(ActionPhrase.actionQuestionChange, ["change": $0]) }
            return row
        }
        self.hasItems = !lines.isEmpty
        self.empty = t(ActionPhrase.actionReviewEmpty)
        self.csrf = csrf
        self.notice = notice
    }

    /// "Decided at session 1 (…)" and, while it is open, "Open 2 sessions" (decision 85); the
    /// session's time in the series' zone `zone` (decision 86).
    static func age(_ row: inout ActionLine, _ line: ActionReview.Line, zone: String?, _ t: Localizer) {
        row.recorded = t(
            ActionPhrase.actionRecordedAt,
            ["n": String(line.recordedAt.sessionNumber), "date": DateText.meeting(line.recordedAt.startsAt, zone: zone, t.language)])
        guard line.item.status == .open else { return }
        let open: String = switch line.sessionsOpen {
        case 0: t(ActionPhrase.actionOpenNotYet)
        case 1: t(ActionPhrase.actionOpenOneSession)
        default: t(ActionPhrase.actionOpenSessions, ["n": String(line.sessionsOpen)])
        }
        row.openFor = open
    }

    /// The review's three answers: done, not done (open, carried to the next session) and
    /// dropped; the one the action has is shown pressed and disabled.
    static func buttons(_ status: ActionStatus, _ t: Localizer) -> [ActionLine.Button] {
        [(ActionStatus.done, ActionPhrase.actionReviewDone), (.open, .actionReviewNotDone), (.dropped, .actionReviewDropped)]
            .map { ActionLine.Button(value: $0.0.rawValue, label: t($0.1), current: $0.0 == status) }
    }
}
