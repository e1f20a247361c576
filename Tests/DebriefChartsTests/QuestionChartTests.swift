import Debrief
@testable import DebriefCharts
import Testing

@Suite("Question charts")
struct QuestionChartTests {
    @Test("A choice chart has one bar per option with its count and percentage, Other included")
    func choiceBars() throws {
        let result = Fixtures.result(Fixtures.choice(), respondents: 30, options: ["roadmap": 12, "hiring": 9], other: 9)
        let svg = try ParsedSVG(ChartSVG.question(result))

        // A parser reads `xmlns` as the namespace, not as an attribute.
        #expect(svg.markup.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" "#))
        #expect(svg.rootAttribute("role") == "img")
        #expect(svg.rootAttribute("viewBox") == "0 0 960 \(svg.rootAttribute("height") ?? "?")")
        #expect(svg.title == "Best topic?")
        #expect(svg.texts(class: "label") == ["Roadmap", "Hiring", "Other"])
        #expect(svg.texts(class: "value") == ["12 · 40%", "9 · 30%", "9 · 30%"])
        #expect(svg.desc?.contains("Roadmap: 12 · 40%.") == true)
        let tracks = svg.elements(class: "track").compactMap { $0.number("width") }
        let bars = svg.elements(class: "bar").compactMap { $0.number("width") }
        #expect(bars.count == 3)
        // Bars are drawn to scale: 40 % of the full track.
        #expect(abs(try #require(bars.first) - 0.4 * (try #require(tracks.first))) < 0.01)
        #expect(svg.texts(class: "subtitle").first == "30 respondents · 0 skipped")
    }

    @Test("An option nobody chose keeps its label and 0, but draws no bar")
    func zeroOption() throws {
        let result = Fixtures.result(Fixtures.choice(allowsOther: false), respondents: 4, options: ["roadmap": 4])
        let svg = try ParsedSVG(ChartSVG.question(result))
        #expect(svg.texts(class: "value") == ["4 · 100%", "0 · 0%"])
        #expect(svg.elements(class: "bar").count == 1)
        #expect(svg.elements(class: "track").count == 2)
    }

    @Test("Multiple choice says the shares can add up to more than 100%")
    func multipleChoiceNote() throws {
        let result = Fixtures.result(
            Fixtures.choice(allowsOther: false, allowsMultiple: true), respondents: 5, options: ["roadmap": 5, "hiring": 4])
        let svg = try ParsedSVG(ChartSVG.question(result))
        #expect(svg.texts(class: "subtitle").contains { $0.contains("more than 100%") })
        #expect(svg.texts(class: "value") == ["5 · 100%", "4 · 80%"])
    }

    @Test("A rating chart is a histogram over the whole scale with the mean marked between its columns")
    func ratingHistogram() throws {
        // 7 × 4 and 8 × 6 answers: mean 7.6 on a 0–10 scale.
        let result = Fixtures.result(Fixtures.rating(), respondents: 10, ratings: [7: 4, 8: 6])
        let svg = try ParsedSVG(ChartSVG.question(result))

        #expect(svg.texts(class: "label") == (0...10).map(String.init))
        #expect(svg.texts(class: "value") == ["0", "0", "0", "0", "0", "0", "0", "4", "6", "0", "0"])
        #expect(svg.elements(class: "bar").count == 2)
        #expect(svg.texts(class: "marker-label") == ["mean 7.6"])
        let labelX = svg.elements(class: "label").compactMap { $0.number("x") }
        try #require(labelX.count == 11)
        let markerX = try #require(svg.elements(class: "marker").first?.number("x1"))
        #expect(markerX > labelX[7] && markerX < labelX[8])
        #expect(abs(markerX - (labelX[7] + 0.6 * (labelX[8] - labelX[7]))) < 0.5)
        #expect(svg.texts(class: "subtitle").first?.hasPrefix("10 respondents · 0 skipped · mean 7.6 · median 8 · NPS") == true)
    }

    @Test("The taller column belongs to the more frequent rating")
    func columnHeights() throws {
        let result = Fixtures.result(Fixtures.rating(min: 1, max: 5), respondents: 9, ratings: [2: 3, 5: 6])
        let svg = try ParsedSVG(ChartSVG.question(result))
        let heights = svg.elements(class: "bar").compactMap { $0.number("height") }
        try #require(heights.count == 2)
        #expect(abs(heights[1] - 2 * heights[0]) < 0.01)
    }

    @Test("A short-answer chart lists the frequent words, the most frequent the largest")
    func wordList() throws {
        let texts = ["great roadmap demo", "roadmap was great", "great pace", "좋았어요 좋았어요"]
        let result = Fixtures.result(Fixtures.shortAnswer(), respondents: 4, texts: texts)
        let svg = try ParsedSVG(ChartSVG.question(result))
        let words = svg.texts(class: "label")
        #expect(words.first == "great")
        #expect(Set(words).isSuperset(of: ["great", "roadmap", "demo", "pace"]))
        #expect(words.contains { $0.hasPrefix("좋았") })
        #expect(svg.texts(class: "value").first == "×3")
        let sizes = Dictionary(uniqueKeysWithValues: svg.elements(class: "label").map { ($0.ownText, $0.number("font-size") ?? 0) })
        #expect((sizes["great"] ?? 0) > (sizes["demo"] ?? 0))
        #expect(svg.desc?.contains("great (3)") == true)
    }

    @Test("Every kind with no answers draws the frame and “No responses yet”, never a bar", arguments: [
        Fixtures.choice(), Fixtures.rating(), Fixtures.shortAnswer(),
    ])
    func empty(question: Question) throws {
        let svg = try ParsedSVG(ChartSVG.question(Fixtures.result(question, responses: 0)))
        #expect(svg.texts(class: "message") == [ChartSVG.noResponsesMessage()])
        #expect(svg.elements(class: "bar").isEmpty)
        #expect(svg.elements(class: "empty").count == 1)
        #expect(svg.title == question.prompt)
    }

    @Test("A withheld (too few answers on an anonymous form) question shows why, and no numbers")
    func withheld() throws {
        let result = Fixtures.result(Fixtures.choice(), respondents: 2, options: ["roadmap": 2])
        #expect(result.withheld)
        let svg = try ParsedSVG(ChartSVG.question(result))
        #expect(svg.texts(class: "message").first?.hasPrefix("Hidden: fewer than 3 people") == true)
        #expect(svg.elements(class: "value").isEmpty)
        #expect(svg.elements(class: "bar").isEmpty)
    }

    @Test("Short answers whose words are all stop words say there are no words yet")
    func noWords() throws {
        let result = Fixtures.result(Fixtures.shortAnswer(), respondents: 3, texts: ["the and", "a of", "is it"])
        let svg = try ParsedSVG(ChartSVG.question(result))
        #expect(svg.texts(class: "message") == ["No words to show yet"])
    }
}
