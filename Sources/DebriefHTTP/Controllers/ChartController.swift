import Debrief
import DebriefActions
import DebriefCharts
import Foundation
import Hummingbird

/// Results as SVG images (`image/svg+xml`), for the host's dashboard, slides and print, with
/// the same access rules as the JSON results: the meeting's host or an admin; anyone else gets
/// the 404 of an unknown meeting.
///
/// Question keys may be any `[a-z0-9_-]` word, `timeline` included, so the charts that are not
/// a question's live one level down, under `summary/`, where no key can reach.
struct ChartController {
    let results: ResultsActions

    /// The charts of `GET /v1/meetings/{id}/charts/summary/{name}.svg`.
    enum MeetingSummary: String {
        case timeline, attendance
    }

    /// The charts of `GET /v1/series/{id}/charts/summary/{name}.svg`.
    enum SeriesSummary: String {
        case sessions
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/charts/{question}.svg") { request, context -> Response in
            let style = try Self.style(from: request)
            let results = try await self.results(of: try context.requireID("id", "meeting"), context)
            let key = context.parameters.get("question")
            guard let question = results.questions.first(where: { $0.key == key }) else { throw APIError.notFound("question") }
            return ImageResponse.svg(ChartSVG.question(question, style: style))
        }
        group.get("meetings/:id/charts/summary/{name}.svg") { request, context -> Response in
            let style = try Self.style(from: request)
            let id = try context.requireID("id", "meeting")
            guard let name = context.parameters.get("name").flatMap(MeetingSummary.init(rawValue:)) else {
                throw APIError.notFound("chart")
            }
            let results = try await self.results(of: id, context)
            switch name {
            case .timeline:
                return ImageResponse.svg(ChartSVG.timeline(results.timeline, style: style))
            case .attendance:
                return ImageResponse.svg(ChartSVG.attendance(AttendanceFigures(results.summary), style: style))
            }
        }
        group.get("series/:id/charts/{question}.svg") { request, context -> Response in
            let style = try Self.style(from: request)
            let trends = try await self.trends(of: try context.requireID("id", "series"), context)
            let key = context.parameters.get("question")
            // Trends exist for questions asked in two or more sessions.
            guard let trend = trends.questions.first(where: { $0.key == key }) else {
                throw APIError.notFound("a trend of this question")
            }
            return ImageResponse.svg(ChartSVG.trend(trend, style: style))
        }
        group.get("series/:id/charts/summary/{name}.svg") { request, context -> Response in
            let style = try Self.style(from: request)
            let id = try context.requireID("id", "series")
            guard context.parameters.get("name").flatMap(SeriesSummary.init(rawValue:)) == .sessions else {
                throw APIError.notFound("chart")
            }
            return ImageResponse.svg(ChartSVG.sessions(try await self.trends(of: id, context).sessions, style: style))
        }
    }

    /// The meeting's results exactly as `GET …/results` shapes them (unfiltered).
    private func results(of meeting: UUID, _ context: AppRequestContext) async throws -> ResultsReport {
        try await self.results.report(meeting: meeting, visibleTo: try context.requireViewer())
    }

    private func trends(of series: UUID, _ context: AppRequestContext) async throws -> TrendsReport {
        try await self.results.trends(series: series, visibleTo: try context.requireViewer())
    }

    /// `width`, `theme`, `timeZone` and `lang` from the query; a 422 naming every bad one.
    static func style(from request: Request) throws -> ChartStyle {
        var query = QueryReader(request)
        let width = query.integer("width", in: ChartStyle.widthRange, default: ChartStyle.defaultWidth)
        let theme = query.choice("theme", default: ChartStyle.Theme.light)
        let timeZone = query.value(
            "timeZone", default: ChartStyle.utc, hint: "must be an IANA time zone name such as Europe/Berlin", TimeZone.init(identifier:))
        let language = query.choice("lang", default: Language.en)
        try query.requireValid()
        return ChartStyle(theme: theme, width: width, timeZone: timeZone, language: language)
    }
}
