@testable import DebriefApp
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 68 (the series clock, docs/decisions/0083): the presenter's code and the chat's test
/// message ask the clock which session of a series is now. Session 1 is happening now and week
/// 2's form was published early (the walk's case).
@Suite("The presenter and the chat's test message ask the series clock")
struct SeriesClockReadersTests {
    /// The presenter's join code (`<p class="presenter-code">`).
    static func joinCode(_ page: ParticipantReply) -> String? {
        guard let start = page.text.range(of: "<p class=\"presenter-code\">") else { return nil }
        return String(page.text[start.upperBound...].prefix { $0 != "<" })
    }

    /// The series code opens the session happening now, so the presenter shows it only there: week
    /// 2's presenter shows its own form's code until week 2 begins (before, the series code, which
    /// sent the room to week 1).
    @Test func thePresenterShowsTheSeriesCodeOnlyForTheSessionHappeningNow() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            try await SeriesCodeTests.move(database, form.meetingID, from: -600, to: 1200)
            let series = try await SeriesCodeTests.seriesCode(api, form)
            let second = try await SeriesCodeTests.nextSession(api, form)
            let owner = try await ChatChannelPageTests.owner(api, form)
            let first = try await api.page("/m/\(form.meetingID)/present", cookie: owner.cookie)
            #expect(first.status == .ok && Self.joinCode(first) == series, "\(first.text.prefix(2000))")
            let early = try await api.page("/m/\(second.meetingID)/present", cookie: owner.cookie)
            #expect(Self.joinCode(early) == second.code, "\(early.text.prefix(2000))")

            // Half an hour before week 2 starts it is the session now: the series code moves to it.
            try await SeriesCodeTests.move(database, second.meetingID, from: 1800, to: 5400)
            #expect(Self.joinCode(try await api.page("/m/\(second.meetingID)/present", cookie: owner.cookie)) == series)
            #expect(Self.joinCode(try await api.page("/m/\(form.meetingID)/present", cookie: owner.cookie)) == form.code)
        }
    }

    /// The test message digests the session happening now, not the one published early (before,
    /// the latest session with a published form: week 2).
    @Test func theChatsTestMessageDigestsTheSessionHappeningNow() async throws {
        try await ParticipantAPI.run(configuration: ChatChannelFlowTests.quietWorker()) { api, database in
            let form = try await api.publish()
            try await SeriesCodeTests.move(database, form.meetingID, from: -600, to: 1200)
            let second = try await SeriesCodeTests.nextSession(api, form)
            let path = "/v1/series/\(form.seriesID)/chat-channel"
            try #require(try await api.send(.put, path, token: form.hostToken, json: ["url": ChatChannelFlowTests.slackURL]).status == .ok)
            #expect(try await api.send(.post, path + "/test", token: form.hostToken).status == .accepted)
            let digested: [UUID?] = try await database.query(
                "SELECT meeting_id FROM webhook_deliveries WHERE digest_key LIKE 'test:%' ORDER BY seq").map { try $0.decode("meeting_id") }
            #expect(digested == [UUID(uuidString: form.meetingID)], "not week 2 (\(second.meetingID))")

            // Once week 2 has begun it is the one digested.
            try await SeriesCodeTests.move(database, second.meetingID, from: 1800, to: 5400)
            #expect(try await api.send(.post, path + "/test", token: form.hostToken).status == .accepted)
            let again: [UUID?] = try await database.query(
                "SELECT meeting_id FROM webhook_deliveries WHERE digest_key LIKE 'test:%' ORDER BY seq").map { try $0.decode("meeting_id") }
            #expect(again.last == UUID(uuidString: second.meetingID))
        }
    }
}
