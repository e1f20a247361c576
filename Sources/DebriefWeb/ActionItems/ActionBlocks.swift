import Debrief
import DebriefActions
import DebriefStore
import Foundation

/// Reads what the action blocks of the dashboard and the presenter view show, through the same
/// use cases as the JSON API (``ActionItemActions``: its gate is `.edit`, so only those who may
/// edit the meeting are asked; a viewer co-host's pages show no actions rather than a 403).
struct ActionBlocks: Sendable {
    let actions: ActionItemActions
    let attendance: AttendanceActions
    let sharing: SharingActions

    /// The dashboard's Actions block and, when the series has an earlier session, its review.
    func dashboard(
        _ meeting: Meeting, form: FormDefinition?, by viewer: Viewer, language: Language, csrf: String, typed: ActionsBlock.Form?,
        notices: (actions: String?, review: String?)
    ) async throws -> (block: ActionsBlock, review: ActionReviewBlock?)? {
        guard meeting.role.may(.edit) else { return nil }
        let t = Localizer(language)
        let items = try await self.actions.list(meeting: meeting.id, by: viewer)
        let roster = try await self.attendance.roster(series: meeting.seriesID, visibleTo: viewer)
        let sharing = try await self.sharing.sharing(series: meeting.seriesID, visibleTo: viewer)
        let block = ActionsBlock(
            meeting: meeting.id, items: items, roster: roster, sharing: sharing, form: form, csrf: csrf, typed: typed,
            notice: ActionsBlock.notice(notices.actions, t), t)
        let review = try await self.actions.review(meeting: meeting.id, by: viewer).map { review in
            ActionReviewBlock(
                meeting: meeting.id, previous: review.previous, items: review.items, buttons: true, csrf: csrf,
                notice: notices.review == "marked" ? t(ActionPhrase.actionReviewMarked) : nil, language: language)
        }
        return (block, review)
    }

    /// The presenter's first step: the previous session's actions, when there are any.
    func presenterReview(_ meeting: Meeting, by viewer: Viewer, language: Language) async throws -> ActionReviewBlock? {
        guard meeting.role.may(.edit), let review = try await self.actions.review(meeting: meeting.id, by: viewer),
            !review.items.isEmpty
        else { return nil }
        return ActionReviewBlock(
            meeting: meeting.id, previous: review.previous, items: review.items, buttons: false, csrf: "", notice: nil, language: language)
    }
}
