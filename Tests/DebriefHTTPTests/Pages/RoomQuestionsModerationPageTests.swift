import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// The dashboard's moderation of the room's questions (`/m/{id}/room-questions…`, issue 50,
/// docs/decisions/0075): the same actions as `/v1/meetings/{id}/room-questions…`, so what the
/// page sets the room sees; refused settings come back with the field named and nothing stored;
/// a viewer co-host sees the list without buttons and is refused (403), a stranger finds nothing.
@Suite("Pages: questions from the room, the dashboard's moderation")
struct RoomQuestionsModerationPageTests {
    static func owner(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws -> BrowserSession {
        let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
        return try #require(try await api.signIn(email: email).1)
    }

    static func roomTexts(_ api: ParticipantAPI, _ code: String) async throws -> [String] {
        let listed = try await api.send(.get, "/v1/f/\(code)/room-questions")
        return (listed.json?["questions"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func settingsAndModerationGoThroughTheAPIsActions() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let owner = try await Self.owner(api, fixture)
            let base = "/m/\(fixture.meetingID)"
            let off = try await api.page(base, cookie: owner.cookie)
            #expect(off.text.contains(#"id="room-questions-off""#), "the dashboard says the room is off")
            #expect(off.text.contains(#"action="\#(base)/room-questions/settings""#))

            let saved = try await api.post(
                base + "/room-questions/settings",
                [("csrf", owner.csrf), ("enabled", "true"), ("moderation", "approveFirst"), ("names", "anonymous")], cookie: owner.cookie)
            #expect(saved.status == .seeOther, "\(saved.status) \(saved.text)")
            #expect(saved.headers[.location] == base + "?room=saved#room-questions-heading")
            let settings = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/room-questions", token: fixture.hostToken)
            #expect((settings.json?["settings"] as? [String: Any])?["moderation"] as? String == "approveFirst", "\(settings.text)")

            let posted = try await api.roomPost(fixture.code, json: ["text": "What about the budget?"])
            #expect(posted.status == .created)
            let id = try #require(posted.string("id"))
            let waiting = try await api.page(base + "?room=saved", cookie: owner.cookie)
            #expect(waiting.text.contains("Settings saved."))
            #expect(waiting.text.contains("What about the budget?") && waiting.text.contains("Waiting for approval"), "the host sees what waits")
            #expect(waiting.text.contains(#"name="status" value="visible">Approve"#))
            #expect(try await Self.roomTexts(api, fixture.code).isEmpty)

            let change = base + "/room-questions/\(id)"
            for (field, value) in [("status", "visible"), ("pinned", "true"), ("answered", "true")] {
                let changed = try await api.post(change, [("csrf", owner.csrf), (field, value)], cookie: owner.cookie)
                #expect(changed.status == .seeOther, "\(field): \(changed.status) \(changed.text)")
                #expect(changed.headers[.location] == base + "?room=changed#rq-\(id)")
            }
            #expect(try await Self.roomTexts(api, fixture.code) == ["What about the budget?"], "approved: the room sees it")
            let row = try await database.query("SELECT status, pinned, answered FROM room_questions").single()
            #expect(try row.decode("status") as String == "visible")
            #expect(try row.decode("pinned") as Bool && row.decode("answered") as Bool)
            let after = try await api.page(base + "?room=changed", cookie: owner.cookie)
            #expect(after.text.contains("Unpin") && after.text.contains("Mark not answered"), "the buttons undo what was done")
            let hidden = try await api.post(change, [("csrf", owner.csrf), ("status", "hidden")], cookie: owner.cookie)
            #expect(hidden.status == .seeOther)
            #expect(try await Self.roomTexts(api, fixture.code).isEmpty, "hidden: the room no longer sees it")
            // Without the page's CSRF token nothing changes.
            let forged = try await api.post(change, [("status", "visible")], cookie: owner.cookie)
            #expect(forged.status == .forbidden, "\(forged.status)")
            #expect(try await Self.roomTexts(api, fixture.code).isEmpty)
        }
    }

    @Test func refusedSettingsNameTheirFieldAndStoreNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let owner = try await Self.owner(api, fixture)
            let refused = try await api.post(
                "/m/\(fixture.meetingID)/room-questions/settings", [("csrf", owner.csrf), ("enabled", "true"), ("moderation", "never")],
                cookie: owner.cookie)
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(refused.isHTML)
            #expect(refused.text.contains(#"id="room-moderation-error""#), "the moderation's problem is next to it")
            #expect(refused.text.contains(#"id="room-names-error""#), "and the names'")
            #expect(refused.text.contains(#"id="room-enabled" name="enabled" value="true" checked"#), "what was sent is kept")
            let stored: Int = try await database.query("SELECT count(*)::int8 AS n FROM room_question_settings").single().decode("n")
            #expect(stored == 0)
        }
    }

    @Test func aViewerSeesNoButtonsAndIsRefusedAStrangerFindsNothing() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let settings = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/room-questions/settings", token: fixture.hostToken,
                json: ["enabled": true, "moderation": "postThenHide", "names": "anonymous"])
            #expect(settings.status == .ok)
            let id = try #require(try await api.roomPost(fixture.code, json: ["text": "Lunch?"]).string("id"))
            let viewer = try await SeriesSharingTests.host(api)
            let stranger = try await SeriesSharingTests.host(api)
            #expect(try await SeriesSharingTests.share(api, fixture, with: viewer, as: "viewer").status == .accepted)
            let viewerSession = try #require(try await api.signIn(email: viewer.email).1)
            let dashboard = try await api.page("/m/\(fixture.meetingID)", cookie: viewerSession.cookie)
            #expect(dashboard.text.contains("Lunch?"), "a viewer reads the list")
            #expect(!dashboard.text.contains("/room-questions/\(id)\""), "but is offered no button")
            let change = "/m/\(fixture.meetingID)/room-questions/\(id)"
            #expect(try await api.post(change, [("csrf", viewerSession.csrf), ("status", "hidden")], cookie: viewerSession.cookie).status == .forbidden)
            let strangerSession = try #require(try await api.signIn(email: stranger.email).1)
            #expect(try await api.post(change, [("csrf", strangerSession.csrf), ("status", "hidden")], cookie: strangerSession.cookie).status == .notFound)
            // Nor may they delete it (issue 67).
            #expect(try await api.post(change, [("csrf", viewerSession.csrf), ("delete", "true")], cookie: viewerSession.cookie).status == .forbidden)
            #expect(try await api.post(change, [("csrf", strangerSession.csrf), ("delete", "true")], cookie: strangerSession.cookie).status == .notFound)
            #expect(try await Self.roomTexts(api, fixture.code) == ["Lunch?"])
        }
    }

    /// Issue 67: the host had no way to delete a post, so a flood stayed in the room's cap.
    @Test func theDashboardDeletesAQuestionWithItsVotes() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            let id = try #require(try await api.roomPost(fixture.code, json: ["text": "BUY CHEAP WATCHES"]).string("id"))
            #expect(try await api.roomVote(fixture.code, id).status == .noContent)
            let owner = try await Self.owner(api, fixture)
            let dashboard = try await api.page("/m/\(fixture.meetingID)", cookie: owner.cookie)
            #expect(dashboard.text.contains(#"name="delete" value="true""#), "the owner is offered a delete button")
            let change = "/m/\(fixture.meetingID)/room-questions/\(id)"
            let deleted = try await api.post(change, [("csrf", owner.csrf), ("delete", "true")], cookie: owner.cookie)
            #expect(deleted.status == .seeOther, "\(deleted.status) \(deleted.text)")
            #expect(deleted.headers[.location] == "/m/\(fixture.meetingID)?room=deleted#room-questions-heading")
            #expect(try await Self.roomTexts(api, fixture.code).isEmpty)
            #expect(try await RoomQuestionsPageTests.count(database, "room_questions") == 0)
            #expect(try await RoomQuestionsPageTests.count(database, "room_question_votes") == 0)
            #expect(try await api.page("/m/\(fixture.meetingID)?room=deleted", cookie: owner.cookie).text.contains("Question deleted."))
            let again = try await api.post(change, [("csrf", owner.csrf), ("delete", "true")], cookie: owner.cookie)
            #expect(again.status == .notFound, "a question deleted is not found")
        }
    }

    @Test func thePresenterShowsTheTopThreeTheRoomSeesPinnedFirst() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let owner = try await Self.owner(api, fixture)
            let present = "/m/\(fixture.meetingID)/present"
            #expect(!(try await api.page(present, cookie: owner.cookie).text.contains("presenter-room-questions")), "off: no section")
            let settings = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/room-questions/settings", token: fixture.hostToken,
                json: ["enabled": true, "moderation": "postThenHide", "names": "anonymous"])
            #expect(settings.status == .ok)
            var ids: [String: String] = [:]
            for text in ["alpha", "bravo", "charlie", "delta", "echo"] {
                let id = try #require(try await api.roomPost(fixture.code, json: ["text": text]).string("id"))
                ids[text] = id
            }
            // bravo 3 votes, charlie 2, delta 1; echo pinned; alpha hidden.
            for (text, votes) in [("bravo", 3), ("charlie", 2), ("delta", 1)] {
                for _ in 0..<votes { _ = try await api.roomVote(fixture.code, ids[text]!) }
            }
            for (text, change) in [("echo", ["pinned": true]), ("alpha", ["status": "hidden"])] as [(String, [String: Any])] {
                let changed = try await api.send(
                    .patch, "/v1/meetings/\(fixture.meetingID)/room-questions/\(ids[text]!)", token: fixture.hostToken, json: change)
                #expect(changed.status == .ok)
            }
            for page in [present, "/m/\(fixture.meetingID)/room-questions/top"] {
                let shown = try await api.page(page, cookie: owner.cookie)
                #expect(shown.status == .ok, "\(page): \(shown.status)")
                let texts = ["echo", "bravo", "charlie", "delta", "alpha"].filter { shown.text.contains("</span> \($0)</p>") || shown.text.contains("\">\($0)</p>") }
                #expect(texts == ["echo", "bravo", "charlie"], "\(page): pinned first, then by votes, three; hidden never")
                #expect(shown.text.contains("3 votes"))
            }
        }
    }

    @Test func theParticipantsListFragmentMarksThisBrowsersVotes() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            #expect(try await api.page("/f/\(fixture.code)/room-questions").status == .notFound, "off: nothing to fetch")
            let settings = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/room-questions/settings", token: fixture.hostToken,
                json: ["enabled": true, "moderation": "postThenHide", "names": "anonymous"])
            #expect(settings.status == .ok)
            let id = try #require(try await api.roomPost(fixture.code, json: ["text": "Lunch?"]).string("id"))
            let browser = try await api.joinRoom(fixture.code)
            let voted = try await api.roomPagePost("/f/\(fixture.code)/room-questions/\(id)/vote", [("up", "true")], as: browser)
            #expect(voted.status == .seeOther)
            let cookie = browser.cookie
            let mine = try await api.page("/f/\(fixture.code)/room-questions", cookie: cookie)
            #expect(mine.status == .ok && mine.isHTML)
            #expect(mine.headers[.cacheControl] == "no-store")
            #expect(mine.text.contains("Lunch?") && mine.text.contains(#"aria-pressed="true""#))
            #expect(!mine.text.contains("<html"), "the list alone")
            #expect(try await api.page("/f/\(fixture.code)/room-questions").text.contains(#"aria-pressed="false""#))
        }
    }
}
