import Debrief
import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle

/// `GET /v1/meetings/{id}/results/live`: results as Server-Sent Events.
///
/// Every `results` event carries a full snapshot (the same JSON as `GET …/results`, or with
/// `?view=counts` its compact ``LiveCounts``), so the client just replaces what it shows;
/// `?view=reactions` carries the meeting's ``ReactionCounts`` in `reactions` events instead;
/// `: heartbeat` comments arrive between them. A meeting without a published form gets a
/// `waiting` event first (results follow once it is published and answered), so the stream is
/// never silent about why nothing comes.
///
/// A stream lives no longer than what opened it: it checks that its token (the bearer token or
/// the page session's) is still valid, that its viewer may still see the meeting and that the
/// meeting is still there — at once when its account or shares change (the hub's
/// ``LiveEvent/accessCheck``, from the change notifications every instance hears), and every
/// `checkInterval` besides — and ends with an `end` event naming the reason (`token_revoked`,
/// `token_expired`, `access_revoked`, `meeting_deleted`, `shutting_down`) when not. Its data is
/// `{"reason": …}`; clients stop reconnecting on it.
///
/// Streams are admitted by ``Admission`` (per account, per client address, in all): beyond those
/// a 429 with `Retry-After`, before anything is subscribed.
struct LiveResultsController {
    let meetings: MeetingActions
    let results: ResultsActions
    let accounts: AccountActions
    let hub: LiveResultsHub
    let admission: Admission
    let checkInterval: Duration

    /// Why a stream ended.
    enum EndReason: String {
        case tokenRevoked = "token_revoked"
        case tokenExpired = "token_expired"
        case accessRevoked = "access_revoked"
        case meetingDeleted = "meeting_deleted"
        case shuttingDown = "shutting_down"
        /// It did not read its events for a while (``LiveResultsHub``'s slow-viewer grace).
        case tooSlow = "too_slow"
    }

    /// What each `results` event carries (`?view=`).
    enum View: String, CaseIterable {
        /// The whole report, the JSON of `GET …/results` (the default).
        case report
        /// ``LiveCounts``: the summary and each question's numbers, about 2 KB (the dashboard's).
        case counts
        /// ``ReactionCounts`` in `reactions` events, sent when they changed: what the presenter's
        /// and the dashboard's `reactions.js` show (docs/decisions/0100). Carries no results.
        case reactions

        var audience: LiveAudience {
            switch self {
            case .report: .hosts
            case .counts: .hostCounts
            case .reactions: .hostReactions
            }
        }

        /// Whether its events are results (and so a meeting without a published form is told so).
        var carriesResults: Bool { self != .reactions }
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/results/live") { request, context -> Response in
            let id = try context.requireID("id", "meeting")
            let viewer = try context.requireViewer()
            var query = QueryReader(request)
            let view = query.choice("view", default: View.report)
            try query.requireValid()
            _ = try await self.meetings.find(id, visibleTo: viewer)
            // Held until the body ends, or freed with the body if it is never written.
            let slot = try self.admission.liveStream(account: viewer.accountID, address: context.clientAddress)
            let token = context.bearerToken ?? ""
            // The reactions' counts are there with or without a form: no report is computed for them.
            let published = view.carriesResults ? try await self.results.reportIfPublished(meeting: id, visibleTo: viewer) != nil : true
            let events = try await self.hub.subscribe(to: id, audience: view.audience, account: viewer.accountID)
            let body = ResponseBody { writer in
                defer { slot.release() }
                try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                if !published {
                    try await writer.write(ByteBuffer(string: Self.format(name: "waiting", ["reason": "no_published_form"])))
                }
                let reason = try await self.stream(events, meeting: id, viewer: viewer, token: token) { event in
                    try await writer.write(Self.message(event))
                }
                try await writer.write(ByteBuffer(string: Self.format(name: "end", ["reason": reason.rawValue])))
                try await writer.finish(nil)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store", .accelBuffering: "no"],
                body: body)
        }
    }

    /// Writes the hub's events until the stream must end, and says why. Each event first looks
    /// at the subscription's access-check flag, raised by the hub when the viewer's account or
    /// shares change and by a timer every `checkInterval` (time passing, a token expiring, sends
    /// no notification).
    private func stream(
        _ events: LiveSubscription, meeting: UUID, viewer: Viewer, token: String, write: (LiveEvent) async throws -> Void
    ) async throws -> EndReason {
        let interval = self.checkInterval
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while (try? await Task.sleep(for: interval)) != nil { events.checkAccess() }
            }
            defer { group.cancelAll() }
            // A stream ends when the server begins a graceful shutdown, so shutdown never waits
            // on a viewer who would watch forever.
            for await event in events.cancelOnGracefulShutdown() {
                if events.takeAccessCheck(), let reason = try await self.endReason(meeting: meeting, viewer: viewer, token: token) {
                    return reason
                }
                switch event {
                case .end: return .tooSlow
                case .accessCheck: continue
                case .results, .heartbeat: try await write(event)
                }
            }
            return try await self.endReason(meeting: meeting, viewer: viewer, token: token) ?? .shuttingDown
        }
    }

    /// Why the stream may not go on, or nil while its token and meeting are as they were.
    private func endReason(meeting: UUID, viewer: Viewer, token: String) async throws -> EndReason? {
        switch try await self.accounts.tokenStatus(token) {
        case .revoked, .unknown: return .tokenRevoked
        case .expired: return .tokenExpired
        case .valid: break
        }
        do {
            _ = try await self.meetings.find(meeting, visibleTo: viewer)
        } catch let error as DebriefError where error.code == .notFound {
            // Still there for the service: the viewer's share (or role) is what ended.
            let exists = (try? await self.meetings.find(meeting, visibleTo: .service)) != nil
            return exists ? .accessRevoked : .meetingDeleted
        }
        return nil
    }

    /// The bytes of an event: a snapshot's message, one buffer shared by every stream (writing
    /// it copies nothing), or a comment.
    static func message(_ event: LiveEvent) -> ByteBuffer {
        switch event {
        case .results(let snapshot): return snapshot.frame.converted { ByteBuffer(bytes: $0) }
        case .heartbeat: return Self.heartbeat
        case .accessCheck: return ByteBuffer()
        case .end(let reason): return ByteBuffer(string: Self.format(name: "end", ["reason": reason]))
        }
    }

    private static let heartbeat = ByteBuffer(string: ": heartbeat\n\n")

    static func format(name: String, _ data: [String: String]) -> String {
        let json = (try? JSONCoding.string(data)) ?? "{}"
        return "event: \(name)\ndata: \(json)\n\n"
    }
}
