import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// A host's meetings and their recurring series.
struct MeetingController {
    let services: AppServices

    struct MeetingList: ResponseEncodable {
        var items: [Meeting]
        var nextCursor: String?
    }

    struct Series: ResponseEncodable {
        var id: UUID
        var sessions: [Meeting]
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("meetings") { request, context -> EditedResponse<Meeting> in
            let details = try await request.decodeJSON(as: MeetingInput.self, context: context).validate().get()
            let meeting = try await self.services.meetings.create(by: try context.requireViewer(), details)
            return EditedResponse(status: .created, response: meeting)
        }
        group.get("meetings", use: self.list)
        group.get("meetings/next") { _, context -> Meeting in
            guard let meeting = try await self.services.meetings.next(for: try context.requireViewer()) else {
                throw APIError.notFound("an upcoming meeting")
            }
            return meeting
        }
        group.get("meetings/:id") { _, context -> Meeting in
            let id = try context.requireID("id", "meeting")
            guard let meeting = try await self.services.meetings.find(id, visibleTo: try context.requireViewer()) else {
                throw APIError.notFound("meeting")
            }
            return meeting
        }
        group.patch("meetings/:id") { request, context -> Meeting in
            let id = try context.requireID("id", "meeting")
            let patch = try await request.decodeJSON(as: MeetingPatchInput.self, context: context)
            return try await self.services.meetings.update(id, by: try context.requireViewer(), patch)
        }
        group.delete("meetings/:id") { _, context -> Response in
            try await self.services.meetings.delete(try context.requireID("id", "meeting"), by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("meetings/:id/next", use: self.createNextSession)
        group.get("series/:id") { _, context -> Series in
            let id = try context.requireID("id", "series")
            return Series(id: id, sessions: try await self.services.meetings.series(id, visibleTo: try context.requireViewer()))
        }
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> MeetingList {
        let query = request.uri.queryParameters
        var problems = ProblemCollector()
        let scopeText = query.get("scope") ?? "all"
        let scope = MeetingScope(rawValue: scopeText)
        if scope == nil { problems.add("scope", "must be one of upcoming, past, all") }
        let limit = query.get("limit").map { Int($0) } ?? 20
        if limit.map({ !(1...100).contains($0) }) ?? true { problems.add("limit", "must be an integer between 1 and 100") }
        guard let scope, let limit, problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
        let page = try await self.services.meetings.list(
            for: try context.requireViewer(), scope: scope, after: query.get("cursor"), limit: limit)
        return MeetingList(items: page.items, nextCursor: page.nextCursor)
    }

    /// The next session takes its own times (required) and copies the rest unless given.
    @Sendable func createNextSession(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<Meeting> {
        let viewer = try context.requireViewer()
        let id = try context.requireID("id", "meeting")
        guard let previous = try await self.services.meetings.find(id, visibleTo: viewer) else {
            throw APIError.notFound("meeting")
        }
        let patch = try await request.decodeJSON(as: MeetingPatchInput.self, context: context)
        var problems = ProblemCollector()
        if patch.startsAt == nil { problems.add("startsAt", "is required") }
        if patch.endsAt == nil { problems.add("endsAt", "is required") }
        guard problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
        let details = try previous.details.applying(patch).get()
        let meeting = try await self.services.meetings.createNext(by: viewer, after: id, details)
        return EditedResponse(status: .created, response: meeting)
    }
}

extension Meeting: ResponseEncodable {}
