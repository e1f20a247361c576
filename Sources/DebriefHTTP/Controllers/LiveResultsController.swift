import Debrief
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle

/// `GET /v1/meetings/{id}/results/live`: results as Server-Sent Events.
///
/// Every `results` event carries a full snapshot (the same JSON as `GET …/results`), so the
/// client just replaces what it shows; `: heartbeat` comments arrive between them.
struct LiveResultsController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/results/live") { _, context -> Response in
            let id = try context.requireID("id", "meeting")
            guard try await self.services.meetings.find(id, visibleTo: try context.requireViewer()) != nil else {
                throw APIError.notFound("meeting")
            }
            let events = try await self.services.liveResults.subscribe(to: id)
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                // A stream ends when the server begins a graceful shutdown, so shutdown never waits
                // on a viewer who would watch forever.
                for try await event in events.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: Self.format(event)))
                }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store", .accelBuffering: "no"],
                body: body)
        }
    }

    static func format(_ event: LiveEvent) -> String {
        switch event {
        case .results(let id, let json):
            return "id: \(id)\nevent: results\ndata: \(String(decoding: json, as: UTF8.self))\n\n"
        case .heartbeat:
            return ": heartbeat\n\n"
        }
    }
}

extension AppServices {
    /// The JSON of a meeting's unfiltered results, as the live stream sends it.
    static func liveSnapshot(results: ResultsStore) -> LiveResultsHub.Snapshot {
        // The subscriber was authorized when the stream opened; one snapshot then serves every
        // watcher of the meeting.
        { meeting in
            guard let counts = try await results.counts(meeting: meeting, visibleTo: .service, filter: ResultsFilter()) else {
                return nil
            }
            return try JSONCoding.encoder.encode(ResultsResponse(counts, filter: ResultsFilter()))
        }
    }
}
