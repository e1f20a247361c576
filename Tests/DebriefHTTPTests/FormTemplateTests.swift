@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Form templates through the API on a real database (docs/decisions/0076-form-templates.md):
/// the library, starting a series' form from one (translations kept), saving without a date,
/// who sees and deletes what, the cap, and bad input refused naming the field with nothing stored.
@Suite("Form templates: library, start, save, visibility")
struct FormTemplateTests {
    @Test func theLibraryStartsASeriesFormWithItsTranslation() async throws {
        try await ParticipantAPI.run { api, _ in
            let host = try await Self.host(api)
            let list = try await api.send(.get, "/v1/templates", token: host)
            let items = try #require(list.json?["items"] as? [[String: Any]], "\(list.text)")
            #expect(items.prefix(5).map { $0["id"] as? String }
                == ["team-health-check", "retrospective", "one-on-one", "all-hands-pulse", "workshop-feedback"])
            #expect(items.allSatisfy { $0["form"] == nil }, "the list carries no forms")
            #expect(items.first?["languages"] as? [String] == ["en", "ko"])

            let meeting = try await Self.meeting(api, host)
            let started = try await api.send(
                .post, "/v1/meetings/\(meeting.id)/form/from-template", token: host, json: ["templateId": "retrospective"])
            #expect(started.status == .ok, "\(started.text)")
            #expect(started.string("state") == "draft" && started.json?["followsSeries"] as? Bool == true)
            let prompts = (started.json?["questions"] as? [[String: Any]])?.compactMap { $0["prompt"] as? String }
            #expect(prompts?.contains("What went well?") == true, "\(started.text)")
            let korean = (started.json?["translations"] as? [String: Any])?["ko"] as? [String: Any]
            #expect(korean?["title"] as? String == "회고")

            // The series' form is the template: every session not yet published takes it.
            let series = try await api.send(.get, "/v1/series/\(meeting.series)/form", token: host)
            #expect(series.status == .ok && series.string("title") == "Retrospective", "\(series.text)")
        }
    }

    @Test func aSavedTemplateHoldsNoDateAndOnlyItsHostSeesIt() async throws {
        try await ParticipantAPI.run { api, database in
            var form = ParticipantAPI.sampleForm()
            form["closesAt"] = ParticipantAPI.iso(Date().addingTimeInterval(86_400 * 400))
            let fixture = try await api.publish(form)
            let saved = try await api.send(
                .post, "/v1/templates", token: fixture.hostToken, json: ["meetingId": fixture.meetingID, "name": " Friday demo "])
            #expect(saved.status == .created, "\(saved.text)")
            #expect(saved.string("scope") == "account" && saved.string("name") == "Friday demo")
            let id = try #require(saved.string("id"))
            let kept = try await api.send(.get, "/v1/templates/\(id)", token: fixture.hostToken)
            let keptForm = try #require(kept.json?["form"] as? [String: Any], "\(kept.text)")
            #expect(keptForm["closesAt"] == nil, "a template holds no date")
            #expect((keptForm["questions"] as? [Any])?.count == 5)

            let other = try await Self.host(api)
            let theirs = try #require(try await api.send(.get, "/v1/templates", token: other).json?["items"] as? [[String: Any]])
            #expect(!theirs.contains { $0["id"] as? String == id }, "another host does not see it")
            #expect(try await api.send(.get, "/v1/templates/\(id)", token: other).status == .notFound)
            #expect(try await api.send(.delete, "/v1/templates/\(id)", token: other).status == .notFound)
            // Another host cannot save a form they cannot see, and a host cannot save for everyone.
            let notTheirs = try await api.send(.post, "/v1/templates", token: other, json: ["meetingId": fixture.meetingID, "name": "Mine"])
            #expect(notTheirs.status == .notFound)
            let forAll = try await api.send(
                .post, "/v1/templates", token: fixture.hostToken,
                json: ["meetingId": fixture.meetingID, "name": "Everyone", "scope": "installation"])
            #expect(forAll.status == .forbidden)

            // An admin's installation template: every host sees it; only an admin deletes it.
            let admin = try await Self.admin(api, database)
            let adminMeeting = try await Self.meeting(api, admin)
            #expect(try await api.send(
                .post, "/v1/meetings/\(adminMeeting.id)/form/from-template", token: admin, json: ["templateId": "one-on-one"]).status == .ok)
            let shared = try await api.send(
                .post, "/v1/templates", token: admin, json: ["meetingId": adminMeeting.id, "name": "House 1:1", "scope": "installation"])
            #expect(shared.status == .created && shared.string("scope") == "installation", "\(shared.text)")
            let sharedID = try #require(shared.string("id"))
            #expect(try await api.send(.get, "/v1/templates/\(sharedID)", token: other).status == .ok)
            #expect(try await api.send(.delete, "/v1/templates/\(sharedID)", token: other).status == .forbidden)
            #expect(try await api.send(.delete, "/v1/templates/retrospective", token: admin).status == .forbidden)
            #expect(try await api.send(.delete, "/v1/templates/\(sharedID)", token: admin).status == .noContent)
            #expect(try await api.send(.delete, "/v1/templates/\(id)", token: fixture.hostToken).status == .noContent)
            #expect(try await api.send(.get, "/v1/templates/\(id)", token: fixture.hostToken).status == .notFound)
        }
    }

    @Test func badInputIsRefusedNamingTheFieldAndNothingIsStored() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            for (body, path) in [
                (["name": "Demo"], "meetingId"), (["meetingId": "nope", "name": "Demo"], "meetingId"),
                (["meetingId": fixture.meetingID], "name"), (["meetingId": fixture.meetingID, "name": "  "], "name"),
                (["meetingId": fixture.meetingID, "name": "Demo", "scope": "builtIn"], "scope"),
            ] as [([String: String], String)] {
                let refused = try await api.send(.post, "/v1/templates", token: fixture.hostToken, json: body)
                #expect(refused.status == .unprocessableContent, "\(body): \(refused.text)")
                #expect(refused.problemPaths.map { String($0.prefix { $0 != ":" }) } == [path], "\(body): \(refused.text)")
            }
            let missing = try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/from-template", token: fixture.hostToken, json: [:])
            #expect(missing.status == .unprocessableContent && missing.problemPaths.first?.hasPrefix("templateId") == true)
            let unknown = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/form/from-template", token: fixture.hostToken, json: ["templateId": "nope"])
            #expect(unknown.status == .notFound)
            // The form is open: a template would change its meaning.
            let open = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/form/from-template", token: fixture.hostToken, json: ["templateId": "retrospective"])
            #expect(open.status == .conflict, "\(open.text)")
            let count: Int = try await database.withConnection { try await $0.query("SELECT count(*) AS n FROM form_templates").single().decode("n") }
            #expect(count == 0, "nothing stored")
            let form = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken)
            #expect(form.string("title") == "How was it?", "the open form is as it was")
        }
    }

    @Test func aHostKeepsAtMostTheCap() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let first = try await api.send(.post, "/v1/templates", token: fixture.hostToken, json: ["meetingId": fixture.meetingID, "name": "1"])
            #expect(first.status == .created)
            // The rest up to the cap directly, as copies of the first.
            let id = try #require(first.string("id"))
            _ = try await database.withConnection { connection in
                try await connection.execute(
                    """
                    INSERT INTO form_templates (owner_id, name, form)
                    SELECT owner_id, name || '-' || n, form FROM form_templates, generate_series(2, \(FormTemplateStore.maxPerOwner)) AS n
                    WHERE id = \(UUID(uuidString: id))::uuid
                    """)
            }
            let over = try await api.send(.post, "/v1/templates", token: fixture.hostToken, json: ["meetingId": fixture.meetingID, "name": "one more"])
            #expect(over.status == .unprocessableContent)
            #expect(over.problemPaths.first?.hasPrefix("name:") == true && over.text.contains("at most \(FormTemplateStore.maxPerOwner)"), "\(over.text)")
            let items = try #require(try await api.send(.get, "/v1/templates", token: fixture.hostToken).json?["items"] as? [[String: Any]])
            #expect(items.count == 5 + FormTemplateStore.maxPerOwner)
        }
    }

    // MARK: - Helpers

    static func host(_ api: ParticipantAPI) async throws -> String {
        let email = "host-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let credentials = ["email": email, "password": "correct horse battery"]
        try #require(try await api.send(.post, "/v1/accounts", json: credentials.merging(["displayName": "Host"]) { a, _ in a }).status == .created)
        return try #require(try await api.send(.post, "/v1/tokens", json: credentials).string("token"))
    }

    static func admin(_ api: ParticipantAPI, _ database: Database) async throws -> String {
        let email = "admin-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let signUp = try SignUpInput(email: email, password: "correct horse battery", displayName: "Admin").validate().get()
        let hasher = PasswordHasher(cost: 4, threads: 1)
        _ = try await AccountStore(database: database, hasher: hasher).create(signUp, role: .admin)
        await hasher.shutdown()
        return try #require(try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
    }

    static func meeting(_ api: ParticipantAPI, _ token: String) async throws -> (id: String, series: String) {
        let start = Date().addingTimeInterval(86_400 * Double.random(in: 1...300)).rounded
        let made = try await api.send(
            .post, "/v1/meetings", token: token,
            json: ["title": "Weekly retro", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        return (try #require(made.string("id"), "\(made.text)"), try #require(made.string("seriesId")))
    }
}

extension Date {
    fileprivate var rounded: Date { Date(timeIntervalSince1970: self.timeIntervalSince1970.rounded()) }
}

extension FormTemplateTests {
    /// "Starting a series from a template": `/m/new` and `POST /v1/meetings` with `templateId`
    /// plan a weekly series whose every session has the template's form; an unknown template is a
    /// 422 at `templateId` and makes nothing.
    @Test func aNewWeeklySeriesStartsFromATemplate() async throws {
        try await ParticipantAPI.run { api, database in
            let host = try await Self.host(api)
            let start = Date().addingTimeInterval(86_400 * 3).rounded
            var body: [String: Any] = [
                "title": "Weekly health", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600)),
                "repeats": "weekly", "templateId": "nope",
            ]
            let unknown = try await api.send(.post, "/v1/meetings", token: host, json: body)
            #expect(unknown.status == .unprocessableContent && unknown.problemPaths.first?.hasPrefix("templateId:") == true, "\(unknown.text)")
            let none: Int = try await database.withConnection { try await $0.query("SELECT count(*) AS n FROM meetings").single().decode("n") }
            #expect(none == 0, "nothing made")

            body["templateId"] = "team-health-check"
            let made = try await api.send(.post, "/v1/meetings", token: host, json: body)
            #expect(made.status == .created, "\(made.text)")
            let series = try #require(made.string("seriesId"))
            let sessions = try #require(try await api.send(.get, "/v1/meetings?scope=all&limit=5", token: host).json?["items"] as? [[String: Any]])
            #expect(sessions.count == 5)
            for session in sessions.compactMap({ $0["id"] as? String }) {
                let form = try await api.send(.get, "/v1/meetings/\(session)/form", token: host)
                #expect(form.string("title") == "Team health check", "session \(session): \(form.text)")
                #expect(((form.json?["translations"] as? [String: Any])?["ko"] as? [String: Any])?["title"] as? String == "팀 건강 점검")
            }
            #expect(try await api.send(.get, "/v1/series/\(series)/form", token: host).string("title") == "Team health check")
        }
    }

    @Test func theNewMeetingPageOffersTheLibrary() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let page = try await api.page("/m/new", cookie: session.cookie)
            #expect(page.text.contains("<option value=\"\" selected>No form yet</option>"))
            #expect(page.text.contains("<option value=\"retrospective\">Retrospective · built in</option>"))
            let created = try await api.post(
                "/m/new",
                [("csrf", session.csrf), ("title", "Retro"), ("startsAt", "2032-05-06T09:00"), ("endsAt", "2032-05-06T10:00"),
                 ("templateId", "retrospective")],
                cookie: session.cookie)
            let meeting = try #require(created.headers[.location], "\(created.status) \(created.text.prefix(800))")
            let builder = try await api.page(meeting + "/form", cookie: session.cookie)
            #expect(builder.text.contains("What went well?"), "the builder opens with the template's form")
        }
    }
}
