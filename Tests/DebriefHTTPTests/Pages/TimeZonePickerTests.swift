@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The time-zone picker of `/account` and the meeting form (issue 32 item 16): a searchable list
/// of IANA names (`<input list>` with a `<datalist>`, no script needed), checked by the server.
/// Seen: `/account` refused Asia/Kolkata — Foundation's zone list on Linux (ICU's canonical names)
/// carries only the old Asia/Calcutta, and the validator accepted nothing else.
@Suite("Pages: the time-zone picker accepts every IANA zone a browser reports")
struct TimeZonePickerTests {
    static let zones = ["Asia/Kolkata", "America/Argentina/Buenos_Aires", "Asia/Kathmandu", "Pacific/Chatham", "UTC"]

    @Test func theAccountPageSavesEachZoneAndListsItInThePicker() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let account = try await api.page("/account", cookie: session.cookie)
            #expect(account.text.contains("<datalist id=\"time-zones\">"), "a searchable list: \(account.text.prefix(3000))")
            for zone in Self.zones {
                #expect(account.text.contains("<option value=\"\(zone)\">"), "\(zone) is offered")
                let saved = try await api.post(
                    "/account/time-zone", [("csrf", session.csrf), ("timeZone", zone)], cookie: session.cookie)
                #expect(saved.status == .seeOther, "\(zone): \(saved.status) \(saved.text.prefix(1500))")
                let shown = try await api.page("/account", cookie: session.cookie)
                #expect(shown.inputValue("timeZone") == zone, "\(zone) is the account's zone now")
            }
            // An older name a browser may still report (Chrome says Asia/Calcutta) is accepted too.
            let older = try await api.post(
                "/account/time-zone", [("csrf", session.csrf), ("timeZone", "Asia/Calcutta")], cookie: session.cookie)
            #expect(older.status == .seeOther, "\(older.status)")
        }
    }

    @Test(arguments: ["Mars/Olympus", "Asia/Atlantis", "asia/kolkata", "GMT+5", "EST", ""])
    func aBogusZoneIsRefusedAtItsField(_ bogus: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let refused = try await api.post(
                "/account/time-zone", [("csrf", session.csrf), ("timeZone", bogus)], cookie: session.cookie)
            #expect(refused.status == .unprocessableContent, "\(bogus): \(refused.status)")
            #expect(refused.text.contains("id=\"timeZone-error\""), "the error sits at the field")
            #expect(refused.text.contains("aria-invalid=\"true\""))
            // The API names the field in its problem document.
            let token = try #require(try await api.send(
                .post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let patch = try await api.send(.patch, "/v1/me", token: token, json: ["timeZone": bogus])
            #expect(patch.status == .unprocessableContent, "\(bogus): \(patch.status) \(patch.text)")
            #expect(patch.problemPaths.count == 1 && patch.problemPaths[0].hasPrefix("timeZone:"), "\(patch.text)")
        }
    }

    @Test func theNewMeetingFormReadsItsTimesInTheChosenZone() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let form = try await api.page("/m/new", cookie: session.cookie)
            #expect(form.text.contains("list=\"time-zones\""), "the meeting form has the picker: \(form.text.prefix(3000))")
            #expect(form.inputValue("timeZone") == "UTC", "the account's zone (UTC until chosen) is the default")
            let created = try await api.post(
                "/m/new",
                [("csrf", session.csrf), ("title", "Stand-up in Delhi"), ("timeZone", "Asia/Kolkata"),
                 ("startsAt", "2031-03-04T09:00"), ("endsAt", "2031-03-04T09:30")],
                cookie: session.cookie)
            #expect(created.status == .seeOther, "\(created.status) \(created.text.prefix(1500))")
            let token = try #require(try await api.send(
                .post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let list = try await api.send(.get, "/v1/meetings", token: token)
            let items = list.json?["items"] as? [[String: Any]] ?? []
            #expect(items.first?["startsAt"] as? String == "2031-03-04T03:30:00.000Z", "09:00 in Kolkata is 03:30 UTC: \(list.text)")

            let refused = try await api.post(
                "/m/new",
                [("csrf", session.csrf), ("title", "Nowhere"), ("timeZone", "Mars/Olympus"),
                 ("startsAt", "2031-03-05T09:00"), ("endsAt", "2031-03-05T09:30")],
                cookie: session.cookie)
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(refused.text.contains("id=\"timeZone-error\""), "the error names the field: \(refused.text.prefix(3000))")
            #expect(refused.inputValue("title") == "Nowhere", "what was typed is kept")
        }
    }
}
