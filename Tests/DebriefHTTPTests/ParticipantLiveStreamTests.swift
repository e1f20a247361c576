@testable import DebriefApp
import DebriefTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET /v1/f/{code}/results/live` over real sockets: the participants' events are written by
/// ``RoomBroadcast`` from the connections' event loops, around Hummingbird's response writer.
@Suite("Live results for the room: the participants' stream")
struct ParticipantLiveStreamTests {
    static func form() -> [String: Any] {
        [
            "title": "Room", "anonymous": true, "privacyThreshold": 1, "sharesResultsWithParticipants": true, "sharesResultsLive": true,
            "questions": [["key": "score", "prompt": "Score?", "kind": "rating", "min": 1, "max": 5]],
        ]
    }

    @Test func everyViewerGetsEachSnapshotWhoeverJoinsWhenAndTheEndWhenSharingStops() async throws {
        try await ParticipantAPI.runLive(publishing: Self.form) { api, form, port in
            let path = "/v1/f/\(form.code)/results/live"
            var viewers: [EventStream] = []
            for _ in 0..<3 { viewers.append(try await EventStream.open(path, port: port)) }
            for viewer in viewers {
                #expect(await viewer.wait { $0.contains("\"responses\":0") }, "\(viewer.received)")
                #expect(viewer.received.hasPrefix("HTTP/1.1 200"))
                #expect(viewer.received.contains("retry: 2000"), "the preamble, written through the response writer, comes first")
            }
            #expect(try await api.submit(form.code, ["answers": [["questionKey": "score", "rating": 4]]]).status == .created)
            for viewer in viewers { #expect(await viewer.wait { $0.contains("\"responses\":1") }, "\(viewer.received)") }
            // The room's compact view: the scale's counts and shares, no report around them.
            let event = try #require(viewers[0].received.components(separatedBy: "\n").last { $0.contains("\"responses\":1") })
            #expect(event.contains(#""counts":[0,0,0,1,0]"#) && event.contains(#""percents":[0,0,0,100,0]"#), "\(event)")
            #expect(!event.contains("timeline") && !event.contains("datasets"), "\(event)")

            // One joining later starts from the newest snapshot, and one leaving changes nothing for the others.
            let late = try await EventStream.open(path, port: port)
            #expect(await late.wait { $0.contains("\"responses\":1") }, "\(late.received)")
            await viewers.removeFirst().close()
            #expect(try await api.submit(form.code, ["answers": [["questionKey": "score", "rating": 2]]]).status == .created)
            for viewer in viewers + [late] { #expect(await viewer.wait { $0.contains("\"responses\":2") }, "\(viewer.received)") }

            // The host stops sharing live: every stream ends with the reason, and its chunked body ends.
            var quiet = Self.form()
            quiet["sharesResultsLive"] = false
            let saved = try await api.send(.put, "/v1/meetings/\(form.meetingID)/form", token: form.hostToken, json: quiet)
            #expect(saved.status == .ok, "\(saved.text)")
            for viewer in viewers + [late] {
                #expect(await viewer.wait { $0.contains("event: end\ndata: {\"reason\":\"not_shared\"}") }, "\(viewer.received)")
                #expect(await viewer.wait { $0.hasSuffix("\r\n0\r\n\r\n") }, "the response ends: \(viewer.received.suffix(80))")
                // Well-formed chunks, whichever way each was written (the room's straight before
                // the encoder, the preamble and end through the writer): one event per chunk.
                let chunks = try #require(viewer.chunks, "not HTTP/1.1 chunks: \(viewer.received)")
                #expect(chunks.first == "retry: 2000\n\n" && chunks.last == "", "\(chunks)")
                let events = chunks.dropFirst().dropLast()
                #expect(events.count >= 3 && events.allSatisfy { $0.hasSuffix("\n\n") && $0.components(separatedBy: "\n\n").count == 2 }, "\(chunks)")
            }
            #expect(try await api.send(.get, path).status == .notFound)
            for viewer in viewers + [late] { await viewer.close() }
        }
    }

    /// The room holds a viewer's response, not a request task: a request sent behind the stream on
    /// the same connection is answered after the stream's end, never inside it, and the
    /// connection stays open for it.
    @Test func aRequestSentBehindTheStreamIsAnsweredAfterItsEnd() async throws {
        try await ParticipantAPI.runLive(publishing: Self.form) { api, form, port in
            let viewer = try await EventStream.open("/v1/f/\(form.code)/results/live", port: port)
            #expect(await viewer.wait { $0.contains("\"responses\":0") }, "\(viewer.received)")
            try await viewer.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(try await api.submit(form.code, ["answers": [["questionKey": "score", "rating": 4]]]).status == .created)
            #expect(await viewer.wait { $0.contains("\"responses\":1") }, "\(viewer.received)")
            #expect(viewer.count("HTTP/1.1 ") == 1, "nothing answered inside the stream: \(viewer.received)")

            var quiet = Self.form()
            quiet["sharesResultsLive"] = false
            #expect(try await api.send(.put, "/v1/meetings/\(form.meetingID)/form", token: form.hostToken, json: quiet).status == .ok)
            #expect(await viewer.wait { $0.contains("\r\n0\r\n\r\nHTTP/1.1 200") }, "the stream's end, then the answer: \(viewer.received.suffix(300))")
            let stream = try #require(viewer.received.components(separatedBy: "\r\n0\r\n\r\n").first)
            #expect(stream.hasSuffix("event: end\ndata: {\"reason\":\"not_shared\"}\n\n"), "\(stream.suffix(80))")
            #expect(!viewer.isClosed, "a keep-alive connection")
            await viewer.close()
        }
    }
}
