import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/responses`: the responses to the meeting's published form, newest first, for the
/// host to find spam or a test answer and remove it after a confirmation page. What the results
/// withhold (a question, a grid statement: the results' ``Disclosure``) is not shown here either
/// (decisions 9 and 22).
struct ResponsesPageController {
    let meetings: MeetingActions
    let moderation: ModerationActions

    static let perPage = 20

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(":id/responses", use: self.list)
        group.get(":id/responses/:responseId/remove", use: self.confirm)
        group.post(":id/responses/:responseId/remove", use: self.remove)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await context.pathMeeting(self.meetings)
        let cursor: String? = request.uri.queryParameters.get("cursor").map { String($0) }
        let page = try await self.moderation.responses(
            meeting: meeting.id, visibleTo: try context.requireViewer(), after: cursor, limit: Self.perPage)
        var view = ResponsesPage(meeting: meeting, page: page, language: writer.language)
        if request.uri.queryParameters.get("removed") != nil { view.notice = writer.localizer(.responseRemoved) }
        return try writer.hostPage("responses", title: view.heading, view: view, context: context)
    }

    @Sendable func confirm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await context.pathMeeting(self.meetings)
        let responseID = try context.requireID("responseId", "response")
        let page = try await self.moderation.response(responseID, meeting: meeting.id, visibleTo: try context.requireViewer())
        var view = ResponsesPage(meeting: meeting, page: page, language: writer.language)
        let id = meeting.id.lowercasedText
        view.action = "/m/\(id)/responses/\(responseID.lowercasedText)/remove"
        view.cancelHref = "/m/\(id)/responses"
        view.csrf = context.sessionCSRFToken ?? ""
        return try writer.hostPage("response-remove", title: writer.localizer(.removeResponseHeading), view: view, context: context)
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        _ = try await context.postedFields(request)  // read for its CSRF check: the form carries nothing else
        try await self.moderation.remove(
            response: try context.requireID("responseId", "response"), meeting: meeting.id, by: try context.requireViewer())
        return .seeOther("/m/\(meeting.id.lowercasedText)/responses?removed=1")
    }

}

/// What `responses.mustache` and `response-remove.mustache` show: each response's time and its
/// answers in form order, a withheld question's answer replaced by why.
struct ResponsesPage {
    struct AnswerLine {
        var prompt: String
        var value: String
        var withheld: Bool
    }

    struct Item {
        var id: String
        var time: String
        var changed: String?
        var answers: [AnswerLine]
        var removeHref: String
        var removeLabel: String
    }

    var heading: String
    var meetingTitle: String
    var dashboardHref: String
    var hasForm: Bool
    var items: [Item]
    var removedText: String?
    var nextHref: String?
    var notice: String?
    var action = ""
    var cancelHref = ""
    var csrf = ""

    init(meeting: Meeting, page: ResponseModerationStore.Page?, language: Language) {
        let t = Localizer(language)
        let id = meeting.id.lowercasedText
        self.heading = t(.responsesHeading, ["title": meeting.title])
        self.meetingTitle = meeting.title
        self.dashboardHref = "/m/\(id)"
        self.hasForm = page != nil
        self.removedText = page.flatMap { Self.removedText($0.removedCount, t) }
        self.nextHref = page?.nextCursor.map { "/m/\(id)/responses?cursor=\($0)" }
        guard let page else {
            self.items = []
            return
        }
        let form = page.form.definition
        let withheldText = t(.answersWithheld, ["k": String(page.disclosure.threshold)])
        self.items = page.items.map { item in
            let time = DateText.meeting(item.submittedAt, zone: meeting.seriesTimeZone, language)
            let answers = form.questions.compactMap { question -> AnswerLine? in
                let key = question.key.rawValue
                if page.withheldKeys.contains(key) {
                    return AnswerLine(prompt: question.prompt, value: withheldText, withheld: true)
                }
                // A withheld statement is named on every response alike, rated or not: which
                // responses rated it would be a count of its own.
                let statements = page.withheldStatements[key] ?? []
                let page = question.kind.page
                let hidden = (page?.itemIDs(of: question.body) ?? []).filter { statements.contains($0) }.map {
                    (page?.itemLabel(of: question.body, $0) ?? $0) + ": " + withheldText
                }
                let values = item.answers[key] ?? []
                guard !values.isEmpty || !hidden.isEmpty else { return nil }
                let shown = values.isEmpty ? [] : [Self.text(values, of: question, t)]
                return AnswerLine(prompt: question.prompt, value: (shown + hidden).joined(separator: "; "), withheld: false)
            }
            let responseID = item.id.lowercasedText
            return Item(
                id: responseID, time: time, changed: item.changedAt.map { t(.changedNote, ["time": DateText.meeting($0, zone: meeting.seriesTimeZone, language)]) },
                answers: answers, removeHref: "/m/\(id)/responses/\(responseID)/remove",
                removeLabel: t(.removeResponseLink) + ": " + time)
        }
    }

    /// "1 response removed by the host", or nil when none was.
    static func removedText(_ count: Int, _ t: Localizer) -> String? {
        switch count {
        case 0: return nil
        case 1: return t(.removedByHostOne)
        default: return t(.removedByHostMany, ["n": String(count)])
        }
    }

    /// An answer as the participant gave it: option labels, "Other: …", the rating, "Statement: 4"
    /// per rated statement of a grid, the text.
    static func text(_ values: [ResponseModerationStore.Answer], of question: Question, _ t: Localizer) -> String {
        values.map { value -> String in
            if let option = value.optionID {
                return question.kind.page?.itemLabel(of: question.body, option) ?? option
            }
            if let other = value.otherText { return t(.otherOption) + ": " + other }
            if let rating = value.rating, let key = value.statementKey {
                return (question.kind.page?.itemLabel(of: question.body, key) ?? key) + ": " + String(rating)
            }
            if let rating = value.rating { return String(rating) }
            return value.text ?? ""
        }.joined(separator: "; ")
    }
}
