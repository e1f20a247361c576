import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /v1/f/{code}/results/live`: the results participants may see, as Server-Sent Events,
/// while the host shares them live (docs/live.md).
///
/// Each `results` event carries the whole participant view (``Debrief/ResultsReport/participantView``:
/// counts, shares, means and distributions, no texts) — the same bytes for every viewer of the
/// form, encoded once per change by ``LiveResultsHub``; `: heartbeat` comments arrive between
/// them. The stream ends with an `end` event whose data names the reason: `not_shared` (the host
/// switched live sharing off, or never had it on: then at once), `too_slow` (the viewer did not
/// read its events), `shutting_down`. A code whose results are not shared live answers 404,
/// exactly like an unknown code.
///
/// Built for a room: one task per viewer that only writes what the hub hands it (no timer, no
/// per-event work), its buffer bounded by the hub (two events) and by the connection (a client
/// that stops reading is closed by the write-stall deadline), and its admission slot
/// (``Admission/participantStream(address:)``) held until the body ends.
struct ParticipantLiveController {
    let results: ResultsActions
    let hub: LiveResultsHub
    let admission: Admission

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(":code/results/live") { _, context -> Response in
            guard let meeting = try await self.results.liveMeeting(formCode: context.parameters.get("code") ?? "") else {
                throw APIError.notFound("live results")
            }
            // Held until the body ends, or freed with the body if it is never written.
            let slot = try self.admission.participantStream(address: context.clientAddress)
            let events = try await self.hub.subscribe(to: meeting, audience: .participants)
            let body = ResponseBody { writer in
                defer { slot.release() }
                try await writer.write(Self.preamble)
                var ended = false
                for await event in events {
                    switch event {
                    case .accessCheck: continue
                    case .end: ended = true
                    default: break
                    }
                    try await writer.write(LiveResultsController.message(event))
                }
                // The hub finished every stream (graceful shutdown) without a reason of its own.
                if !ended { try await writer.write(ByteBuffer(string: LiveResultsController.format(name: "end", ["reason": "shutting_down"]))) }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store", .accelBuffering: "no"],
                body: body)
        }
    }

    /// Reconnect after 2 s, as the hosts' stream asks.
    private static let preamble = ByteBuffer(string: "retry: 2000\n\n")
}
