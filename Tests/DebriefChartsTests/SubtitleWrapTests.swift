import Debrief
@testable import DebriefCharts
import Foundation
import Testing

/// Subtitles carry the numbers (rates, counts, the mean): too long for the width, they take
/// another line rather than lose their end.
@Suite("Subtitles wrap instead of being cut")
struct SubtitleWrapTests {
    /// 100 % of those checked in, 60 % of those expected: the dashboard's longest subtitle (every
    /// response tied to a check-in, so no line about the others, GlanceChartTests).
    static let figures = AttendanceFigures(responses: 60, checkedIn: 60, checkedInResponded: 60, expectedHeadCount: 100)

    func height(_ svg: ParsedSVG) -> Double { svg.rootAttribute("height").flatMap(Double.init) ?? 0 }

    @Test("At the dashboard's 720 units the attendance rates take two lines and the chart grows by one")
    func attendanceAt720() throws {
        let narrow = try ParsedSVG(ChartSVG.attendance(Self.figures, style: ChartStyle(width: 720)))
        #expect(narrow.texts(class: "subtitle") == ["Response rate: 100% of those checked in", "60% of those expected"])
        #expect(!narrow.markup.contains("…"))
        #expect(narrow.elements(class: "subtitle").allSatisfy { $0.children?.count == 1 }, "no tooltip: nothing was cut")
        let lines = narrow.elements(class: "subtitle").compactMap { $0.number("y") }
        try #require(lines.count == 2)
        #expect(lines[1] - lines[0] == ChartCanvas.subtitleSize + 4)

        let wide = try ParsedSVG(ChartSVG.attendance(Self.figures, style: ChartStyle(width: 1600)))
        #expect(wide.texts(class: "subtitle") == ["Response rate: 100% of those checked in · 60% of those expected"])
        #expect(self.height(narrow) == self.height(wide) + ChartCanvas.subtitleSize + 4)
        // Everything under the subtitle moved down by the added line.
        let narrowBars = narrow.elements(class: "track").compactMap { $0.number("y") }
        let wideBars = wide.elements(class: "track").compactMap { $0.number("y") }
        #expect(zip(narrowBars, wideBars).allSatisfy { $0 - $1 == ChartCanvas.subtitleSize + 4 })
    }

    /// Subtitles of every chart that has a long one, as drawn and as written.
    static func subtitles(_ style: ChartStyle) throws -> [(drawn: [String], written: [String])] {
        let rating = Fixtures.result(Fixtures.rating(), respondents: 1234, ratings: [7: 600, 8: 634], responses: 1300)
        let choice = Fixtures.result(Fixtures.choice(allowsMultiple: true), respondents: 5, options: ["roadmap": 5])
        let words = Fixtures.result(Fixtures.shortAnswer(), respondents: 300, texts: Array(repeating: "roadmap demo", count: 300))
        let series = Timeline.series(from: Fixtures.start, to: Fixtures.start.addingTimeInterval(600), perMinute: [(Fixtures.start, 1000)])
        let text = style.strings
        let written: [[String]] = [
            QuestionChart.subtitle(rating, text), QuestionChart.subtitle(choice, text), QuestionChart.subtitle(words, text),
            [text.responseRate([text.rateOfCheckedIn("100%"), text.rateOfExpected("60%")])],
            [[text.responses(1000), text.timelineUnit(series.unit), text.date(year: 2026, month: 12, day: 1), text.timesIn("Europe/Berlin")]
                .joined(separator: ChartStrings.separator)],
        ]
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let drawn = try [
            ChartSVG.question(rating, style: style), ChartSVG.question(choice, style: style), ChartSVG.question(words, style: style),
            ChartSVG.attendance(Self.figures, style: style),
            ChartSVG.timeline(series, style: ChartStyle(theme: style.theme, width: style.width, timeZone: zone, language: style.language)),
        ].map { try ParsedSVG($0).texts(class: "subtitle") }
        return Array(zip(drawn, written))
    }

    @Test("In both languages and at every width, subtitle lines fit and together say all of it", arguments: [
        Language.en, .ko,
    ], [320, 480, 720, 960])
    func everySubtitleFits(language: Language, width: Int) throws {
        let style = ChartStyle(width: width, language: language)
        let contentWidth = Double(width) - 2 * ChartCanvas.padding
        for (drawn, written) in try Self.subtitles(style) {
            #expect(drawn.allSatisfy { TextMetrics.width(of: $0, fontSize: ChartCanvas.subtitleSize) <= contentWidth }, "\(drawn)")
            #expect(!drawn.joined().contains("…"), "\(drawn)")
            // Lines break between the parts (dropping the separator) or, inside a part, at spaces.
            let squeezed = { (lines: [String]) in lines.joined(separator: " ").replacingOccurrences(of: " · ", with: " ") }
            #expect(squeezed(drawn) == squeezed(written), "\(drawn) vs \(written)")
        }
    }

    @Test("Parts stay whole on a line when they fit; a part longer than a line breaks at its spaces")
    func wrappingBetweenParts() {
        let lines = TextMetrics.wrap(
            "응답자 1234명 · 건너뜀 66명 · 평균 7.5 · 중앙값 8", fontSize: 20, maxWidth: 220, maxLines: 3, keepingPartsBetween: " · ")
        #expect(lines == ["응답자 1234명", "건너뜀 66명 · 평균 7.5", "중앙값 8"])
        let long = TextMetrics.wrap(
            "short · a part much too long for one line of its own · end", fontSize: 20, maxWidth: 200, maxLines: 5,
            keepingPartsBetween: " · ")
        #expect(long.allSatisfy { TextMetrics.width(of: $0, fontSize: 20) <= 200 })
        #expect(long.first == "short")
        #expect(long.last?.hasSuffix("end") == true)
        #expect(!long.joined().contains("…"))
        let cut = TextMetrics.wrap(String(repeating: "word · ", count: 40), fontSize: 20, maxWidth: 200, maxLines: 2, keepingPartsBetween: " · ")
        #expect(cut.count == 2)
        #expect(TextMetrics.isCut(cut, from: String(repeating: "word · ", count: 40)))
    }
}
