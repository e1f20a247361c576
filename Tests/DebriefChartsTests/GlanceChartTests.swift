import Debrief
@testable import DebriefCharts
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Issue 48, "the dashboard at a glance": the charts' own defects — a title cut at the chart's
/// edge, a title drawn twice on a page, tied trend lines hiding each other, an NPS question's
/// trend drawn as its mean.
@Suite("Charts: the dashboard at a glance")
struct GlanceChartTests {
    /// The widest bold title measured against ``TextMetrics``'s estimate: DejaVu Sans Bold, the
    /// sans-serif a Linux browser falls back to, drew chart titles 13.3–15.3 % wider.
    static let measuredBold = 1.153

    @Test("A long title wraps to lines a bold font really fits, and nothing of it is cut")
    func longTitleWraps() throws {
        let prompt = "What should we spend more time on next week?"
        let result = Fixtures.result(Fixtures.choice(prompt: prompt), respondents: 4, options: ["roadmap": 3, "hiring": 1])
        let style = ChartStyle(width: 720)
        let svg = try ParsedSVG(ChartSVG.question(result, style: style))
        let lines = svg.texts(class: "title")
        #expect(lines.joined(separator: " ") == prompt, "\(lines)")
        let contentWidth = Double(style.width) - 2 * ChartCanvas.padding
        for line in lines {
            let drawn = TextMetrics.width(of: line, fontSize: ChartCanvas.titleSize) * Self.measuredBold
            #expect(drawn <= contentWidth, "\"\(line)\" is drawn \(drawn) units wide in \(contentWidth)")
        }
    }

    @Test("A page that heads the chart itself gets no second title in the chart, and the name stays")
    func titleOnce() throws {
        let result = Fixtures.result(Fixtures.choice(prompt: "Best topic?"), respondents: 4, options: ["roadmap": 3, "hiring": 1])
        let svg = try ParsedSVG(ChartSVG.question(result, style: ChartStyle(width: 720, drawsTitle: false)))
        #expect(svg.texts(class: "title").isEmpty)
        #expect(svg.title == "Best topic?")
        let drawn = try ParsedSVG(ChartSVG.question(result, style: ChartStyle(width: 720)))
        #expect(drawn.texts(class: "title") == ["Best topic?"])
        // The chart is shorter by the title it no longer draws.
        #expect((svg.rootAttribute("height").flatMap(Double.init) ?? 0) < (drawn.rootAttribute("height").flatMap(Double.init) ?? 0))
    }

    /// The centre of a point marker: a circle's `cx`/`cy`, a path's corners' middle.
    static func centre(_ element: XMLElement) -> (x: Double, y: Double)? {
        if let x = element.number("cx"), let y = element.number("cy") { return (x, y) }
        guard let d = element.attribute("d") else { return nil }
        let numbers = d.split(whereSeparator: { "MLZ ".contains($0) }).compactMap { Double($0) }
        let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return ((minX + maxX) / 2, (minY + maxY) / 2)
    }

    @Test("Tied trend lines stay apart: no point covers another, each its own shape, the legend gives the values")
    func tiedLines() throws {
        let options = [("a", "Roadmap"), ("b", "Hiring"), ("c", "Budget"), ("d", "Customer interviews")]
        let question = Fixtures.choice(options: options.map { (id: $0.0, label: $0.1) }, allowsOther: false)
        var counts = QuestionCounts()
        // Three options tie in both sessions (1 of 4 each); the fourth is alone.
        counts.optionCounts = ["a": 1, "b": 1, "c": 1, "d": 0]
        counts.respondents = 4
        let sessions = (1...2).map { number in
            SessionCounts(
                sessionNumber: number, meetingID: UUID(), startsAt: Fixtures.start.addingTimeInterval(Double(number) * 604_800),
                form: FormDefinition(title: "Retro", questions: [question]), responses: 4, checkedIn: 0,
                questions: [question.key.rawValue: counts])
        }
        let trend = try #require(TrendBuilder.trends(sessions).first)
        let svg = try ParsedSVG(ChartSVG.trend(trend, style: ChartStyle(width: 720)))
        let points = svg.elements(class: "point")
        #expect(points.count == 8)
        let centres = points.compactMap(Self.centre)
        try #require(centres.count == 8)
        for (index, centre) in centres.enumerated() {
            for other in centres[(index + 1)...] {
                let apart = ((centre.x - other.x) * (centre.x - other.x) + (centre.y - other.y) * (centre.y - other.y)).squareRoot()
                #expect(apart >= 2 * PointMarker.radius, "two points \(apart) apart: \(centre), \(other)")
            }
        }
        // The tied lines' shapes differ: a circle, a square, a triangle.
        #expect(Set(points.prefix(6).map { $0.localName ?? $0.name ?? "" }) == ["circle", "path"])
        #expect(Set(points.compactMap { $0.attribute("d")?.split(separator: "L").count }).count == 2, "squares and triangles")
        #expect(svg.texts(class: "legend") == ["Roadmap", "Hiring", "Budget", "Customer interviews"])
        #expect(svg.texts(class: "legend-value") == ["25%", "25%", "25%", "0%"])
        // Each line its own dash, so a line drawn over its twin lets it show.
        let dashes = svg.elements(class: "line").compactMap { $0.attribute("stroke-dasharray") }
        #expect(Set(dashes).count == 4, "\(dashes)")
    }

    @Test("An NPS question's trend is its NPS per session, on a −100 to 100 axis")
    func npsTrend() throws {
        let question = Fixtures.rating(prompt: "Would you recommend this meeting?", min: 0, max: 10)
        // Session 1: 2 promoters, 1 passive, 1 detractor (NPS 25, mean 7.75); session 2: 4 detractors (NPS −100).
        let sessions = [
            Fixtures.session(1, question, ratings: [10: 1, 9: 1, 8: 1, 5: 1], responses: 4),
            Fixtures.session(2, question, ratings: [6: 2, 4: 2], responses: 4),
        ]
        let trend = try #require(TrendBuilder.trends(sessions).first)
        let svg = try ParsedSVG(ChartSVG.trend(trend))
        #expect(svg.texts(class: "subtitle").first?.hasPrefix("Net Promoter Score per session") == true)
        #expect(svg.texts(class: "tick") == ["-100", "-50", "0", "50", "100"])
        let desc = try #require(svg.desc)
        #expect(desc.contains("Session 1: 25.") && desc.contains("Session 2: -100."), "\(desc)")
        // A rating on another scale keeps its mean.
        let plain = Fixtures.rating(prompt: "How useful?", min: 1, max: 5)
        let meanTrend = try #require(TrendBuilder.trends([
            Fixtures.session(1, plain, ratings: [4: 4], responses: 4), Fixtures.session(2, plain, ratings: [5: 4], responses: 4),
        ]).first)
        #expect(try ParsedSVG(ChartSVG.trend(meanTrend)).texts(class: "subtitle").first?.hasPrefix("Mean rating per session") == true)
    }
}

extension GlanceChartTests {
    @Test("Attendance says how many responses the rate of those checked in leaves out")
    func attendanceUnlinkedResponses() throws {
        let figures = AttendanceFigures(responses: 8, checkedIn: 1, checkedInResponded: 1, expectedHeadCount: nil)
        let svg = try ParsedSVG(ChartSVG.attendance(figures, style: ChartStyle(width: 720)))
        #expect(svg.texts(class: "subtitle") == ["Response rate: 100% of those checked in", "7 responses without a check-in, not in that rate"])
        let tied = try ParsedSVG(ChartSVG.attendance(AttendanceFigures(responses: 1, checkedIn: 1, checkedInResponded: 1, expectedHeadCount: nil)))
        #expect(tied.texts(class: "subtitle") == ["Response rate: 100% of those checked in"])
    }
}
