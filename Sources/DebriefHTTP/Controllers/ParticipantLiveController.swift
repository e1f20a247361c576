import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /v1/f/{code}/results/live`: the results participants may see, as Server-Sent Events,
/// while the host shares them live (docs/live.md).
///
/// Each `results` event carries the room's view (``Debrief/RoomView``: the participant view
/// compacted to each question's labels, counts, shares and mean, no texts, about a kilobyte) —
/// the same bytes for every viewer of the form, encoded once per change by ``LiveResultsHub``; `: heartbeat` comments arrive between
/// them. The stream ends with an `end` event whose data names the reason: `not_shared` (the host
/// switched live sharing off, or never had it on: then at once), `too_slow` (the viewer did not
/// read its events), `shutting_down`. A code whose results are not shared live answers 404,
/// exactly like an unknown code.
///
/// Built for a room: the events are written by ``RoomBroadcast`` from each connection's event
/// loop, one buffer for all (no task, timer or per-event work per viewer); a viewer's buffer is
/// bounded by its connection (one that stops reading skips events, is ended after the hub's grace,
/// and closed by the write-stall deadline), and its admission slot
/// (``Admission/participantStream(address:form:)``, per address and per form) is held until the
/// stream ends. Once the head is written the request's task ends: the room holds the response,
/// not a task (``RoomBroadcast/hold(_:ended:)``).
struct ParticipantLiveController {
    let results: ResultsActions
    let rooms: RoomBroadcast
    let admission: Admission
    /// Questions from the room; nil leaves their stream out.
    var questions: RoomQuestionActions? = nil

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(":code/results/live") { _, context -> Response in
            guard let meeting = try await self.results.liveMeeting(formCode: context.parameters.get("code") ?? "") else {
                throw APIError.notFound("live results")
            }
            return try await self.stream(meeting, .participants, context)
        }
        guard let questions = self.questions else { return }
        // The room's questions (decision 75): `questions` events carrying only the version of
        // the list the room sees, while the host has questions on, whether the results are shared
        // or not; it ends `off` when the host turns them off.
        group.get(":code/room-questions/live") { _, context -> Response in
            guard let meeting = try await questions.liveMeeting(code: context.parameters.get("code") ?? "") else {
                throw APIError.notFound("room questions")
            }
            return try await self.stream(meeting, .roomQuestions, context)
        }
    }

    /// One viewer's stream of `audience`, under the participants' stream slots.
    private func stream(_ meeting: UUID, _ audience: LiveAudience, _ context: AppRequestContext) async throws -> Response {
        // Held until the stream ends, or freed with the body if it is never written.
        let slot = try self.admission.participantStream(address: context.clientAddress, form: meeting)
        let membership = try await self.rooms.join(meeting: meeting, audience: audience, channel: context.channel)
        let body = ResponseBody { writer in
            do {
                try await writer.write(Self.preamble)
            } catch {
                slot.release()
                throw error
            }
            // The room writes the rest, the stream's end included; this request's task ends here.
            self.rooms.hold(membership) { slot.release() }
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store", .accelBuffering: "no"],
            body: body)
    }

    /// Reconnect after 2 s, as the hosts' stream asks.
    private static let preamble = ByteBuffer(string: "retry: 2000\n\n")
}
