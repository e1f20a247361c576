import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// A session's results for its host (and admins).
struct ResultsController {
    let services: AppServices

    struct TextAnswers: ResponseEncodable {
        var items: [TextAnswerPage.Item]
        var nextCursor: String?
        var withheld: Bool
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/results") { request, context -> ResultsResponse in
            let id = try context.requireID("id", "meeting")
            let filter = try Self.filter(from: request)
            guard let counts = try await self.services.results.counts(meeting: id, visibleTo: try context.requireViewer(), filter: filter) else {
                throw APIError.notFound("a published form of this meeting")
            }
            return ResultsResponse(counts, filter: filter)
        }
        group.get("meetings/:id/questions/:key/answers") { request, context -> TextAnswers in
            let id = try context.requireID("id", "meeting")
            let query = request.uri.queryParameters
            let limit = query.get("limit").map { Int($0) } ?? 20
            guard let limit, (1...100).contains(limit) else {
                throw ValidationFailure(problems: [FieldProblem(path: "limit", message: "must be an integer between 1 and 100")])
            }
            let page = try await self.services.results.textAnswers(
                meeting: id, question: context.parameters.get("key") ?? "", visibleTo: try context.requireViewer(),
                after: query.get("cursor"), limit: limit)
            return TextAnswers(items: page.items, nextCursor: page.nextCursor, withheld: page.withheld)
        }
        group.get("series/:id/trends") { _, context -> TrendsResponse in
            let id = try context.requireID("id", "series")
            let sessions = try await self.services.results.seriesCounts(series: id, visibleTo: try context.requireViewer())
            return TrendsResponse(seriesId: id, sessions: sessions)
        }
    }

    /// `GET /v1/f/{code}/results`: the results participants may see when the host shares them;
    /// otherwise 404, exactly like an unknown code. `group` is `/v1/f`, behind the participant
    /// rate limit.
    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(":code/results") { _, context -> ResultsResponse in
            guard let text = context.parameters.get("code"), let code = SecretToken.normalizeFormCode(text),
                let meeting = try await self.services.results.sharedMeeting(formCode: code),
                let counts = try await self.services.results.counts(meeting: meeting, visibleTo: .service, filter: ResultsFilter())
            else { throw APIError.notFound("shared results") }
            return ResultsResponse(counts, filter: ResultsFilter())
        }
    }

    /// `since`, `until` (ISO 8601 with zone) and `checkedInOnly` (true/false) from the query.
    static func filter(from request: Request) throws -> ResultsFilter {
        var query = QueryReader(request)
        let since = query.date("since")
        let until = query.date("until")
        let checkedInOnly = query.bool("checkedInOnly", default: false)
        if let since, let until, since >= until { query.problems.add("until", "must be after since") }
        try query.requireValid()
        return ResultsFilter(since: since, until: until, checkedInOnly: checkedInOnly)
    }
}
