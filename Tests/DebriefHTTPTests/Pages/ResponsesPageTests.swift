@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The host's responses page (moderation) and the time zone of the host's pages, without a browser.
@Suite("Pages: responses and the host's time zone")
struct ResponsesPageTests {
    /// A host with a browser session and an API token.
    struct Host {
        var email: String
        var token: String
        var session: BrowserSession
    }

    func host(_ api: ParticipantAPI) async throws -> Host {
        let email = try await api.signUp()
        let token = try #require(
            try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
        let session = try #require(try await api.signIn(email: email).1)
        return Host(email: email, token: token, session: session)
    }

    /// A meeting from `start` for an hour with an anonymous one-question form (k = 3), published.
    func meeting(_ api: ParticipantAPI, _ host: Host, start: Date) async throws -> (id: String, code: String) {
        let meeting = try await api.send(
            .post, "/v1/meetings", token: host.token,
            json: ["title": "Retro", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        let id = try #require(meeting.string("id"), "\(meeting.text)")
        let form: [String: Any] = [
            "title": "Retro", "anonymous": true,
            "questions": [["key": "notes", "prompt": "Anything else?", "kind": "shortAnswer"]],
        ]
        try #require(try await api.send(.put, "/v1/meetings/\(id)/form", token: host.token, json: form).status == .ok)
        let code = try #require(try await api.send(.post, "/v1/meetings/\(id)/form/publish", token: host.token).string("code"))
        return (id, code)
    }

    func answer(_ api: ParticipantAPI, _ code: String, _ text: String) async throws -> String {
        let reply = try await api.submit(code, ["answers": [["questionKey": "notes", "text": text]]])
        return try #require(reply.string("id"), "\(reply.text)")
    }

    @Test func aResponseIsRemovedAfterAConfirmationAndAnswersBelowKAreNeverListed() async throws {
        try await ParticipantAPI.run { api, _ in
            let host = try await self.host(api)
            let (meeting, code) = try await self.meeting(api, host, start: Date().addingTimeInterval(-600))
            let spam = try await self.answer(api, code, "BUY CHEAP WATCHES")
            _ = try await self.answer(api, code, "second answer")
            let cookie = host.session.cookie

            // Two answers to an anonymous question with k = 3: listed, but not what they say.
            let few = try await api.page("/m/\(meeting)/responses", cookie: cookie)
            #expect(few.status == .ok)
            #expect(!few.text.contains("BUY CHEAP WATCHES") && !few.text.contains("second answer"))
            #expect(few.text.contains("fewer than 3 people answered"))
            #expect(few.text.contains("/m/\(meeting)/responses/\(spam)/remove"))

            _ = try await self.answer(api, code, "third answer")
            let list = try await api.page("/m/\(meeting)/responses", cookie: cookie)
            #expect(list.text.contains("BUY CHEAP WATCHES") && list.text.contains("third answer"))

            let confirm = try await api.page("/m/\(meeting)/responses/\(spam)/remove", cookie: cookie)
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("BUY CHEAP WATCHES") && confirm.text.contains("Remove the response"))
            let forged = try await api.post("/m/\(meeting)/responses/\(spam)/remove", [("csrf", "wrong")], cookie: cookie)
            #expect(forged.status == .forbidden)
            let removed = try await api.post("/m/\(meeting)/responses/\(spam)/remove", [("csrf", host.session.csrf)], cookie: cookie)
            #expect(removed.status == .seeOther)
            #expect(removed.headers[.location] == "/m/\(meeting)/responses?removed=1")

            let after = try await api.page("/m/\(meeting)/responses?removed=1", cookie: cookie)
            #expect(!after.text.contains("BUY CHEAP WATCHES"))
            #expect(after.text.contains("1 response removed by the host"))
            let dashboard = try await api.page("/m/\(meeting)", cookie: cookie)
            #expect(dashboard.text.contains("1 response removed by the host"))
            let korean = try await api.page("/m/\(meeting)", language: "ko", cookie: cookie)
            #expect(korean.text.contains("호스트가 삭제한 응답 1개"))
            // Two answers left: below k again, so nothing they say is listed.
            #expect(!after.text.contains("second answer") && !after.text.contains("third answer"))
            #expect(try await api.page("/m/\(meeting)/responses/\(spam)/remove", cookie: cookie).status == .notFound)

            let stranger = try await self.host(api)
            #expect(try await api.page("/m/\(meeting)/responses", cookie: stranger.session.cookie).status == .notFound)
        }
    }

    @Test func hostPagesShowAndReadTimesInTheAccountsZone() async throws {
        try await ParticipantAPI.run { api, _ in
            let host = try await self.host(api)
            let cookie = host.session.cookie
            let start = Date(timeIntervalSince1970: 1_900_000_000)  // 2030-03-17T17:46:40Z
            let (meeting, _) = try await self.meeting(api, host, start: start)

            let utc = try await api.page("/m", cookie: cookie)
            #expect(utc.text.contains("Times in UTC"))
            #expect(try await api.page("/m/\(meeting)/edit", cookie: cookie).inputValue("startsAt") == "2030-03-17T17:46")

            let bad = try await api.post("/account/time-zone", [("csrf", host.session.csrf), ("timeZone", "Mars/Olympus_Mons")], cookie: cookie)
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("aria-invalid=\"true\""))
            let saved = try await api.post("/account/time-zone", [("csrf", host.session.csrf), ("timeZone", "Asia/Seoul")], cookie: cookie)
            #expect(saved.status == .seeOther)

            let list = try await api.page("/m", cookie: cookie)
            #expect(list.text.components(separatedBy: "Asia/Seoul").count == 2, "the zone is named once")
            // The list reads each session in its series' zone, named when it is not the host's
            // (issue 68 goal 8); this series was made in UTC. The host's own zone is what they type.
            #expect(list.text.contains("<td>17 Mar 2030 at 17:46 (UTC)</td>"), "\(list.text.prefix(6000))")
            #expect(!list.text.contains(" UTC<"))
            #expect(try await api.page("/m/\(meeting)/edit", cookie: cookie).inputValue("startsAt") == "2030-03-18T02:46")
            #expect(try await api.page("/account", cookie: cookie).inputValue("timeZone") == "Asia/Seoul", "the picker shows the account's zone")

            // What the host types is in their zone too.
            let edited = try await api.post(
                "/m/\(meeting)/edit",
                [("csrf", host.session.csrf), ("title", "Retro"), ("startsAt", "2030-03-18T09:00"), ("endsAt", "2030-03-18T10:00"),
                 ("place", ""), ("expectedHeadCount", "")],
                cookie: cookie)
            #expect(edited.status == .seeOther, "\(edited.text)")
            let read = try await api.send(.get, "/v1/meetings/\(meeting)", token: host.token)
            #expect(read.string("startsAt") == "2030-03-18T00:00:00.000Z")
        }
    }

    @Test func signingInTakesTheBrowsersZoneOnlyUntilTheHostChoseOne() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let token = try #require(
                try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            func signIn(zone: String) async throws {
                let form = try await api.page("/signin")
                #expect(form.text.contains("data-browser-time-zone"))
                #expect(form.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
                let nonce = try #require(form.cookies["debrief_signin"])
                let reply = try await api.post(
                    "/signin",
                    [("csrf", try #require(form.inputValue("csrf"))), ("next", "/m"), ("timeZone", zone), ("email", email),
                     ("password", "correct horse battery")],
                    cookie: "debrief_signin=\(nonce)")
                #expect(reply.status == .seeOther)
            }
            try await signIn(zone: "Not/AZone")
            #expect(try await api.send(.get, "/v1/me", token: token).json?["timeZone"] == nil, "an invalid zone is ignored")
            try await signIn(zone: "Europe/Berlin")
            #expect(try await api.send(.get, "/v1/me", token: token).string("timeZone") == "Europe/Berlin")
            try await signIn(zone: "America/New_York")
            #expect(try await api.send(.get, "/v1/me", token: token).string("timeZone") == "Europe/Berlin", "a chosen zone stays")
        }
    }
}
