@testable import DebriefCharts
import Testing

@Suite("Chart style and layout helpers")
struct ChartStyleTests {
    @Test("The width sets the viewBox and the size; widths outside the range are clamped")
    func width() throws {
        let result = Fixtures.result(Fixtures.rating(), respondents: 3, ratings: [4: 3])
        let wide = try ParsedSVG(ChartSVG.question(result, style: ChartStyle(width: 1600)))
        #expect(wide.rootAttribute("width") == "1600")
        #expect(wide.rootAttribute("viewBox")?.hasPrefix("0 0 1600 ") == true)
        #expect(ChartStyle(width: 10).width == ChartStyle.widthRange.lowerBound)
        #expect(ChartStyle(width: 100_000).width == ChartStyle.widthRange.upperBound)
    }

    @Test("The dark theme draws light text on a dark background")
    func darkTheme() throws {
        let result = Fixtures.result(Fixtures.rating(), respondents: 3, ratings: [4: 3])
        let light = try ParsedSVG(ChartSVG.question(result, style: ChartStyle(theme: .light)))
        let dark = try ParsedSVG(ChartSVG.question(result, style: ChartStyle(theme: .dark)))
        #expect(light.elements(class: "background").first?.attribute("fill") == "#ffffff")
        #expect(dark.elements(class: "background").first?.attribute("fill") == Palette(.dark).background)
        #expect(dark.elements(class: "title").first?.attribute("fill") == Palette(.dark).ink)
    }

    @Test("Coordinates have at most two decimals and never an exponent", arguments: [
        (0.0, "0"), (-0.001, "0"), (12.0, "12"), (12.5, "12.5"), (12.345, "12.35"), (-1.05, "-1.05"), (-0.5, "-0.5"),
        (1e-9, "0"), (123456.7, "123456.7"), (Double.nan, "0"), (Double.infinity, "0"),
    ])
    func numbers(value: Double, text: String) {
        #expect(value.svgText == text)
    }

    @Test("Wrapping keeps to the line count, breaks over-long words, and never splits a grapheme")
    func wrapping() {
        let lines = TextMetrics.wrap(String(repeating: "👨‍👩‍👧", count: 80), fontSize: 20, maxWidth: 200, maxLines: 2)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { TextMetrics.width(of: $0, fontSize: 20) <= 200 })
        #expect(lines[1].hasSuffix("…"))
        #expect(lines.joined().filter { $0 != "…" }.allSatisfy { $0 == "👨‍👩‍👧" })
        #expect(TextMetrics.wrap("short", fontSize: 20, maxWidth: 200, maxLines: 2) == ["short"])
        #expect(TextMetrics.truncate("fits", fontSize: 20, maxWidth: 200) == "fits")
    }
}
