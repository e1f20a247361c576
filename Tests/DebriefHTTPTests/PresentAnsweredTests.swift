import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 68, goal 5: on an anonymous form both members marked present answered through their
/// personal links, and the check-in rate read "0 % of the 2 checked in answered" while the send
/// page said 2 of 4 answered. Those answers are tied to no check-in (decision 77), so the rate of
/// those checked in says it is not known, with the reason, in the results report (the dashboard)
/// and the trends report (which the trends page, CSV and xlsx render) — one rule,
/// `ResponseRate.ofCheckedIn` — and it is the same whichever marked member answered.
@Suite("One definition of present and answered")
struct PresentAnsweredTests {
    /// Marks `marked` present, and `answering` answer through their personal links.
    static func walk(_ world: RosterSendStepTests.World, marked: [String], answering: [String]) async throws {
        let links = try await PersonalLinkTests.sendLinks(world)
        for name in answering {
            let answered = try await PersonalLinkTests.answer(world, link: links[name])
            #expect(answered.status == .created, "\(answered.text)")
        }
        for name in marked {
            let mark = try await world.api.send(
                .post, "/v1/meetings/\(world.fixture.meetingID)/attendance", token: world.fixture.hostToken,
                json: ["rosterMemberId": try #require(world.members[name])])
            #expect(mark.status.code < 300, "\(mark.text)")
        }
    }

    /// The summary's check-in members and the first trends session's.
    static func rates(_ world: RosterSendStepTests.World) async throws -> (summary: [String: Any], session: [String: Any]) {
        let results = try await world.api.send(.get, "/v1/meetings/\(world.fixture.meetingID)/results", token: world.fixture.hostToken)
        let trends = try await world.api.send(.get, "/v1/series/\(world.fixture.seriesID)/trends", token: world.fixture.hostToken)
        return (
            try #require(results.json?["summary"] as? [String: Any], "\(results.text)"),
            try #require((trends.json?["sessions"] as? [[String: Any]])?.first, "\(trends.text)")
        )
    }

    @Test func membersWhoAnsweredThroughTheirLinksMakeNoFalseZero() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            try await Self.walk(world, marked: ["Ana", "Ben"], answering: ["Ana", "Ben"])
            let (summary, session) = try await Self.rates(world)
            #expect(summary["checkedIn"] as? Int == 2)
            #expect(summary["responseRateOfCheckedIn"] == nil || summary["responseRateOfCheckedIn"] is NSNull, "not 0 %: \(summary)")
            #expect((summary["responseRateOfCheckedInReason"] as? String)?.contains("personal links") == true, "\(summary)")
            #expect(session["responseRate"] == nil || session["responseRate"] is NSNull, "\(session)")
            #expect((session["responseRateReason"] as? String)?.contains("personal links") == true, "\(session)")
        }
    }

    /// Ana marked present and Ben answering reads as Ana answering did: the host's marks tell
    /// nothing of who answered on an anonymous form.
    @Test func theMarksTellNothingOfWhoAnswered() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            try await Self.walk(world, marked: ["Ana"], answering: ["Ben"])
            let (summary, session) = try await Self.rates(world)
            #expect(summary["checkedIn"] as? Int == 1 && summary["checkedInResponded"] as? Int == 0)
            #expect((summary["responseRateOfCheckedInReason"] as? String)?.contains("personal links") == true, "\(summary)")
            #expect((session["responseRateReason"] as? String)?.contains("personal links") == true, "\(session)")
        }
    }
}
