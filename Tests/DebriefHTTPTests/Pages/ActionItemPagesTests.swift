@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The action items' pages (issue 50, decision 74), no script: the dashboard's Actions block
/// (add, mark, delete), the review of the previous session's actions that opens the next
/// session's dashboard, and the presenter view's first step. Every post goes through the same
/// use case as `/v1/meetings/{id}/actions…`, so what a page stores the API reads, and a refused
/// post re-renders the dashboard with each problem beside its field and nothing stored.
@Suite("Pages: action items on the dashboard, the review and the presenter")
struct ActionItemPagesTests {
    struct World {
        var api: ParticipantAPI
        var fixture: PublishedFixture
        var owner: BrowserSession
        var member: String
        var dashboard: String { "/m/\(self.fixture.meetingID)" }
        var actions: String { "/v1/meetings/\(self.fixture.meetingID)/actions" }

        func items(_ path: String? = nil) async throws -> [[String: Any]] {
            let list = try await self.api.send(.get, path ?? self.actions, token: self.fixture.hostToken)
            return try #require(list.json?["items"] as? [[String: Any]], "\(list.text)")
        }
    }

    /// A published session, its owner signed in on the pages, and a roster member.
    static func run(_ body: @escaping @Sendable (World) async throws -> Void) async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let owner = try await ChatChannelPageTests.owner(api, fixture)
            let member = try #require(
                try await api.send(.post, "/v1/series/\(fixture.seriesID)/roster", token: fixture.hostToken, json: ["name": "Grace Hopper"])
                    .string("id"))
            try await body(World(api: api, fixture: fixture, owner: owner, member: member))
        }
    }

    /// The series' next session, a year on (after any fixture's first).
    static func nextSession(_ world: World) async throws -> String {
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 400 * 86_400).rounded())
        let next = try await world.api.send(
            .post, "/v1/meetings/\(world.fixture.meetingID)/next", token: world.fixture.hostToken,
            json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        #expect(next.status == .created, "\(next.text)")
        return try #require(next.string("id"))
    }

    @Test func anActionIsAddedMarkedAndDeletedFromTheDashboard() async throws {
        try await Self.run { world in
            let page = try await world.api.page(world.dashboard, cookie: world.owner.cookie)
            #expect(page.text.contains(#"id="actions-heading""#), "the block is on the dashboard")
            #expect(page.text.contains("No actions yet."))
            #expect(page.text.contains(#"<option value="rosterMember:\#(world.member.lowercased())">Grace Hopper</option>"#), "the roster")
            #expect(page.text.contains(#"<option value="useful">How useful?</option>"#), "the form's questions")
            #expect(!page.text.contains(#"id="review-heading""#), "a first session has nothing to review")

            let added = try await world.api.post(
                world.dashboard + "/actions",
                [("csrf", world.owner.csrf), ("title", " Shorter status round "), ("owner", "rosterMember:\(world.member)"),
                 ("due", "date"), ("dueDate", "2026-12-24"), ("questionKey", "useful")],
                cookie: world.owner.cookie)
            #expect(added.status == .seeOther, "\(added.status) \(added.text)")
            #expect(added.headers[.location] == world.dashboard + "?actions=added#actions-heading")
            let item = try #require(try await world.items().first)
            #expect(item["title"] as? String == "Shorter status round", "the API's text rules trimmed it")
            #expect(item["due"] as? String == "2026-12-24" && item["questionKey"] as? String == "useful")
            #expect((item["owner"] as? [String: Any])?["name"] as? String == "Grace Hopper")
            let id = try #require(item["id"] as? String)

            let shown = try await world.api.page(world.dashboard + "?actions=added", cookie: world.owner.cookie)
            #expect(shown.text.contains("Action added."))
            #expect(shown.text.contains("Shorter status round") && shown.text.contains("Owner: Grace Hopper"))
            #expect(shown.text.contains("By 24 Dec 2026") && shown.text.contains("Prompted by “How useful?”"))
            #expect(shown.text.contains(#"action="\#(world.dashboard)/actions/\#(id)/status""#))

            let done = try await world.api.post(
                world.dashboard + "/actions/\(id)/status", [("csrf", world.owner.csrf), ("status", "done")], cookie: world.owner.cookie)
            #expect(done.status == .seeOther && done.headers[.location] == world.dashboard + "?actions=changed#actions-heading")
            #expect(try await world.items().first?["status"] as? String == "done")
            #expect(try await world.api.page(world.dashboard, cookie: world.owner.cookie).text.contains("Reopen"), "a done action reopens")
            // A status the use case does not know is its 422, and changes nothing.
            let bogus = try await world.api.post(
                world.dashboard + "/actions/\(id)/status", [("csrf", world.owner.csrf), ("status", "finished")], cookie: world.owner.cookie)
            #expect(bogus.status == .unprocessableContent, "\(bogus.status)")
            #expect(try await world.items().first?["status"] as? String == "done")

            let deleted = try await world.api.post(
                world.dashboard + "/actions/\(id)/delete", [("csrf", world.owner.csrf)], cookie: world.owner.cookie)
            #expect(deleted.status == .seeOther && deleted.headers[.location] == world.dashboard + "?actions=deleted#actions-heading")
            #expect(try await world.items().isEmpty)
        }
    }

    @Test func aRefusedActionNamesEachFieldKeepsWhatWasTypedAndStoresNothing() async throws {
        try await Self.run { world in
            let typed = String(repeating: "x", count: 201)
            let refused = try await world.api.post(
                world.dashboard + "/actions",
                [("csrf", world.owner.csrf), ("title", typed), ("owner", "rosterMember:\(UUID().uuidString)"),
                 ("due", "date"), ("dueDate", "2026-02-30"), ("questionKey", "useful")],
                cookie: world.owner.cookie)
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(refused.isHTML)
            for id in ["action-title-error", "action-due-error"] {
                #expect(refused.text.contains(#"id="\#(id)""#), "\(id) is beside its field")
            }
            #expect(refused.text.contains("Use at most 200 characters."))
            #expect(refused.text.contains(##"href="#action-title""##), "the summary links to the field")
            #expect(refused.text.contains(#"name="title" value="\#(typed)""#), "what was typed is kept")
            #expect(refused.text.contains(#"value="2026-02-30""#))
            #expect(refused.text.contains(#"<option value="useful" selected>"#), "the question chosen is kept")
            #expect(try await world.items().isEmpty, "nothing stored")

            // Whom an action may name is the store's to check, once the fields are well formed.
            let stranger = try await world.api.post(
                world.dashboard + "/actions",
                [("csrf", world.owner.csrf), ("title", "Fine"), ("owner", "rosterMember:\(UUID().uuidString)")], cookie: world.owner.cookie)
            #expect(stranger.status == .unprocessableContent, "\(stranger.status)")
            #expect(stranger.text.contains(#"id="action-owner-error""#) && stranger.text.contains(#"value="Fine""#))
            #expect(try await world.items().isEmpty, "nothing stored")

            // In Korean, the sentences are Korean.
            let korean = try await world.api.post(
                world.dashboard + "/actions", [("csrf", world.owner.csrf), ("title", ""), ("due", "date"), ("dueDate", "")],
                language: "ko", cookie: world.owner.cookie)
            #expect(korean.status == .unprocessableContent)
            #expect(korean.text.contains("“다음 세션까지”를 고르거나"), "the due's problem in Korean")
            #expect(try await world.items().isEmpty)

            // Without the form's CSRF token nothing is stored.
            let forged = try await world.api.post(world.dashboard + "/actions", [("title", "Forged")], cookie: world.owner.cookie)
            #expect(forged.status == .forbidden)
            #expect(try await world.items().isEmpty)
        }
    }

    @Test func theCapIsSaidOnTheDashboard() async throws {
        try await Self.run { world in
            for number in 1...ActionItemRules.maxPerSession {
                let created = try await world.api.send(.post, world.actions, token: world.fixture.hostToken, json: ["title": "Action \(number)"])
                #expect(created.status == .created)
            }
            let over = try await world.api.post(
                world.dashboard + "/actions", [("csrf", world.owner.csrf), ("title", "One too many")], cookie: world.owner.cookie)
            #expect(over.status == .conflict, "\(over.status)")
            #expect(over.text.contains("already has \(ActionItemRules.maxPerSession) actions"))
            #expect(over.text.contains(#"value="One too many""#), "what was typed is kept")
            #expect(try await world.items().count == ActionItemRules.maxPerSession)
        }
    }

    @Test func aViewerSeesNoActionsAndIsRefusedAStrangerFindsNothing() async throws {
        try await Self.run { world in
            let id = try #require(
                try await world.api.send(.post, world.actions, token: world.fixture.hostToken, json: ["title": "Keep"]).string("id"))
            let viewer = try await SeriesSharingTests.host(world.api)
            let stranger = try await SeriesSharingTests.host(world.api)
            #expect(try await SeriesSharingTests.share(world.api, world.fixture, with: viewer, as: "viewer").status == .accepted)
            let viewerSession = try #require(try await world.api.signIn(email: viewer.email).1)
            let page = try await world.api.page(world.dashboard, cookie: viewerSession.cookie)
            #expect(page.status == .ok)
            #expect(!page.text.contains(#"id="actions-heading""#) && !page.text.contains("Keep"), "actions are the running of the meeting")
            let base = world.dashboard + "/actions"
            for (path, fields) in [(base, [("title", "Mine")]), (base + "/\(id)/status", [("status", "dropped")]), (base + "/\(id)/delete", [])] {
                let refused = try await world.api.post(path, [("csrf", viewerSession.csrf)] + fields, cookie: viewerSession.cookie)
                #expect(refused.status == .forbidden, "\(path): \(refused.status)")
            }
            let strangerSession = try #require(try await world.api.signIn(email: stranger.email).1)
            let hidden = try await world.api.post(base + "/\(id)/delete", [("csrf", strangerSession.csrf)], cookie: strangerSession.cookie)
            #expect(hidden.status == .notFound)
            #expect(try await world.items().map { $0["status"] as? String } == ["open"], "nothing the viewer or stranger posted changed it")
        }
    }

    @Test func theNextSessionsDashboardOpensWithTheReview() async throws {
        try await Self.run { world in
            let kept = try #require(
                try await world.api.send(.post, world.actions, token: world.fixture.hostToken, json: ["title": "Shorter status round"])
                    .string("id"))
            _ = try await world.api.send(.post, world.actions, token: world.fixture.hostToken, json: ["title": "Try a new room"])
            let next = try await Self.nextSession(world)
            let nextPage = "/m/\(next)"
            let page = try await world.api.page(nextPage, cookie: world.owner.cookie)
            let review = try #require(page.text.range(of: #"id="review-heading""#), "the review is on the next session's dashboard")
            let panel = try #require(page.text.range(of: #"<div id="panel">"#))
            #expect(review.lowerBound < panel.lowerBound, "it opens the dashboard, above the results")
            #expect(page.text.contains("Actions to review"))
            #expect(page.text.contains("Shorter status round") && page.text.contains("Try a new room"))
            #expect(page.text.contains("Not done yet"))
            let reviewPath = nextPage + "/review/\(kept)"
            #expect(page.text.contains(#"action="\#(reviewPath)""#), "its buttons post to this session's page")

            for (status, stored) in [("done", "done"), ("open", "open"), ("dropped", "dropped"), ("done", "done")] {
                let marked = try await world.api.post(reviewPath, [("csrf", world.owner.csrf), ("status", status)], cookie: world.owner.cookie)
                #expect(marked.status == .seeOther && marked.headers[.location] == nextPage + "?review=marked#review-heading", "\(marked.status)")
                let items = try await world.items("/v1/meetings/\(next)/actions/review")
                #expect(items.first?["status"] as? String == stored, "marked where it lives, the previous session")
            }
            let after = try await world.api.page(nextPage + "?review=marked", cookie: world.owner.cookie)
            #expect(after.text.contains("Review saved.") && after.text.contains("Status: Done"))

            // An action of this session is not the review's: not found, and unchanged.
            let own = try #require(
                try await world.api.send(.post, "/v1/meetings/\(next)/actions", token: world.fixture.hostToken, json: ["title": "New"])
                    .string("id"))
            let wrong = try await world.api.post(
                nextPage + "/review/\(own)", [("csrf", world.owner.csrf), ("status", "done")], cookie: world.owner.cookie)
            #expect(wrong.status == .notFound)
            #expect(try await world.items("/v1/meetings/\(next)/actions").first?["status"] as? String == "open")
            // The first session has no review to mark through.
            let none = try await world.api.post(
                world.dashboard + "/review/\(kept)", [("csrf", world.owner.csrf), ("status", "done")], cookie: world.owner.cookie)
            #expect(none.status == .notFound)
        }
    }

    @Test func thePresenterShowsTheReviewBeforeTheFirstQuestion() async throws {
        try await Self.run { world in
            _ = try await world.api.send(
                .post, world.actions, token: world.fixture.hostToken,
                json: ["title": "Shorter status round", "owner": ["kind": "rosterMember", "id": world.member]])
            let next = try await Self.nextSession(world)
            let present = "/m/\(next)/present"

            // Before the form is published: the review alone.
            let unpublished = try await world.api.page(present, cookie: world.owner.cookie)
            #expect(unpublished.status == .ok)
            #expect(unpublished.text.contains(#"id="presenter-review""#) && unpublished.text.contains("Shorter status round"))
            #expect(unpublished.text.contains("Owner: Grace Hopper") && unpublished.text.contains("Not done yet"))
            #expect(!unpublished.text.contains(#"name="csrf""#), "the projector gets no buttons")

            var form = ParticipantAPI.sampleForm()
            form["sharesResultsWithParticipants"] = true
            form["sharesResultsLive"] = true
            #expect(try await world.api.send(.put, "/v1/meetings/\(next)/form", token: world.fixture.hostToken, json: form).status == .ok)
            let published = try await world.api.send(.post, "/v1/meetings/\(next)/form/publish", token: world.fixture.hostToken)
            #expect(published.status.code < 300, "\(published.text)")

            let first = try await world.api.page(present, cookie: world.owner.cookie)
            #expect(first.text.contains(#"data-room-current="review""#), "the first step is the review")
            #expect(first.text.contains(#"<section id="presenter-review" class="presenter-review" aria-labelledby="presenter-review-heading">"#))
            #expect(first.text.contains(#"id="presenter-next" href="\#(present)?q=1""#), "then question 1")
            #expect(first.text.contains(#"id="presenter-previous" href="" rel="prev" hidden"#), "nothing before it")

            let question = try await world.api.page(present + "?q=1", cookie: world.owner.cookie)
            #expect(question.text.contains(#"data-room-current="1""#))
            #expect(question.text.contains(#"aria-labelledby="presenter-review-heading" hidden>"#), "the review is hidden at question 1")
            #expect(question.text.contains(#"id="presenter-previous" href="\#(present)?q=review""#), "and is the step before it")
            #expect(try await world.api.page(present + "?q=review", cookie: world.owner.cookie).text.contains(#"data-room-current="review""#))

            // The first session reviews nothing: it starts at question 1, and has no review step.
            let firstSession = "/m/\(world.fixture.meetingID)/present"
            #expect(!(try await world.api.page(firstSession, cookie: world.owner.cookie)).text.contains(#"id="presenter-review""#))
            #expect(PresenterPageController.Slide("review", count: 5, hasReview: false) == nil, "?q=review without one is a 404")
            #expect(PresenterPageController.Slide(nil, count: 5, hasReview: false) == .question(0))
        }
    }
}
