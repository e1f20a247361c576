import Debrief
import DebriefActions
import DebriefStore
import Foundation
import Hummingbird

/// A session's results for its host (and admins).
struct ResultsController {
    let results: ResultsActions
    let meetings: MeetingActions
    let audit: AuditRecord

    struct TextAnswers: ResponseEncodable {
        var items: [TextAnswerPage.Item]
        var nextCursor: String?
        var withheld: Bool
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/results") { request, context -> Response in
            let id = try context.requireID("id", "meeting")
            let filter = try Self.filter(from: request)
            let viewer = try context.requireViewer()
            do {
                guard filter.isEmpty else {
                    let report = try await self.results.report(meeting: id, visibleTo: viewer, filter: filter)
                    return try report.response(from: request, context: context)
                }
                let shared = try await self.results.unfilteredReport(meeting: id, visibleTo: viewer)
                return try SharedReportResponse(shared, request: request).response()
            } catch let error as DebriefError where error.code == .notFound {
                // A meeting of the caller's without a published form is not an unknown meeting.
                _ = try await self.meetings.find(id, visibleTo: viewer)
                throw APIError.noPublishedForm
            }
        }
        group.get("meetings/:id/questions/:key/answers") { request, context -> TextAnswers in
            let id = try context.requireID("id", "meeting")
            let query = request.uri.queryParameters
            let limit = query.get("limit").map { Int($0) } ?? 20
            guard let limit, (1...100).contains(limit) else {
                throw ValidationFailure(problems: [FieldProblem(path: "limit", message: "must be an integer between 1 and 100")])
            }
            let viewer = try context.requireViewer()
            let key = context.parameters.get("key") ?? ""
            let page = try await self.results.textAnswers(meeting: id, question: key, visibleTo: viewer, after: query.get("cursor"), limit: limit)
            try await self.audit.record(AuditEvent(.answersRead, meeting: id, detail: key), by: viewer)
            return TextAnswers(items: page.items, nextCursor: page.nextCursor, withheld: page.withheld)
        }
        group.get("series/:id/trends") { _, context -> TrendsReport in
            try await self.results.trends(series: try context.requireID("id", "series"), visibleTo: try context.requireViewer())
        }
    }

    /// `GET /v1/f/{code}/results`: the results participants may see when the host shares them;
    /// otherwise 404, exactly like an unknown code. `group` is `/v1/f`, behind the participant
    /// rate limit.
    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(":code/results") { request, context -> EditedResponse<ResultsReport> in
            // In the participant's language, chosen as the form itself is (`?lang=`, else
            // `Accept-Language`, else the form's own).
            let requested = try request.pickedLanguage()
            let preference = LanguagePreference(acceptLanguage: request.headers[.acceptLanguage])
            guard let shared = try await self.results.sharedReport(
                formCode: context.parameters.get("code") ?? "", language: { $0.language(requested: requested, preference: preference) })
            else {
                throw APIError.notFound("shared results")
            }
            return EditedResponse(headers: [.contentLanguage: shared.language.rawValue, .vary: "Accept-Language"], response: shared.report)
        }
    }

    /// `since`, `until` (ISO 8601 with zone), `checkedInOnly` and `excludeFlagged` (true/false)
    /// from the query.
    static func filter(from request: Request) throws -> ResultsFilter {
        var query = QueryReader(request)
        let since = query.date("since")
        let until = query.date("until")
        let checkedInOnly = query.bool("checkedInOnly", default: false)
        let excludeFlagged = query.bool("excludeFlagged", default: false)
        if let since, let until, since >= until { query.problems.add("until", "must be after since") }
        try query.requireValid()
        return ResultsFilter(since: since, until: until, checkedInOnly: checkedInOnly, excludeFlagged: excludeFlagged)
    }
}

extension ResultsReport: ResponseEncodable {}
extension TrendsReport: ResponseEncodable {}
