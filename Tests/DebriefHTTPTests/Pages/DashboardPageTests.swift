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
            #expect(page.headers[.contentSecurityPolicy] == ContentSecurityPolicy.dashboard + "; frame-ancestors 'none'")
            #expect(ContentSecurityPolicy.dashboard.hasSuffix("; script-src 'self'; connect-src 'self'"))
            let html = page.text
            #expect(html.contains("<script src=\"/assets/dashboard.js?v=\(Assets.dashboardScript.version)\" defer></script>"))
            #expect(html.contains("data-live-url=\"/v1/meetings/\(id)/results/live?view=counts\""), "the dashboard listens to the compact counts")
            #expect(html.contains("data-panel-url=\"/m/\(id)/panel\""))
            #expect(html.contains("<a class=\"button secondary\" href=\"/m/\(id)\">Refresh</a>"), "a refresh link without script")
            // The Excel download is a plain link the page session opens.
            #expect(html.contains("href=\"/v1/meetings/\(id)/export.xlsx\" download>Download as Excel (.xlsx)</a>"))
            #expect(try await api.page("/v1/meetings/\(id)/export.xlsx", cookie: session.cookie).status == .ok)
            #expect(html.contains("<span class=\"value\">4</span> Responses"))
            // Charts: one per question, the timeline and attendance; the QR codes of the session's
            // link and of the series' link.
            let charts = html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\"").count - 1
            #expect(charts == 5 + 2 + 2, "\(charts) charts")
            #expect(html.contains("http://127.0.0.1:8080/f/\(fixture.code)"))
            #expect(html.contains("QR code of the participant link"))
            #expect(!html.contains("style=\""), "inline styles would break the page's CSP")
        }
    }

    /// The series' stable link and its QR code beside the session's (issue 32 item 16); the
    /// "phones cannot open this QR code" banner once, on this page; on the home page once too,
    /// beside the nearest meeting's QR code (issue 68 goal 7), as it goes beside every QR code.
    @Test func theDashboardShowsTheSeriesLinkAndTheLoopbackBannerOnce() async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.publicURLHint = "http://192.168.1.20:8080"
        try await ParticipantAPI.run(configuration: configuration) { api, _ in
            let (fixture, session) = try await Self.meetingWithAnswers(api, count: 1)
            let seriesCode = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).string("seriesCode"))
            let html = try await api.page("/m/\(fixture.meetingID)", cookie: session.cookie).text
            #expect(html.contains("<a href=\"http://127.0.0.1:8080/f/\(seriesCode)\">http://127.0.0.1:8080/f/\(seriesCode)</a>"), "\(html.prefix(3000))")
            #expect(html.contains("<strong id=\"series-code\">\(seriesCode)</strong>"))
            #expect(html.contains("QR code of the series link") && html.contains("QR code of the participant link"))
            #expect(html.contains("always open the current session"))
            #expect(html.components(separatedBy: "Phones cannot open this QR code").count - 1 == 1, "the banner once, beside the codes")
            let list = try await api.page("/m", cookie: session.cookie)
            #expect(list.status == .ok && list.text.contains("QR code of the participant link"), "the nearest meeting's QR code")
            #expect(list.text.components(separatedBy: "Phones cannot open this QR code").count - 1 == 1, "once, beside it")
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
            // The same report's panel, kept once rendered (``DashboardPanelCache``), in the
            // language each fetch asks for.
            let englishPanel = try await api.page("/m/\(fixture.meetingID)/panel", cookie: session.cookie).text
            #expect(englishPanel.contains("Attendance and response rate") && !englishPanel.contains("출석과 응답률"))
            #expect(try await api.page("/m/\(fixture.meetingID)/panel", language: "ko", cookie: session.cookie).text == panel)

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
            #expect(panel.headers[.contentSecurityPolicy] == ContentSecurityPolicy.page + "; frame-ancestors 'none'")
            #expect(!panel.text.contains("<html"))
            #expect(panel.text.contains("<span class=\"value\">2</span> Responses"))
            #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers()]).status == .created)
            // A host's read may miss a participant's submission for the staleness bound
            // (`--results-staleness`, 100 ms; docs/decisions/0019): the panel shows it after that.
            var later = try await api.page("/m/\(fixture.meetingID)/panel", cookie: session.cookie)
            for _ in 0..<2_400 where !later.text.contains("<span class=\"value\">3</span> Responses") {
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
            #expect(html.contains("<th scope=\"row\">2회차</th><td class=\"number\">1</td><td>숨김: 3명 미만</td>"))
        }
    }
    /// Issue 32 item 7: option shares were comma-joined text in an order that changed between
    /// rows, and a withheld session showed nothing. Now one column per option in the latest
    /// session's order, a withheld session said across its row and marked on the chart.
    @Test func trendsTabulateSharesPerOptionAndSayWhenASessionIsWithheld() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, session) = try await Self.meetingWithAnswers(api, count: 4)
            let start = Date().addingTimeInterval(86_400 * 400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let nextID = try #require(next.string("id"), "\(next.text)")
            let code = try #require(try await api.send(.post, "/v1/meetings/\(nextID)/form/publish", token: fixture.hostToken).string("code"))
            #expect(try await api.submit(code, ["answers": ParticipantAPI.answers(rating: 5, topics: ["budget"])]).status == .created)

            let html = try await api.page("/m/\(nextID)/trends", cookie: session.cookie).text
            let topic = try #require(html.components(separatedBy: "id=\"trend-topic\"").dropFirst().first?.components(separatedBy: "</section>").first)
            #expect(topic.contains(
                "<th scope=\"col\">Session</th><th scope=\"col\" class=\"number\">Roadmap</th><th scope=\"col\" class=\"number\">Hiring</th>"
                    + "<th scope=\"col\" class=\"number\">Budget</th><th scope=\"col\" class=\"number\">Other</th>"), "\(topic)")
            // Every sample answer picks roadmap and hiring.
            #expect(topic.contains(
                "<th scope=\"row\">Session 1</th><td class=\"number\">100%</td><td class=\"number\">100%</td><td class=\"number\">0%</td><td class=\"number\">0%</td>"))
            #expect(topic.contains("<th scope=\"row\">Session 2</th><td class=\"withheld\" colspan=\"4\">withheld: fewer than 3</td>"))
            #expect(topic.contains("class=\"withheld\"") && topic.contains(">withheld: fewer than 3</text>"), "the chart marks it")
            #expect(!topic.contains("<td>Roadmap 100%"), "no comma-joined shares in a cell")

            let series = try #require(try await api.send(.get, "/v1/meetings/\(nextID)", token: fixture.hostToken).string("seriesId"))
            let trends = try await api.send(.get, "/v1/series/\(series)/trends", token: fixture.hostToken)
            let trend = try #require((trends.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "topic" })
            #expect((trend["categories"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["roadmap", "hiring", "budget", "other"])
            let withheld = try #require((trend["points"] as? [[String: Any]])?.last)
            #expect(withheld["withheld"] as? Bool == true && withheld["optionShares"] == nil && withheld["withheldBelow"] as? Int == 3)
        }
    }

    /// Issue 32 item 8: the dashboard showed word counts only. It quotes the newest answers too,
    /// but not a withheld question's.
    @Test func theDashboardQuotesTheNewestShortAnswersUnlessWithheld() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(ParticipantAPI.sampleForm())
            for (n, note) in ["First thought", "line one\nline two", "Third <b>thought</b>"].enumerated() {
                let reply = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: n + 1, notes: note)])
                try #require(reply.status == .created, "\(reply.text)")
            }
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let panel = try await api.page("/m/\(fixture.meetingID)/panel", cookie: session.cookie).text
            #expect(panel.contains(
                "<h3 class=\"muted\">Newest answers</h3>\n<ul class=\"newest-answers\"><li>Third &lt;b&gt;thought&lt;/b&gt;</li><li>line one\nline two</li><li>First thought</li></ul>"),
                "\(panel)")
            // "line" is one respondent's word, counted once.
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let notes = try #require((results.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "notes" })
            let rows = (notes["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
            #expect(rows.first { $0["category"] as? String == "line" }?["count"] as? Int == 1, "\(rows)")
            #expect(notes["newestAnswers"] as? [String] == ["Third <b>thought</b>", "line one\nline two", "First thought"])

            // Two answers under k = 3: withheld, and not quoted.
            let small = try await api.publish(ParticipantAPI.sampleForm())
            for n in 0..<2 {
                #expect(try await api.submit(small.code, ["answers": ParticipantAPI.answers(rating: n + 1, notes: "Secretzq \(n)")]).status == .created)
            }
            let smallEmail = try #require(try await api.send(.get, "/v1/me", token: small.hostToken).string("email"))
            let smallSession = try #require(try await api.signIn(email: smallEmail).1)
            let hidden = try await api.page("/m/\(small.meetingID)/panel", cookie: smallSession.cookie).text
            #expect(!hidden.contains("Secretzq") && !hidden.contains("Newest answers"))
        }
    }
}
