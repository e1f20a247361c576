@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// "New meeting" pre-fills a slot the host can create as it is (issue 32 item 12): the first
/// free full hour of the host's own zone from tomorrow on, never one of their meetings' times.
@Suite("Pages: the new meeting form pre-fills the next free slot")
struct NewMeetingSlotTests {
    @Test func thePrefilledSlotIsFreeOnAFullHourOfTheHostsZoneAndCanBeCreatedTwiceInARow() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            // Half an hour off UTC (+9:30 or +10:30): a full hour of UTC is hh:30 there.
            let zone = try await api.post(
                "/account/time-zone", [("csrf", session.csrf), ("timeZone", "Australia/Adelaide")], cookie: session.cookie)
            #expect(zone.status == .seeOther, "\(zone.status) \(zone.text.prefix(2000))")
            var starts: [String] = []
            for title in ["Retro", "Planning", "Demo"] {
                let form = try await api.page("/m/new", cookie: session.cookie)
                let start = try #require(form.inputValue("startsAt"), "\(form.text.prefix(800))")
                let end = try #require(form.inputValue("endsAt"))
                #expect(start.hasSuffix(":00") && end.hasSuffix(":00"), "a full hour of the host's zone: \(start)–\(end)")
                let created = try await api.post(
                    "/m/new", [("csrf", session.csrf), ("title", title), ("startsAt", start), ("endsAt", end)], cookie: session.cookie)
                #expect(created.status == .seeOther, "the pre-filled slot is free: \(created.status) \(created.text.prefix(600))")
                starts.append(start)
            }
            #expect(Set(starts).count == 3, "each form suggested another slot: \(starts)")
            #expect(starts == starts.sorted(), "the next free one, later each time: \(starts)")
        }
    }

    @Test func aBusyTimePushesTheSlotToTheFirstFullHourAfterIt() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let base = Date(timeIntervalSince1970: 1_900_000_800)  // 2030-03-17 16:00 UTC, a full hour
        let hour: TimeInterval = 3600
        #expect(FreeSlot.first(after: base, lasting: hour, busy: [], in: utc) == base)
        // Back to back busy times, the second ending off the hour, given out of order.
        let busy = [DateInterval(start: base.addingTimeInterval(hour), duration: 50 * 60), DateInterval(start: base, duration: hour)]
        #expect(FreeSlot.first(after: base, lasting: hour, busy: busy, in: utc) == base.addingTimeInterval(2 * hour))
        // A busy time that ends where the slot starts does not take it.
        #expect(FreeSlot.first(after: base, lasting: hour, busy: [DateInterval(start: base.addingTimeInterval(-hour), duration: hour)], in: utc) == base)
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
        #expect(FreeSlot.fullHour(atOrAfter: base, in: kolkata) == base.addingTimeInterval(30 * 60), "16:00 UTC is 21:30 there")
    }
}
