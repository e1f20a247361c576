import Debrief
import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle

/// `GET /v1/meetings/{id}/results/live`: results as Server-Sent Events.
///
/// Every `results` event carries a full snapshot (the same JSON as `GET …/results`), so the
/// client just replaces what it shows; `: heartbeat` comments arrive between them.
struct LiveResultsController {
    let meetings: MeetingActions
    let hub: LiveResultsHub

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/results/live") { _, context -> Response in
            let id = try context.requireID("id", "meeting")
            _ = try await self.meetings.find(id, visibleTo: try context.requireViewer())
            let events = try await self.hub.subscribe(to: id)
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
