@testable import DebriefApp
import Debrief
import Foundation
import HTTPTypes
import Testing

/// A series' private calendar feed (docs/decisions/0040-calendar.md): public with its token,
/// SEQUENCE following every change a calendar must see, trash as CANCELLED, and a rotated or
/// revoked token answering 404 like a wrong one.
@Suite("Calendar: feeds, .ics downloads and series from a rule")
struct CalendarFeedTests {
    static func path(of url: String) -> String {
        String(url[url.range(of: "/v1/calendar/")!.lowerBound...])
    }

    @Test func theFeedFollowsChangesTrashAndRestoreAndItsTokenRotatesAndIsRevoked() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let token = fixture.hostToken
            let issued = try await api.send(.post, "/v1/series/\(fixture.seriesID)/calendar-feed", token: token)
            #expect(issued.status == .created, "\(issued.text)")
            let feed = Self.path(of: try #require(issued.string("url")))
            let made = try await api.send(.get, "/v1/series/\(fixture.seriesID)/calendar-feed", token: token)
            #expect(made.status == .ok && made.string("createdAt") != nil, "\(made.text)")

            let first = try await api.send(.get, feed)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(first.text.contains("UID:\(fixture.meetingID.lowercased())@"))
            #expect(first.text.contains("\r\nSEQUENCE:0\r\nSTATUS:CONFIRMED\r\n"))
            #expect(first.text.contains("/f/\(fixture.code)"), "the participant link is in the event")

            let edited = try await api.send(.patch, "/v1/meetings/\(fixture.meetingID)", token: token, json: ["title": "주간 회고"])
            #expect(edited.status == .ok)
            #expect(try await api.send(.get, feed).text.contains("\r\nSEQUENCE:1\r\nSTATUS:CONFIRMED\r\nSUMMARY:주간 회고\r\n"))
            // A change a calendar does not show (the head count) leaves SEQUENCE alone.
            _ = try await api.send(.patch, "/v1/meetings/\(fixture.meetingID)", token: token, json: ["expectedHeadCount": 9])
            #expect(try await api.send(.get, feed).text.contains("\r\nSEQUENCE:1\r\n"))

            #expect(try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)", token: token).status == .noContent)
            #expect(try await api.send(.get, feed).text.contains("\r\nSEQUENCE:2\r\nSTATUS:CANCELLED\r\n"))
            #expect(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/restore", token: token).status == .ok)
            #expect(try await api.send(.get, feed).text.contains("\r\nSEQUENCE:3\r\nSTATUS:CONFIRMED\r\n"))

            let rotated = try await api.send(.post, "/v1/series/\(fixture.seriesID)/calendar-feed", token: token)
            let newFeed = Self.path(of: try #require(rotated.string("url")))
            #expect(try await api.send(.get, feed).status == .notFound, "the rotated-out URL stops working")
            #expect(try await api.send(.get, newFeed).status == .ok)
            #expect(try await api.send(.delete, "/v1/series/\(fixture.seriesID)/calendar-feed", token: token).status == .noContent)
            let revoked = try await api.send(.get, newFeed)
            #expect(revoked.status == .notFound)
            #expect(revoked.headers[.contentType] == "application/problem+json")
            let status = try await api.send(.get, "/v1/series/\(fixture.seriesID)/calendar-feed", token: token)
            #expect(status.status == .notFound, "a revoked feed is gone from its own route too")

            let participant = try await api.send(.get, "/v1/f/\(fixture.code)/calendar.ics")
            #expect(participant.status == .ok)
            #expect(participant.text.contains("BEGIN:VEVENT") && !participant.text.contains("/m/"), "a participant's copy has no host link")
        }
    }

    @Test func aSeriesFromARuleIsPlannedAndOverlapsAreRefusedNamingTheDates() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let token = fixture.hostToken
            let body: [String: Any] = [
                "rule": "FREQ=WEEKLY;INTERVAL=2;COUNT=3", "start": "2031-03-18T09:00:00+01:00", "end": "2031-03-18T10:00:00+01:00",
                "title": "격주 회의", "timeZone": "Europe/Berlin", "exclude": ["2031-04-01T09:00:00"],
            ]
            let made = try await api.send(.post, "/v1/series/from-calendar", token: token, json: body)
            #expect(made.status == .created, "\(made.text)")
            let sessions = try #require(made.json?["sessions"] as? [[String: Any]])
            // 18 March (CET, 08:00Z), [1 April excluded], 15 April (CEST, 07:00Z).
            #expect(sessions.compactMap { $0["startsAt"] as? String } == ["2031-03-18T08:00:00.000Z", "2031-04-15T07:00:00.000Z"])
            let again = try await api.send(.post, "/v1/series/from-calendar", token: token, json: body)
            #expect(again.status == .conflict)
            #expect(again.text.contains("2031-03-18") && again.text.contains("2031-04-15"), "\(again.text)")
            var absurd = body
            absurd["rule"] = "FREQ=WEEKLY;INTERVAL=60"
            let refused = try await api.send(.post, "/v1/series/from-calendar", token: token, json: absurd)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problemPaths == ["rule.INTERVAL: must be an integer between 1 and 52"])
        }
    }

    /// Issue 47: the hostile rules that took a core for seconds (BYDAY=MO ×N with UNTIL=99991231,
    /// typed and in a file) are answered at once through the route: 201 or 422, naming the part.
    @Test func hostileRulesAreAnsweredThroughTheRoute() async throws {
        try await ParticipantAPI.run { api, _ in
            let token = try await api.publish().hostToken
            let days = Array(repeating: "MO", count: 1_000).joined(separator: ",")
            let ics = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20310303T090000",
                "DTEND;TZID=Europe/Berlin:20310303T100000", "SUMMARY:Retro", "RRULE:FREQ=MONTHLY;UNTIL=99991231;BYDAY=" + days,
                "END:VEVENT", "END:VCALENDAR",
            ].joined(separator: "\r\n")
            let file = try await api.send(.post, "/v1/series/from-calendar", token: token, json: ["ics": ics])
            #expect(file.status == .unprocessableContent)
            #expect(file.problemPaths == ["ics.RRULE: must be at most \(RecurrenceRule.maxLength) characters"])
            let typed: [String: Any] = [
                "rule": "FREQ=MONTHLY;UNTIL=99991231;BYDAY=" + Array(repeating: "MO,-1FR", count: 50).joined(separator: ","),
                "start": "2031-03-03T09:00:00+01:00", "end": "2031-03-03T10:00:00+01:00", "title": "Retro", "timeZone": "Europe/Berlin",
            ]
            // Duplicates dropped: every Monday and the last Friday of each month, within the horizon.
            let made = try await api.send(.post, "/v1/series/from-calendar", token: token, json: typed)
            #expect(made.status == .created, "\(made.text)")
            #expect(made.json?["reachedHorizon"] as? Bool == true)
            var many = typed
            many["rule"] = "FREQ=MONTHLY;BYDAY=" + (1...4).flatMap { n in ["MO", "TU", "WE", "TH", "FR", "SA"].map { "\(n)\($0)" } }.joined(separator: ",")
            let refused = try await api.send(.post, "/v1/series/from-calendar", token: token, json: many)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problemPaths == ["rule.BYDAY: has 24 different entries; at most \(RecurrenceRule.maxByDayEntries)"])
        }
    }
}
