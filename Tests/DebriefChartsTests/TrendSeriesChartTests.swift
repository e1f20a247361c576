import Debrief
import DebriefCharts
import Foundation
import Testing

/// Issue 32 item 7: trends of choices and grids chart what hosts track — a line per option or
/// statement in one stable order — and mark a withheld session rather than leaving a gap.
@Suite("Charts: trends of choices and grids")
struct TrendSeriesChartTests {
    static func session(_ number: Int, _ question: Question, respondents: Int, counts: QuestionCounts) -> SessionCounts {
        var counts = counts
        counts.respondents = respondents
        return SessionCounts(
            sessionNumber: number, meetingID: UUID(), startsAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 604_800),
            form: FormDefinition(title: "Retro", questions: [question]), responses: respondents, checkedIn: 0,
            questions: [question.key.rawValue: counts])
    }

    static func choice(_ options: [(String, String)]) -> Question {
        Fixtures.choice(options: options.map { (id: $0.0, label: $0.1) }, allowsOther: false)
    }

    @Test("A choice is a line per option in the latest session's order; a withheld session is marked")
    func choiceShares() throws {
        var first = QuestionCounts()
        first.optionCounts = ["roadmap": 3, "hiring": 1]
        var second = QuestionCounts()
        second.optionCounts = ["hiring": 3, "roadmap": 1, "budget": 0]
        var third = QuestionCounts()
        third.optionCounts = ["budget": 1]
        // The options were reordered (and one added) in session 2; session 3 had one answer (k = 3).
        let sessions = [
            Self.session(1, Self.choice([("roadmap", "Roadmap"), ("hiring", "Hiring")]), respondents: 4, counts: first),
            Self.session(2, Self.choice([("budget", "Budget"), ("hiring", "Hiring"), ("roadmap", "Roadmap")]), respondents: 4, counts: second),
            Self.session(3, Self.choice([("budget", "Budget"), ("hiring", "Hiring"), ("roadmap", "Roadmap")]), respondents: 1, counts: third),
        ]
        let trend = try #require(TrendBuilder.trends(sessions).first)
        #expect(trend.categories?.map(\.id) == ["budget", "hiring", "roadmap"])
        #expect(trend.points[2].withheld && trend.points[2].optionShares == nil && trend.points[2].withheldBelow == 3)
        let svg = try ParsedSVG(ChartSVG.trend(trend))
        #expect(svg.texts(class: "legend") == ["Budget", "Hiring", "Roadmap"])
        #expect(svg.elements(class: "line").count == 3)
        #expect(svg.texts(class: "withheld") == ["withheld: fewer than 3"])
        let desc = try #require(svg.desc)
        #expect(desc.contains("Session 1: Hiring 25%, Roadmap 75%."), "\(desc)")
        #expect(desc.contains("Session 2: Budget 0%, Hiring 75%, Roadmap 25%."), "\(desc)")
        #expect(desc.contains("Session 3: withheld: fewer than 3."), "\(desc)")
    }

    @Test("A grid is a line per statement with its intervals; a withheld statement is marked, not dropped silently")
    func gridMeans() throws {
        let grid = Question(
            key: Fixtures.key("team"), prompt: "The team",
            body: .grid(GridSpec(statements: [GridStatement(key: "heard", label: "Everyone was heard"), GridStatement(key: "clear", label: "Clear goals")],
                                 scale: RatingSpec(min: 1, max: 5))))
        var first = QuestionCounts()
        first.statementCounts = ["heard": [4: 2, 5: 2], "clear": [2: 2, 3: 2]]
        var second = QuestionCounts()
        second.statementCounts = ["heard": [3: 2, 4: 2], "clear": [5: 1]]
        let trend = try #require(TrendBuilder.trends([
            Self.session(1, grid, respondents: 4, counts: first), Self.session(2, grid, respondents: 4, counts: second),
        ]).first)
        #expect(trend.categories?.map(\.id) == ["heard", "clear"])
        #expect(trend.points[1].withheldStatements == ["clear"] && trend.points[1].statementMeans?["clear"] == nil)
        #expect(trend.points[1].statementIntervals?["clear"] == nil && trend.points[0].statementIntervals?["clear"] != nil)
        let svg = try ParsedSVG(ChartSVG.trend(trend))
        #expect(svg.texts(class: "legend") == ["Everyone was heard", "Clear goals"])
        #expect(svg.elements(class: "interval").count == 3)
        #expect(svg.texts(class: "withheld") == ["Clear goals withheld: fewer than 3"])
        let desc = try #require(svg.desc)
        #expect(desc.contains("Session 2: Everyone was heard 3.5, Clear goals withheld: fewer than 3."), "\(desc)")
    }
}
