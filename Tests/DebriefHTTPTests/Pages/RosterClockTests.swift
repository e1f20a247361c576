import Debrief
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 68 (the series clock, docs/decisions/0083): the roster's "who came" asks the clock. The
/// walk's series of 27 sessions listed sessions 16–27 (all in the future) and, after "Mark
/// present" on session 1, nothing on the page changed. Now the columns are the sessions begun,
/// the attendance taken is the session happening now (or the previous one), never a planned one,
/// and a member marked present shows as present at that session.
@Suite("The roster asks the series clock")
struct RosterClockTests {
    typealias World = RosterSendStepTests.World

    /// Plans `count` sessions a week apart after the fixture's session (through "Next session"),
    /// returning their ids in order.
    static func plan(_ world: World, count: Int) async throws -> [String] {
        var last = world.fixture.meetingID
        var planned: [String] = []
        let first = try await world.api.send(.get, "/v1/meetings/\(last)", token: world.fixture.hostToken)
        let start = try #require(first.string("startsAt").flatMap { try? Date($0, strategy: .iso8601) })
        for week in 1...count {
            let at = start.addingTimeInterval(Double(week) * 7 * 86_400)
            let next = try await world.api.send(
                .post, "/v1/meetings/\(last)/next", token: world.fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(at), "endsAt": ParticipantAPI.iso(at.addingTimeInterval(3600))])
            last = try #require(next.string("id"), "\(next.text)")
            planned.append(last)
        }
        return planned
    }

    static func column(_ number: Int) -> String { "class=\"number\">Session \(number)</th>" }

    /// Session 1 happening now, twelve planned after it: the columns are session 1 alone, and
    /// marking Ana present shows her present at session 1 (before, the columns were sessions 2–13
    /// and session 1's list never showed her present).
    @Test func whoCameListsTheSessionsBegunAndShowsAMemberMarkedPresent() async throws {
        try await RosterSendStepTests.run { world in
            try await SeriesCodeTests.move(world.database, world.fixture.meetingID, from: -600, to: 1200)
            _ = try await Self.plan(world, count: 12)
            let page = try await world.api.page("\(world.meeting)/roster", cookie: world.session.cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains(Self.column(1)), "\(page.text)")
            for planned in 2...13 { #expect(!page.text.contains(Self.column(planned)), "planned session \(planned) is listed") }
            #expect(page.text.contains("Session 1: attendance"))
            #expect(page.text.contains("aria-label=\"Mark present: Ana\""))

            let marked = try await world.api.post(
                "\(world.meeting)/attendance", [("csrf", world.session.csrf), ("memberId", world.members["Ana"] ?? "")],
                cookie: world.session.cookie)
            #expect(marked.status == .seeOther && marked.headers[.location] == "\(world.meeting)/roster")
            let after = try await world.api.page("\(world.meeting)/roster", cookie: world.session.cookie)
            #expect(!after.text.contains("aria-label=\"Mark present: Ana\""), "Ana is present now")
            #expect(after.text.contains("present-now\">present at session 1<"), "\(after.text)")
            #expect(after.text.contains("aria-label=\"Mark present: Ben\""))
            let korean = try await world.api.page("\(world.meeting)/roster", language: "ko", cookie: world.session.cookie)
            #expect(korean.text.contains("present-now\">1회차 출석<"))
        }
    }

    /// A planned session's roster takes the attendance of the session happening now: its buttons
    /// mark session 1, and it says why. Before any session begins, nobody is marked anywhere.
    @Test func aPlannedSessionsRosterTakesTheAttendanceOfTheSessionNow() async throws {
        try await RosterSendStepTests.run { world in
            let early = try await world.api.page("\(world.meeting)/roster", cookie: world.session.cookie)
            #expect(early.text.contains("No session has begun yet"), "\(early.text)")
            #expect(!early.text.contains("Mark present") && !early.text.contains(Self.column(1)))

            try await SeriesCodeTests.move(world.database, world.fixture.meetingID, from: -600, to: 1200)
            let second = try #require(try await Self.plan(world, count: 1).first)
            let page = try await world.api.page("/m/\(second)/roster", cookie: world.session.cookie)
            #expect(page.text.contains("Session 2 has not begun: this is the attendance of session 1"), "\(page.text)")
            #expect(page.text.contains("Session 1: attendance") && !page.text.contains(Self.column(2)))
            #expect(page.text.contains("action=\"\(world.meeting)/attendance\""))
            #expect(!page.text.contains("action=\"/m/\(second)/attendance\""))
            let korean = try await world.api.page("/m/\(second)/roster", language: "ko", cookie: world.session.cookie)
            #expect(korean.text.contains("2회차는 아직 시작하지 않았어요"))

            // An hour before session 2 starts it is the session now: its roster takes its own attendance.
            try await SeriesCodeTests.move(world.database, second, from: 1800, to: 5400)
            let now = try await world.api.page("/m/\(second)/roster", cookie: world.session.cookie)
            #expect(now.text.contains("Session 2: attendance") && now.text.contains(Self.column(2)) && now.text.contains(Self.column(1)))
            #expect(now.text.contains("action=\"/m/\(second)/attendance\"") && !now.text.contains("has not begun"))
        }
    }
}
