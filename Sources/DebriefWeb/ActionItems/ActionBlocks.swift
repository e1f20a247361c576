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
    /// The series' trends, for what each reviewed action's question changed (decision 99).
    let results: ResultsActions

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
        // A series' first session has nothing before it to review.
        let review = try await self.actions.review(meeting: meeting.id, by: viewer)
        let changes = review.previous == nil ? [:] : try await self.changes(of: review.lines, meeting, by: viewer, t)
        let reviewBlock = review.previous.map { _ in
            ActionReviewBlock(
                meeting: meeting.id, lines: review.lines, changes: changes, buttons: true, csrf: csrf,
                notice: notices.review == "marked" ? t(ActionPhrase.actionReviewMarked) : nil, zone: meeting.seriesTimeZone, language: language)
        }
        return (block, reviewBlock)
    }

    /// The presenter's first step: the actions the session reviews, when there are any.
    func presenterReview(_ meeting: Meeting, by viewer: Viewer, language: Language) async throws -> ActionReviewBlock? {
        guard meeting.role.may(.edit) else { return nil }
        let review = try await self.actions.review(meeting: meeting.id, by: viewer)
        guard !review.lines.isEmpty else { return nil }
        return ActionReviewBlock(
            meeting: meeting.id, lines: review.lines, changes: try await self.changes(of: review.lines, meeting, by: viewer, Localizer(language)),
            buttons: false, csrf: "", notice: nil, zone: meeting.seriesTimeZone, language: language)
    }

    /// What each reviewed action's question changed from its session to the next, as the trends
    /// say it (``ActionChange``: only where both points are shown and compare), by action; the
    /// trends are read only when some line names a question.
    private func changes(of lines: [ActionReview.Line], _ meeting: Meeting, by viewer: Viewer, _ t: Localizer) async throws -> [UUID: String] {
        guard lines.contains(where: { $0.item.questionKey != nil }) else { return [:] }
        let trends = try await self.results.trends(series: meeting.seriesID, visibleTo: viewer)
        var texts: [UUID: String] = [:]
        for entry in trends.actionQuestions {
            guard let change = entry.change else { continue }
            let categories = trends.questions.first { $0.key == entry.questionKey.rawValue }?.categories ?? []
            texts[entry.actionID] = ActionTrendsBlock.text(change, categories, t)
        }
        return texts
    }

    /// The series' open actions on its trends page (decision 85), for those who may edit the
    /// meeting; nil for a viewer co-host, who sees no actions.
    func seriesOpen(_ meeting: Meeting, by viewer: Viewer, language: Language) async throws -> SeriesActionsBlock? {
        guard meeting.role.may(.edit) else { return nil }
        return SeriesActionsBlock(
            lines: try await self.actions.open(series: meeting.seriesID, by: viewer), zone: meeting.seriesTimeZone, language: language)
    }
}
