import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// Calendars (docs/decisions/0040-calendar.md): a series' private feed
/// (`GET /v1/calendar/{token}.ics`, public with its token; `GET`/`POST`/`DELETE
/// /v1/series/{id}/calendar-feed` for the owner), one session's `.ics` for its host
/// (`GET /v1/meetings/{id}/calendar.ics`, also with the page cookie) and for a participant
/// (`GET /v1/f/{code}/calendar.ics`), and `POST /v1/series/from-calendar`. A calendar carries a
/// meeting's plan and links only, never answers: nothing here needs the privacy gate.
public struct CalendarController: Sendable {
    let calendar: CalendarActions
    let imports: CalendarImport

    public init(calendar: CalendarActions, admission: Admission) {
        self.calendar = calendar
        self.imports = CalendarImport(calendar: calendar, admission: admission)
    }

    struct FeedStatus: ResponseEncodable {
        var createdAt: Date
    }

    struct IssuedFeed: ResponseEncodable {
        var url: String
        var detail: String
    }

    struct PlannedSeries: ResponseEncodable {
        var id: UUID
        var timeZone: String
        /// The rule goes on past the horizon: only the sessions within it were made.
        var reachedHorizon: Bool
        var horizonWeeks: Int
        var sessions: [MeetingResponse]
    }

    /// A `text/calendar` body; `filename` makes it a download.
    static func ics(_ text: String, filename: String?) -> Response {
        var headers: HTTPFields = [.contentType: "text/calendar; charset=utf-8", .cacheControl: "private, no-cache"]
        if let filename { headers[.contentDisposition] = "attachment; filename=\"\(filename)\"" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The feed: public, its 256-bit token the only credential. A wrong, rotated or revoked
    /// token is a 404 like a missing page.
    public func addPublicRoutes(to v1: RouterGroup<AppRequestContext>) {
        v1.get("calendar/{token}.ics") { _, context -> Response in
            let token = context.parameters.get("token") ?? ""
            return Self.ics(try await self.calendar.feedText(token: token), filename: nil)
        }
    }

    /// The participant's "add to my calendar", under the participant rate limit.
    public func addParticipantRoutes(to participant: RouterGroup<AppRequestContext>) {
        participant.get(":code/calendar.ics") { _, context -> Response in
            let code = context.parameters.get("code") ?? ""
            return Self.ics(try await self.calendar.participantText(code: code), filename: "debrief-\(code.prefix(20)).ics")
        }
    }

    public func addCookieReadableRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/calendar.ics") { _, context -> Response in
            let id = try context.requireID("id", "meeting")
            return Self.ics(
                try await self.calendar.sessionText(meeting: id, by: try context.requireViewer()),
                filename: "debrief-\(id.lowercasedText.prefix(8)).ics")
        }
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("series/:id/calendar-feed") { _, context -> FeedStatus in
            // No feed is a 404 like any missing resource (also right after a revoke).
            guard let feed = try await self.calendar.feed(series: try context.requireID("id", "series"), by: try context.requireViewer())
            else { throw DebriefError.notFound("calendar feed") }
            return FeedStatus(createdAt: feed.createdAt)
        }
        group.post("series/:id/calendar-feed") { _, context -> EditedResponse<IssuedFeed> in
            let url = try await self.calendar.issueFeed(series: try context.requireID("id", "series"), by: try context.requireViewer())
            return EditedResponse(
                status: .created,
                response: IssuedFeed(url: url, detail: "shown once; the series' previous feed URL, if any, no longer works"))
        }
        group.delete("series/:id/calendar-feed") { _, context -> Response in
            try await self.calendar.revokeFeed(series: try context.requireID("id", "series"), by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("series/from-calendar") { request, context -> EditedResponse<PlannedSeries> in
            let input = try await request.decodeJSON(as: CalendarSeriesInput.self, context: context)
            let (plan, sessions) = try await self.imports.createSeries(input, context: context)
            return EditedResponse(
                status: .created,
                response: PlannedSeries(
                    id: sessions.first?.seriesID ?? UUID(), timeZone: plan.timeZone, reachedHorizon: plan.reachedHorizon,
                    horizonWeeks: RecurrenceRule.horizonWeeks, sessions: sessions.map(MeetingResponse.init)))
        }
    }
}
