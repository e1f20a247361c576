@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Pages: the host's dashboard and trends")
struct DashboardPageTests {
    /// A published sample form with `count` answers, and a signed-in browser session of its host.
    static func meetingWithAnswers(_ api: ParticipantAPI, form: [String: Any] = ParticipantAPI.sampleForm(), count: Int)
        async throws -> (PublishedFixture, BrowserSession)
    {
        let fixture = try await api.publish(form)
        for n in 0..<count {
            let reply = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: n % 5 + 1)])
            try #require(reply.status == .created, "\(reply.text)")
        }
        let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
        let session = try #require(try await api.signIn(email: email).1)
        return (fixture, session)
    }

    @Test func theDashboardShowsChartsTilesTheLinkAndItsLiveWiring() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, session) = try await Self.meetingWithAnswers(api, count: 4)
            let id = fixture.meetingID.lowercased()
            let page = try await api.page("/m/\(fixture.meetingID)", cookie: session.cookie)
            #expect(page.status == .ok)
            #expect(page.isHTML)
            #expect(page.headers[.contentSecurityPolicy] == ContentSecurityPolicy.dashboard)
            #expect(ContentSecurityPolicy.dashboard.hasSuffix("; script-src 'self'; connect-src 'self'"))
            let html = page.text
            #expect(html.contains("<script src=\"/assets/dashboard.js?v=\(Assets.dashboardScript.version)\" defer></script>"))
            #expect(html.contains("data-live-url=\"/v1/meetings/\(id)/results/live\""))
            #expect(html.contains("data-panel-url=\"/m/\(id)/panel\""))
            #expect(html.contains("<a class=\"button secondary\" href=\"/m/\(id)\">Refresh</a>"), "a refresh link without script")
            // The Excel download is a plain link the page session opens.
            #expect(html.contains("href=\"/v1/meetings/\(id)/export.xlsx\" download>Download as Excel (.xlsx)</a>"))
            #expect(try await api.page("/v1/meetings/\(id)/export.xlsx", cookie: session.cookie).status == .ok)
            #expect(html.contains("<span class=\"value\">4</span> Responses"))
            // Charts: one per question, the timeline and attendance; the QR code of the link.
            let charts = html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\"").count - 1
            #expect(charts == 5 + 2 + 1, "\(charts) charts")
            #expect(html.contains("http://127.0.0.1:8080/f/\(fixture.code)"))
            #expect(html.contains("QR code of the participant link"))
            #expect(!html.contains("style=\""), "inline styles would break the page's CSP")
        }
    }

    @Test func theChartsSpeakThePagesLanguage() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, session) = try await Self.meetingWithAnswers(api, count: 4)
            let korean = try await api.page("/m/\(fixture.meetingID)", language: "ko-KR,ko;q=0.9", cookie: session.cookie).text
            #expect(korean.contains("<html lang=\"ko\">"))
            for phrase in ["출석과 응답률", "시간대별 응답", "분당 응답 수", "응답자 4명 · 건너뜀 0명", "평점 질문. 응답자 4명"] {
                #expect(korean.contains(phrase), "\(phrase)")
            }
            #expect(korean.contains(">기타</text>"), "the chart's “Other” bar")
            #expect(korean.contains("<th scope=\"row\">기타</th>"), "and the table's “Other” row")
            for english in ["Attendance and response rate", "Responses over time", "respondents", "skipped", "Response rate:", ">Other<", "times in"] {
                #expect(!korean.contains(english), "\(english)")
            }
            let panel = try await api.page("/m/\(fixture.meetingID)/panel", language: "ko", cookie: session.cookie).text
            #expect(panel.contains("출석과 응답률"))

            let english = try await api.page("/m/\(fixture.meetingID)", cookie: session.cookie).text
            for phrase in ["Attendance and response rate", "Responses over time", "4 respondents · 0 skipped", ">Other</text>"] {
                #expect(english.contains(phrase), "\(phrase)")
            }
            #expect(!english.contains("출석과 응답률"))
        }
    }

    @Test func thePanelIsAFragmentOfTheSameResults() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, session) = try await Self.meetingWithAnswers(api, count: 2)
            let panel = try await api.page("/m/\(fixture.meetingID)/panel", cookie: session.cookie)
            #expect(panel.status == .ok)
            #expect(panel.headers[.contentSecurityPolicy] == ContentSecurityPolicy.page)
            #expect(!panel.text.contains("<html"))
            #expect(panel.text.contains("<span class=\"value\">2</span> Responses"))
            #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers()]).status == .created)
            // A host's read may miss a participant's submission for the staleness bound
            // (`--results-staleness`, 100 ms; docs/decisions/0019): the panel shows it after that.
            var later = try await api.page("/m/\(fixture.meetingID)/panel", cookie: session.cookie)
            for _ in 0..<100 where !later.text.contains("<span class=\"value\">3</span> Responses") {
                try await Task.sleep(for: .milliseconds(50))
                later = try await api.page("/m/\(fixture.meetingID)/panel", cookie: session.cookie)
            }
            #expect(later.text.contains("<span class=\"value\">3</span> Responses"))
        }
    }

    @Test func anotherHostsMeetingIsNotFound() async throws {
        try await ParticipantAPI.run { api, _ in
            let (_, session) = try await Self.meetingWithAnswers(api, count: 0)
            let other = try await api.publish()
            for path in ["/m/\(other.meetingID)", "/m/\(other.meetingID)/panel", "/m/\(other.meetingID)/trends", "/m/not-a-uuid"] {
                let reply = try await api.page(path, cookie: session.cookie)
                #expect(reply.status == .notFound, "\(path)")
                #expect(reply.isHTML)
                #expect(reply.text.contains("Meeting not found"))
                #expect(!reply.text.contains("Retro"), "nothing of the other meeting")
            }
            // Signed out, every host page sends the browser to sign in first.
            let signedOut = try await api.page("/m/\(other.meetingID)/trends")
            #expect(signedOut.status == .seeOther)
            #expect(signedOut.headers[.location] == "/signin?next=/m/\(other.meetingID)/trends")
        }
    }

    @Test func hostileQuestionsAndAnswersAreEscapedInChartsAndTables() async throws {
        try await ParticipantAPI.run { api, _ in
            let hostile = "<script>alert(1)</script>"
            var form = ParticipantAPI.sampleForm()
            var questions = try #require(form["questions"] as? [[String: Any]])
            questions[0]["prompt"] = "Useful? \(hostile)"
            questions[1]["options"] = [["id": "roadmap", "label": "<img src=x onerror=alert(1)>"], ["id": "hiring", "label": "Hiring"]]
            form["questions"] = questions
            form["privacyThreshold"] = 1
            let fixture = try await api.publish(form)
            let answers: [[String: Any]] = [
                ["questionKey": "useful", "rating": 4],
                ["questionKey": "topic", "optionIds": ["roadmap"], "otherText": "</svg><script>alert(2)</script>"],
                ["questionKey": "notes", "text": "<b>bold</b> & \"quoted\" <script>"],
            ]
            #expect(try await api.submit(fixture.code, ["answers": answers]).status == .created)
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let html = try await api.page("/m/\(fixture.meetingID)", cookie: session.cookie).text
            #expect(!html.contains("<script>"))
            #expect(!html.contains("<img"))
            #expect(!html.contains("<b>bold"))
            #expect(!html.contains("</svg><script"))
            #expect(html.contains("Useful? &lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    @Test func aMeetingWithoutAPublishedFormSaysSo() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let token = try #require(
                try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let start = Date().addingTimeInterval(86_400)
            let meeting = try await api.send(
                .post, "/v1/meetings", token: token,
                json: ["title": "Planning", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let id = try #require(meeting.string("id"))
            let session = try #require(try await api.signIn(email: email).1)
            let page = try await api.page("/m/\(id)", cookie: session.cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains("This meeting has no published form yet."))
            #expect(!page.text.contains("class=\"join\""))
        }
    }

    @Test func trendsShowEverySessionOfTheSeries() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, session) = try await Self.meetingWithAnswers(api, count: 3)
            let start = Date().addingTimeInterval(86_400 * 400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let nextID = try #require(next.string("id"), "\(next.text)")
            let published = try await api.send(.post, "/v1/meetings/\(nextID)/form/publish", token: fixture.hostToken)
            let code = try #require(published.string("code"), "\(published.text)")
            #expect(try await api.submit(code, ["answers": ParticipantAPI.answers(rating: 5)]).status == .created)
            let trends = try await api.page("/m/\(nextID)/trends", language: "ko", cookie: session.cookie)
            #expect(trends.status == .ok)
            let html = trends.text
            #expect(html.contains("<html lang=\"ko\">"))
            #expect(html.contains("<strong>2회차</strong>"), "the current session stands out")
            #expect(html.contains("<th scope=\"row\">1회차</th>"))
            #expect(html.contains("<h2 id=\"trend-useful\">How useful?</h2>"))
            // Session 1's mean of 1, 2 and 3; session 2's single answer is withheld (anonymous, under 3).
            #expect(html.contains("<th scope=\"row\">1회차</th><td class=\"number\">3</td><td>2</td>"))
            #expect(html.contains("<th scope=\"row\">2회차</th><td class=\"number\">1</td><td>–</td>"))
        }
    }
}
