import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Reactions' counts, live (docs/decisions/0100): `GET /v1/meetings/{id}/results/live?view=reactions`
/// is the hosts' stream of the meeting's ``ReactionCounts`` — the JSON of `GET
/// /v1/meetings/{id}/reactions`, sent when they changed — which the presenter's and the
/// dashboard's `reactions.js` put in place; behind the same gate as the results' stream.
@Suite("Reactions: the live counts")
struct ReactionsLiveTests {
    /// The `data:` line of each `reactions` event received so far, in order.
    static func events(_ received: String) -> [String] {
        received.components(separatedBy: "event: reactions\ndata: ").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    }

    static func react(_ api: ParticipantAPI, _ code: String, _ reaction: String, voter: String) async throws {
        let sent = try await api.send(.post, "/v1/f/\(code)/reactions", json: ["reaction": reaction], headers: [RoomQuestionsTests.voter: voter])
        try #require(sent.status == .ok, "\(sent.text)")
    }

    /// Over real sockets: the stream starts with the counts, carries each reaction's new counts
    /// (the very bytes the JSON API answers, nothing naming who), sends nothing when a response
    /// changes the results but not the counts, and is refused to another host and to nobody.
    @Test func theHostsStreamCarriesTheNewCountsAfterAReaction() async throws {
        try await ParticipantAPI.runLive { api, fixture, port in
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            let path = "/v1/meetings/\(fixture.meetingID)/results/live?view=reactions"
            let stream = try await EventStream.open(path, port: port, headers: ["Authorization: Bearer \(fixture.hostToken)"])
            #expect(await stream.wait { Self.events($0).count == 1 }, "\(stream.received)")
            #expect(Self.events(stream.received).first?.contains(#""total":0"#) == true, "\(stream.received)")
            #expect(!stream.received.contains("event: results") && !stream.received.contains("event: waiting"), "no results on it")

            let voter = try #require(try await api.send(.post, "/v1/f/\(fixture.code)/room-questions/voter").headers[RoomQuestionsTests.voter])
            try await Self.react(api, fixture.code, "clap", voter: voter)
            #expect(await stream.wait { Self.events($0).count == 2 }, "\(stream.received)")
            let counted = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/reactions", token: fixture.hostToken)
            #expect(Self.events(stream.received).last == counted.text, "the event is the JSON API's counts")
            #expect(counted.json?["total"] as? Int == 1)
            let voterID = String(voter.split(separator: ".")[0]).lowercased()
            #expect(!stream.received.lowercased().contains(voterID), "nothing names who reacted")

            // A response moves the results, not the counts: the reactions' stream stays quiet,
            // and the next reaction is the next event.
            let results = try await EventStream.open(
                "/v1/meetings/\(fixture.meetingID)/results/live?view=counts", port: port, headers: ["Authorization: Bearer \(fixture.hostToken)"])
            #expect(try await api.submit(fixture.code, ["answers": [["questionKey": "useful", "rating": 4]]]).status == .created)
            #expect(await results.wait { $0.contains(#""responses":1"#) }, "\(results.received)")
            try await Self.react(api, fixture.code, "heart", voter: voter)
            // An event for the response (counts unchanged) would be the third, before this one.
            #expect(await stream.wait { Self.events($0).count >= 3 }, "\(stream.received)")
            #expect(Self.events(stream.received)[2].contains(#""total":2"#), "one event per change of the counts: \(stream.received)")

            // Who may see the meeting is the results' stream's gate: another host finds nothing.
            let stranger = try await SeriesSharingTests.host(api)
            #expect(try await api.send(.get, path, token: stranger.token).status == .notFound)
            #expect(try await api.send(.get, path).status == .unauthorized)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results/live?view=everything", token: fixture.hostToken).status
                == .unprocessableContent)
        }
    }

    /// The presenter view and the dashboard name the stream and load the script, which the pages
    /// serve (HEAD too); the total's words come from the page, in its language.
    @Test func thePagesListenToTheCountsStream() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            let owner = try await RoomQuestionsModerationPageTests.owner(api, fixture)
            let stream = "/v1/meetings/\(fixture.meetingID)/results/live?view=reactions"
            for path in ["/m/\(fixture.meetingID)", "/m/\(fixture.meetingID)/present"] {
                let page = try await api.page(path, cookie: owner.cookie)
                #expect(page.text.contains(#"data-reactions-live="\#(stream)""#), "\(path)")
                #expect(page.text.contains(#"data-t-total="{n} in all""#), "\(path)")
                #expect(page.text.contains("/assets/reactions.js?v="), "\(path)")
                #expect(page.headers[.contentSecurityPolicy]?.contains("connect-src 'self'") == true, "\(path)")
            }
            let korean = try await api.page("/m/\(fixture.meetingID)/present", language: "ko", cookie: owner.cookie)
            #expect(korean.text.contains(#"data-t-total="모두 {n}""#))
            let script = try await api.send(.get, "/assets/reactions.js")
            #expect(script.status == .ok && script.text.contains("view=reactions"))
            #expect(try await api.send(.head, "/assets/reactions.js").status == .ok)
        }
    }
}
