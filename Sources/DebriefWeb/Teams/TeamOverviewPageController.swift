import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/teams/{teamId}/overview`: ``TeamOverview`` as a table, with a question picker (a form that
/// reloads the page with `?question=`, no script). Every number is the overview's, so k and
/// withholding are the trends' (a withheld point says so and shows none).
struct TeamOverviewPageController {
    let overviews: TeamOverviewActions

    struct OverviewPage {
        struct Question {
            var key: String
            var label: String
            var selected: Bool
        }

        struct Row {
            var title: String
            var href: String?
            var session: String
            var rate: String
            var points: [String]
            var noTrend: Bool
        }

        var heading: String
        var teamHref: String
        var action: String
        var questions: [Question]
        var rows: [Row]
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        signedIn.get("teams/:teamId/overview", use: self.show)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let id = try context.requireID("teamId", "team")
        let asked = request.uri.queryParameters.get("question").flatMap { $0.isEmpty ? nil : $0 }
        let overview: TeamOverview
        do {
            overview = try await self.overviews.overview(id, question: asked, visibleTo: try context.requireViewer())
        } catch is ValidationFailure {
            // A question no longer shared (or a hand-typed one): the most shared instead.
            overview = try await self.overviews.overview(id, question: nil, visibleTo: try context.requireViewer())
        }
        let path = "/teams/\(id.lowercasedText)"
        let rows = overview.series.map { series in
            OverviewPage.Row(
                title: series.title.isEmpty ? "—" : series.title,
                href: series.session.map { "/m/\($0.meetingID.lowercasedText)/trends" },
                session: Self.session(series, t, writer.language), rate: Self.rate(series.session, t),
                points: series.trend?.points.map { Self.point($0, t) } ?? [], noTrend: series.trend == nil)
        }
        let page = OverviewPage(
            heading: t(TeamPhrase.teamOverviewHeading, ["team": overview.name]), teamHref: path, action: "\(path)/overview",
            questions: overview.questions.map { question in
                OverviewPage.Question(key: question.key, label: question.prompt, selected: question.key == overview.question)
            },
            rows: rows)
        return try writer.hostPage("team-overview", title: page.heading, view: page, context: context)
    }

    /// "Session 3, 27 Nov 2026 09:00 (now)", or that none has begun.
    static func session(_ series: TeamOverview.Series, _ t: Localizer, _ language: Language) -> String {
        guard let session = series.session else { return t(TeamPhrase.teamOverviewNoSession) }
        let when = t(TeamPhrase.teamOverviewPoint, ["number": String(session.sessionNumber), "value": DateText.dateTime(session.startsAt, language)])
        let state = series.sessionIsNow ? t(TeamPhrase.teamOverviewNow) : t(TeamPhrase.teamOverviewPrevious)
        return "\(when) (\(state)) · " + t(TeamPhrase.teamOverviewResponses, ["count": String(session.responses)])
    }

    /// The session's rate and what it is a rate of, as trends give it.
    static func rate(_ session: TrendsReport.Session?, _ t: Localizer) -> String {
        guard let session, let rate = session.responseRate else { return t(TeamPhrase.teamOverviewNoRate) }
        let text = Self.number(rate)
        return session.responseRateOf == .checkedIn
            ? t(TeamPhrase.teamOverviewRateOfCheckedIn, ["rate": text]) : t(TeamPhrase.teamOverviewRateOfExpected, ["rate": text])
    }

    /// One point: its mean (or NPS, or respondents), or that it is withheld below k.
    static func point(_ point: QuestionTrend.Point, _ t: Localizer) -> String {
        let value: String
        if point.withheld {
            value = t(TeamPhrase.teamOverviewWithheld, ["k": point.withheldBelow.map(String.init) ?? ""])
        } else if let mean = point.mean {
            value = Self.number(mean)
        } else if let nps = point.nps {
            value = "NPS " + Self.number(nps)
        } else {
            value = t(TeamPhrase.teamOverviewResponses, ["count": point.respondents.map(String.init) ?? "0"])
        }
        return t(TeamPhrase.teamOverviewPoint, ["number": String(point.sessionNumber), "value": value])
    }

    /// One decimal at most: 4.5, 80.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
