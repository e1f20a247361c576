@testable import DebriefWeb
import Debrief
import Foundation
import Testing

/// Issue 48, "the dashboard at a glance": the live panel as the host reads it — each chart under
/// one heading, the meeting's numbers in their own section, rates and languages said with their
/// counts. Rendered from a report built as the service builds it, through the real templates.
@Suite("Pages: the dashboard at a glance")
struct DashboardGlanceTests {
    static let prompt = "What should we spend more time on next week?"

    /// 8 responses (5 in English, 3 in Korean, or `korean`), 1 check-in who answered.
    static func report(korean: Int = 3) -> ResultsReport {
        let opened = Date(timeIntervalSince1970: 1_796_112_000)
        let question = Question(
            key: QuestionKey(rawValue: "topic")!, prompt: Self.prompt,
            body: .choice(ChoiceSpec(options: [ChoiceOption(id: "roadmap", label: "Roadmap"), ChoiceOption(id: "hiring", label: "Hiring")])))
        let form = FormDefinition(title: "Weekly sync", anonymous: true, privacyThreshold: 3, questions: [question])
        let responses = 5 + korean
        var topic = QuestionCounts()
        topic.respondents = responses
        topic.optionCounts = ["roadmap": responses - 2, "hiring": 2]
        let meeting = Meeting(
            id: UUID(), seriesID: UUID(), hostID: UUID(), sessionNumber: 1, title: "Weekly sync", startsAt: opened,
            endsAt: opened.addingTimeInterval(3600), place: nil, expectedHeadCount: nil, createdAt: opened, updatedAt: opened, role: .owner)
        let stored = StoredForm(
            id: UUID(), meetingID: meeting.id, version: 1, definition: form, code: "WEEKLY", publishedAt: opened, closedAt: nil,
            closesAt: nil, createdAt: opened, updatedAt: opened)
        var counts = ResultsCounts(
            meeting: meeting, form: stored, responses: responses, allResponses: responses, checkIns: 1, firstResponseAt: opened,
            lastResponseAt: opened.addingTimeInterval(60), times: ResponseTimes(times: [opened]), questions: ["topic": topic])
        counts.checkedInResponded = 1
        counts.languages = ["en": 5, "ko": korean]
        return ResultsReport(counts, filter: ResultsFilter(), now: opened.addingTimeInterval(120))
    }

    static func panelHTML(_ report: ResultsReport, language: Language = .en) throws -> String {
        let panel = DashboardPanel(report: report, language: language, zone: nil)
        return try PageWriter(language: language).fragmentHTML("dashboard-panel", view: panel)
    }

    /// The markup between `start` and the next `end` after it.
    static func part(_ html: String, from start: String, to end: String) -> String {
        guard let range = html.range(of: start) else { return "" }
        let rest = html[range.lowerBound...]
        return String(rest[..<(rest.range(of: end)?.upperBound ?? rest.endIndex)])
    }

    @Test("Each chart's title is shown once, as the page's heading, which wraps rather than being cut")
    func titlesOnce() throws {
        let html = try Self.panelHTML(Self.report())
        #expect(html.contains("<h3 id=\"result-topic\">\(Self.prompt)</h3>"), "the prompt is a visible heading")
        #expect(!html.contains("class=\"visually-hidden\">\(Self.prompt)"))
        // No chart on the panel draws its title a second time.
        #expect(!html.contains("class=\"title\""))
    }

    @Test("Responses per minute and attendance have their own section, apart from the questions")
    func overviewSection() throws {
        let html = try Self.panelHTML(Self.report())
        let overview = Self.part(html, from: "<section class=\"overview\"", to: "</div>\n</section>")
        #expect(overview.contains("<h2 id=\"overview-heading\">Responses and attendance</h2>"), "\(overview.prefix(300))")
        #expect(overview.contains("id=\"timeline-heading\">Responses per minute</h3>"))
        #expect(overview.contains("id=\"attendance-heading\">Attendance</h3>"))
        #expect(!overview.contains("result-topic"))
        let answers = Self.part(html, from: "<section class=\"answers\"", to: "</section>")
        #expect(answers.contains("<h2 id=\"questions-heading\">Answers by question</h2>"), "\(answers.prefix(300))")
        #expect(answers.contains("id=\"result-topic\""))
    }

    @Test("The rate of those checked in says its numbers and the responses it leaves out")
    func checkedInRate() throws {
        let html = try Self.panelHTML(Self.report())
        #expect(html.contains(
            "<li><span class=\"value\">100%</span> of the 1 checked in answered (1 of 1) <small>(7 of the 8 responses came without a check-in, so this rate does not count them)</small></li>"),
            "\(Self.part(html, from: "<ul class=\"tiles\">", to: "</ul>"))")
        #expect(!html.contains("of the people checked in answered"))
    }

    @Test("Responses by language are counts per language; a withheld split says so, never a count of languages")
    func languages() throws {
        let html = try Self.panelHTML(Self.report())
        let tiles = Self.part(html, from: "<ul class=\"tiles\">", to: "</ul>")
        #expect(tiles.contains("<li><span class=\"value\">5</span> answered in English</li>"), "\(tiles)")
        #expect(tiles.contains("<li><span class=\"value\">3</span> answered in 한국어</li>"), "\(tiles)")
        #expect(!tiles.contains("<span class=\"value\">2</span>"), "\(tiles)")

        // One Korean response: fewer than k in a language, so Disclosure withholds the split.
        let withheld = Self.part(try Self.panelHTML(Self.report(korean: 1)), from: "<ul class=\"tiles\">", to: "</ul>")
        #expect(withheld.contains(
            "<li><span class=\"value\">–</span> Responses by language <small>(hidden while a language has fewer than 3 responses: English · 한국어)</small></li>"),
            "\(withheld)")
        #expect(!withheld.contains("answered in"))
    }
}
