import Debrief
@testable import DebriefCharts
import Testing

/// Prompts, option labels and answers are user input: whatever they hold, the chart stays one
/// well-formed image and the text stays text.
@Suite("Hostile text in charts")
struct HostileTextTests {
    static let hostile = #"</text><script>alert("x")</script> & 'q' <![CDATA[ ]]> --> "#
    static let scripts = "좋았어요 👍🏽 مرحبا بالعالم שלום 👨‍👩‍👧"

    @Test("Markup in prompts and labels is escaped: no element is injected")
    func markupIsEscaped() throws {
        let question = Fixtures.choice(
            prompt: Self.hostile + Self.scripts, options: [("a", Self.hostile), ("b", Self.scripts)], allowsOther: false)
        let svg = try ParsedSVG(ChartSVG.question(Fixtures.result(question, respondents: 4, options: ["a": 3, "b": 1])))

        #expect(svg.title == Self.hostile + Self.scripts)
        #expect(svg.elements(named: "script").isEmpty)
        #expect(!svg.markup.contains("<script"))
        #expect(svg.texts(class: "label") == [Self.hostile.trimmingTrailingSpaces(), Self.scripts])
        #expect(svg.desc?.contains(Self.hostile) == true)
    }

    @Test("Characters XML forbids are replaced, so the document still parses")
    func forbiddenCharacters() throws {
        let prompt = "bell\u{07} null\u{00} escape\u{1B} noncharacter\u{FFFF} tab\tend"
        let svg = try ParsedSVG(ChartSVG.question(Fixtures.result(Fixtures.rating(prompt: prompt), respondents: 3, ratings: [5: 3])))
        #expect(svg.title == "bell\u{FFFD} null\u{FFFD} escape\u{FFFD} noncharacter\u{FFFD} tab\tend")
    }

    @Test("Words from answers are escaped in the word list")
    func hostileAnswers() throws {
        let texts = Array(repeating: "<b>bold</b> &amp; \"quoted\" 'single'", count: 3)
        let svg = try ParsedSVG(ChartSVG.question(Fixtures.result(Fixtures.shortAnswer(prompt: Self.hostile), respondents: 3, texts: texts)))
        #expect(svg.elements(named: "b").isEmpty)
        #expect(svg.texts(class: "label").contains("bold"))
    }

    @Test("A long prompt wraps to three lines at most and is whole in the title")
    func longPrompt() throws {
        let prompt = String(repeating: "이번 회의에서 가장 유용했던 주제는 무엇이었나요? ", count: 12)
        let svg = try ParsedSVG(ChartSVG.question(Fixtures.result(Fixtures.rating(prompt: prompt), respondents: 3, ratings: [5: 3])))
        let lines = svg.texts(class: "title")
        #expect(lines.count == 3)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(svg.title == prompt)
    }

    @Test("No style attribute or element: the image renders under default-src 'none'")
    func noInlineStyles() throws {
        let question = Fixtures.choice()
        let svg = try ParsedSVG(ChartSVG.question(Fixtures.result(question, respondents: 5, options: ["roadmap": 5])))
        #expect(svg.elements(named: "style").isEmpty)
        #expect(svg.allElements.allSatisfy { $0.attribute("style") == nil })
        #expect(svg.elements(named: "script").isEmpty)
    }
}
