import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import Hummingbird

/// `GET /m/{id}/present`: the full-screen presenter view for the room's projector (issues 37 and
/// 48) — the join code, link and QR code, the live count of responses, and the results one
/// question at a time.
///
/// **What it shows** is exactly what the participants see (``Debrief/ResultsReport/participantView``,
/// from ``ResultsActions/sharedReport(formCode:language:)``): never a text anyone wrote, only the words of
/// short answers that ``Disclosure`` lets a public screen show (their word cloud), because a
/// projector is a public screen. `room.js` keeps it current from the participants' live stream,
/// so it updates only while the host shares the results live; otherwise it says how to switch
/// that on. Hosts, co-hosts and admins who may see the meeting may open it, like the dashboard.
///
/// **The code** is the series' (`/f/{seriesCode}`, the same every week, docs/decisions/0050)
/// while the series clock names this session as the one happening now (the series code opens
/// that one, decision 83), else the form's own: a session published early, or one whose week has
/// passed, never sends the room to another week.
///
/// **One question at a time**: `?q=N` (1 to the number of questions) shows question N with links
/// to the one before and after, `?q=overview` lists them all to pick from, so the view works
/// without script. `room.js` steps through the questions with the arrow keys, a clicker's Page
/// Up/Down, Space, Home and End (and O for the overview) without reloading. An unknown `q` is a 404.
///
/// **The review first** (issue 50): when the previous session of the series recorded actions,
/// the first step (`?q=review`, and the page without `q`) is "Last session's actions" with each
/// one's status, before question 1; stepping back from question 1 returns to it. It is read
/// through the actions' own use case, whose gate is `.edit`: a viewer co-host's view starts at
/// question 1.
struct PresenterPageController {
    let meetings: MeetingActions
    let results: ResultsActions
    let publicBaseURL: String
    /// The previous session's actions, shown before the questions.
    var actionBlocks: ActionBlocks? = nil
    /// Questions from the room: the top three, while the host has them on.
    var roomQuestions: RoomQuestionActions? = nil
    /// Reactions during the meeting: their counts, while the room is on (decision 100).
    var reactions: ReactionActions? = nil

    struct PresenterPage {
        struct OverviewItem {
            var number: Int
            var prompt: String
            var href: String
            var current: Bool
        }

        var meetingTitle: String
        var dashboardURL: String
        var joinLine: String?
        var participantURL: String?
        var joinCode: String?
        var qrSVG: String?
        var results: ResultsView?
        var responses: String?
        var liveURL: String?
        var notice: String?
        /// The step shown, as `room.js` reads it: a question (1-based), `0` with the overview,
        /// `review` with the previous session's actions.
        var current = "0"
        var showsOverview = false
        var overview: [OverviewItem] = []
        var position: String?
        var previousURL: String?
        var nextURL: String?
        var overviewURL: String = ""
        /// Localized words of the results for the room's live redraw (``ResultsView/roomLabelsJSON``).
        var roomLabels: String?
        /// The previous session's actions, the first step; nil when it recorded none.
        var review: ActionReviewBlock?
        var showsReview = false
        /// From the review to question 1, and back (without script).
        var reviewNextURL: String?
        var reviewURL: String?
        /// The top questions from the room, while the host has them on.
        var roomTop: PresenterRoomQuestionsBlock?
        /// The room's reaction counts, while the room is on.
        var reactions: ReactionCountsBlock?
        /// The series' picture (decision 92); nil when it has none.
        var picture: PicturePart?
    }

    /// What `?q=` asks for: the previous session's actions, one question (0-based) or the overview.
    enum Slide: Equatable {
        case review
        case question(Int)
        case overview

        /// `raw` of a form with `count` questions, after a review when `hasReview`; nil when it
        /// names none of them. Without `q` the view opens at the review, else at question 1.
        init?(_ raw: String?, count: Int, hasReview: Bool = false) {
            guard let raw, !raw.isEmpty else {
                self = hasReview ? .review : .question(0)
                return
            }
            if raw == "overview" {
                self = .overview
                return
            }
            if raw == "review" {
                guard hasReview else { return nil }
                self = .review
                return
            }
            guard raw.count <= 4, let number = Int(raw), number >= 1, number <= max(count, 1) else { return nil }
            self = .question(number - 1)
        }
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let meeting = try await context.pathMeeting(self.meetings)
        let id = meeting.id.lowercasedText
        let published = try await self.results.reportIfPublished(meeting: meeting.id, visibleTo: try context.requireViewer())
        var view = PresenterPage(meetingTitle: meeting.title, dashboardURL: "/m/\(id)")
        view.picture = try await self.meetings.seriesPicture(of: meeting).map { PicturePart($0, title: meeting.title, t: t) }
        let base = "/m/\(id)/present"
        view.overviewURL = base + "?q=overview"
        view.review = try await self.actionBlocks?.presenterReview(meeting, by: try context.requireViewer(), language: writer.language)
        view.showsReview = view.review != nil
        if let questions = self.roomQuestions,
            let top = try await questions.roomTop(PresenterRoomQuestionsBlock.count, meeting: meeting.id, visibleTo: try context.requireViewer())
        {
            view.roomTop = PresenterRoomQuestionsBlock(top, meeting: meeting.id, t)
            if let reactions = self.reactions {
                view.reactions = ReactionCountsBlock(
                    try await reactions.counts(meeting: meeting.id, visibleTo: try context.requireViewer()), meeting: meeting.id, t)
            }
        }
        guard let form = published?.form, let formCode = form.code else {
            view.notice = t(.presenterNoForm)
            return try self.render(writer, view, meeting)
        }
        view.roomTop?.topLiveURL = "/v1/f/\(formCode)/room-questions/live"
        // The series' code stays the same every week: the room learns it once. It opens the session
        // the series clock names now (decision 83), so it is shown only while that is this one; a
        // session published early, or one whose week has passed, shows its own form's code.
        let now = try await self.meetings.seriesNow(of: meeting)
        let code = now.reading.roomCode(meetingID: meeting.id, seriesCode: meeting.seriesCode, formCode: formCode)
        let url = ParticipantURL.of(code: code, base: self.publicBaseURL)
        view.participantURL = url
        view.joinCode = code
        view.joinLine = t(.presenterJoin, ["url": url, "code": code])
        view.qrSVG = DashboardPage.qrCode(url, title: t(.qrTitle))
        let live = form.definition.sharesResultsWithParticipants && form.definition.sharesResultsLive
        guard live, let report = try await self.results.sharedReport(formCode: formCode)?.report else {
            view.notice = t(.presenterNotLive)
            return try self.render(writer, view, meeting)
        }
        let count = report.questions.count
        let asked: String? = request.uri.queryParameters.get("q").map { String($0) }
        guard let slide = Slide(asked, count: count, hasReview: view.review != nil) else {
            throw DebriefError.notFound("question")
        }
        if view.review != nil {
            view.showsReview = slide == .review
            view.reviewNextURL = count > 0 ? base + "?q=1" : nil
            view.reviewURL = base + "?q=review"
        }
        var results = ResultsView(report.questions, earlier: [], language: writer.language, chartWidth: 720, wordClouds: true)
        let shown: Int? = if case .question(let index) = slide, index < count { index } else { nil }
        for index in results.questions.indices { results.questions[index].hidden = index != shown }
        view.roomLabels = results.roomLabelsJSON
        view.results = results
        view.responses = t(.roomResponses, ["n": String(report.summary.responses)])
        view.liveURL = "/v1/f/\(formCode)/results/live"
        view.showsOverview = slide == .overview
        view.overview = report.questions.enumerated().map { index, question in
            PresenterPage.OverviewItem(number: index + 1, prompt: question.prompt, href: base + "?q=\(index + 1)", current: index == shown)
        }
        if slide == .review {
            view.current = "review"
            view.position = t(ActionPhrase.actionReviewHeading)
            view.nextURL = view.reviewNextURL
        }
        if let shown {
            view.current = String(shown + 1)
            view.position = t(.presenterPosition, ["n": String(shown + 1), "total": String(count)])
            view.previousURL = shown > 0 ? base + "?q=\(shown)" : view.reviewURL
            view.nextURL = shown + 1 < count ? base + "?q=\(shown + 2)" : nil
        }
        return try self.render(writer, view, meeting)
    }

    private func render(_ writer: PageWriter, _ view: PresenterPage, _ meeting: Meeting) throws -> Response {
        // The script steps through the questions whether or not the results are live; the room's
        // questions refetch their top three live, whether or not the results are shared, and the
        // reactions' counts move live from the hosts' stream of them.
        try writer.page(
            "presenter", title: writer.localizer(.presenterHeading) + " · " + meeting.title, view: view,
            policy: ContentSecurityPolicy.dashboard, script: view.results == nil ? nil : Assets.roomScript.url,
            alsoScripts: (view.roomTop?.topLiveURL == nil ? [] : [Assets.roomQuestionsScript.url])
                + (view.reactions == nil ? [] : [Assets.reactionsScript.url]))
    }
}
