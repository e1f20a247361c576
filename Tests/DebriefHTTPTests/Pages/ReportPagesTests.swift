@testable import DebriefApp
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 71 goal 5, a report to hand on (docs/decisions/0104-a-report-to-print.md): a session's
/// report and its series' report, on A4 or Letter, with the numbers tables open; the numbers are
/// the dashboard's and the trends page's, for whoever may see the meeting. Printed to PDF and read
/// back in Tests/e2e/test_report_pdf.py.
@Suite("Pages: the reports to print")
struct ReportPagesTests {
    static func host(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws -> String {
        let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
        return try #require(try await api.signIn(email: email).1).cookie
    }

    @Test func theSessionReportCarriesEveryChartStatisticAndTableOnTheChosenPaper() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(ParticipantAPI.sampleForm().merging(["privacyThreshold": 2]) { $1 })
            for rating in [2, 4, 5] {
                #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: rating)]).status == .created)
            }
            let cookie = try await Self.host(api, fixture)
            let path = "/m/\(fixture.meetingID)/report"
            let report = try await api.page(path, cookie: cookie)
            #expect(report.status == .ok && report.isHTML)
            let html = report.text
            #expect(html.contains("<article class=\"report paper-a4\">"), "A4 without a choice")
            #expect(html.contains("<h1>Report: Retro 회고</h1>"))
            #expect(html.contains("<span class=\"value\">3</span> Responses"), "the dashboard's tiles")
            #expect(html.contains("<details id=\"numbers-useful\" open>"), "the numbers tables start open")
            #expect(html.contains("<strong>3.7</strong>"), "the mean of 2, 4 and 5: \(html)")
            #expect(html.components(separatedBy: "<svg").count - 1 >= 5, "charts as SVG")
            #expect(html.contains("<a href=\"\(path)?paper=letter\">Letter</a>"))
            let letter = try await api.page(path + "?paper=letter", cookie: cookie)
            #expect(letter.status == .ok && letter.text.contains("<article class=\"report paper-letter\">"))
            let bad = try await api.page(path + "?paper=LETTER", cookie: cookie)
            #expect(bad.status == .badRequest && bad.text.contains("paper"), "\(bad.text)")
            // The dashboard links to it.
            #expect(try await api.page("/m/\(fixture.meetingID)", cookie: cookie).text.contains("href=\"\(path)\" id=\"report-link\""))
            // Korean words with a Korean browser.
            let korean = try await api.page(path, language: "ko", cookie: cookie)
            #expect(korean.text.contains("<h1>보고서: Retro 회고</h1>") && korean.text.contains("용지:"))
        }
    }

    @Test func theSeriesReportCarriesTheTrendsAndOnlyTheirMeetingsHostsSeeEither() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let cookie = try await Self.host(api, fixture)
            let series = try await api.page("/m/\(fixture.meetingID)/trends/report?paper=letter", cookie: cookie)
            #expect(series.status == .ok)
            #expect(series.text.contains("<h1>Series report: Retro 회고</h1>") && series.text.contains("paper-letter"))
            #expect(series.text.contains("<svg"), "the sessions chart")
            #expect(try await api.page("/m/\(fixture.meetingID)/trends", cookie: cookie).text.contains("id=\"series-report-link\""))

            let other = try await api.publish()
            let stranger = try await Self.host(api, other)
            for path in ["/m/\(fixture.meetingID)/report", "/m/\(fixture.meetingID)/trends/report"] {
                #expect(try await api.page(path, cookie: stranger).status == .notFound, "\(path): another host's meeting")
                let signedOut = try await api.page(path)
                #expect(signedOut.status == .seeOther, "\(path): signed out")
            }
        }
    }
}
