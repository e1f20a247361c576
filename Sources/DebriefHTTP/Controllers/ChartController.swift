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
            let query = try Query(request)
            let shared = try await self.results(of: try context.requireID("id", "meeting"), context)
            let key = context.parameters.get("question")
            guard let question = shared.report.questions.first(where: { $0.key == key }) else { throw APIError.notFound("question") }
            return ImageResponse.svg(ChartSVG.question(question, style: query.style(seriesZone: shared.meeting.seriesTimeZone)))
        }
        group.get("meetings/:id/charts/summary/{name}.svg") { request, context -> Response in
            let query = try Query(request)
            let id = try context.requireID("id", "meeting")
            guard let name = context.parameters.get("name").flatMap(MeetingSummary.init(rawValue:)) else {
                throw APIError.notFound("chart")
            }
            let shared = try await self.results(of: id, context)
            let style = query.style(seriesZone: shared.meeting.seriesTimeZone)
            switch name {
            case .timeline:
                return ImageResponse.svg(ChartSVG.timeline(shared.report.timeline, style: style))
            case .attendance:
                return ImageResponse.svg(ChartSVG.attendance(AttendanceFigures(shared.report.summary), style: style))
            }
        }
        group.get("series/:id/charts/{question}.svg") { request, context -> Response in
            let query = try Query(request)
            let (trends, style) = try await self.trends(of: try context.requireID("id", "series"), query, context)
            let key = context.parameters.get("question")
            // Trends exist for questions asked in two or more sessions.
            guard let trend = trends.questions.first(where: { $0.key == key }) else {
                throw APIError.notFound("a trend of this question")
            }
            return ImageResponse.svg(ChartSVG.trend(trend, style: style))
        }
        group.get("series/:id/charts/summary/{name}.svg") { request, context -> Response in
            let query = try Query(request)
            let id = try context.requireID("id", "series")
            guard context.parameters.get("name").flatMap(SeriesSummary.init(rawValue:)) == .sessions else {
                throw APIError.notFound("chart")
            }
            let (trends, style) = try await self.trends(of: id, query, context)
            return ImageResponse.svg(ChartSVG.sessions(trends.sessions, style: style))
        }
    }

    /// The meeting's results exactly as `GET …/results` shapes them (unfiltered), with the meeting.
    private func results(of meeting: UUID, _ context: AppRequestContext) async throws -> SharedReport {
        try await self.results.unfilteredReport(meeting: meeting, visibleTo: try context.requireViewer())
    }

    /// The series' trends and the style of its charts (times in the series' zone unless asked).
    private func trends(of series: UUID, _ query: Query, _ context: AppRequestContext) async throws -> (TrendsReport, ChartStyle) {
        let trends = try await self.results.trends(series: series, visibleTo: try context.requireViewer())
        let zone = query.timeZone == nil ? try await self.results.timeZone(series: series) : nil
        return (trends, query.style(seriesZone: zone))
    }

    /// `width`, `theme`, `timeZone` and `lang` from the query, checked before anything is read
    /// (a 422 naming every bad one); the zone is settled once the meeting or series is known.
    struct Query {
        var width: Int
        var theme: ChartStyle.Theme
        /// The zone asked for; nil: the series' (decision 86: a host reads the room's times).
        var timeZone: TimeZone?
        var language: Language

        init(_ request: Request) throws {
            var query = QueryReader(request)
            self.width = query.integer("width", in: ChartStyle.widthRange, default: ChartStyle.defaultWidth)
            self.theme = query.choice("theme", default: ChartStyle.Theme.light)
            self.timeZone = query.value("timeZone", default: nil, hint: "must be an IANA time zone name such as Europe/Berlin") {
                TimeZone(identifier: $0).map(Optional.some)
            }
            self.language = query.choice("lang", default: Language.en)
            try query.requireValid()
        }

        /// The style with the zone asked for, else the series' (`seriesZone`), else UTC.
        func style(seriesZone: String?) -> ChartStyle {
            let zone = self.timeZone ?? seriesZone.flatMap(TimeZone.init(identifier:)) ?? ChartStyle.utc
            return ChartStyle(theme: self.theme, width: self.width, timeZone: zone, language: self.language)
        }
    }
}
