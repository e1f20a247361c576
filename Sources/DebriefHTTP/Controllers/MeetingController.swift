import Debrief
import DebriefActions
import DebriefStore
import Foundation
import Hummingbird

/// A host's meetings and their recurring series.
struct MeetingController {
    let meetings: MeetingActions
    /// What a new meeting makes: one session, or a planned series when it repeats.
    let creation: MeetingCreation

    struct MeetingList: ResponseEncodable {
        var items: [MeetingResponse]
        var nextCursor: String?
    }

    struct Series: ResponseEncodable {
        var id: UUID
        /// The series' zone (decision 59).
        var timeZone: String
        var sessions: [MeetingResponse]
    }

    struct Trash: ResponseEncodable {
        struct Item: Encodable {
            var meeting: MeetingResponse
            var trashedAt: Date
            var purgeAt: Date
        }

        var items: [Item]
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("meetings") { request, context -> EditedResponse<MeetingResponse> in
            let input = try await request.decodeJSON(as: MeetingInput.self, context: context)
            let meeting = try await self.creation.create(input, context: context)
            return EditedResponse(status: .created, response: MeetingResponse(meeting))
        }
        group.get("meetings", use: self.list)
        group.get("meetings/next") { _, context -> MeetingResponse in
            MeetingResponse(try await self.meetings.next(for: try context.requireViewer()))
        }
        group.get("meetings/:id") { _, context -> MeetingResponse in
            let id = try context.requireID("id", "meeting")
            return MeetingResponse(try await self.meetings.find(id, visibleTo: try context.requireViewer()))
        }
        group.patch("meetings/:id") { request, context -> MeetingResponse in
            let id = try context.requireID("id", "meeting")
            let viewer = try context.requireViewer()
            // Who may touch the meeting is settled before what the body says.
            _ = try await self.meetings.find(id, visibleTo: viewer, toDo: .edit)
            let patch = try await request.decodeJSON(as: MeetingPatchInput.self, context: context)
            return MeetingResponse(try await self.meetings.update(id, by: viewer, patch))
        }
        group.delete("meetings/:id") { _, context -> Response in
            try await self.meetings.delete(try context.requireID("id", "meeting"), by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("meetings/:id/next", use: self.createNextSession)
        group.post("meetings/:id/restore") { _, context -> MeetingResponse in
            MeetingResponse(try await self.meetings.restore(try context.requireID("id", "meeting"), by: try context.requireViewer()))
        }
        group.get("trash") { _, context -> Trash in
            let items = try await self.meetings.trashed(by: try context.requireViewer())
            return Trash(items: items.map { Trash.Item(meeting: MeetingResponse($0.meeting), trashedAt: $0.trashedAt, purgeAt: $0.purgeAt) })
        }
        group.get("series/:id") { _, context -> Series in
            let id = try context.requireID("id", "series")
            let sessions = try await self.meetings.series(id, visibleTo: try context.requireViewer())
            return Series(id: id, timeZone: sessions.first?.seriesTimeZone ?? "UTC", sessions: sessions.map(MeetingResponse.init))
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
        let page = try await self.meetings.list(for: try context.requireViewer(), scope: scope, after: query.get("cursor"), limit: limit)
        return MeetingList(items: page.items.map(MeetingResponse.init), nextCursor: page.nextCursor)
    }

    /// The next session takes its own times (required) and copies the rest unless given;
    /// `closePreviousForm` closes session `{id}`'s form once it exists.
    /// See ``MeetingActions/createNext(after:by:_:)``.
    @Sendable func createNextSession(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<MeetingResponse> {
        let viewer = try context.requireViewer()
        let id = try context.requireID("id", "meeting")
        // Who may touch the meeting is settled before what the body says.
        _ = try await self.meetings.find(id, visibleTo: viewer, toDo: .edit)
        let input = try await request.decodeJSON(as: NextSessionInput.self, context: context)
        let meeting = try await self.meetings.createNext(
            after: id, by: viewer, input.patch, closingPreviousForm: input.closePreviousForm)
        return EditedResponse(status: .created, response: MeetingResponse(meeting))
    }
}
