import Debrief
import Foundation
import Testing

@Suite("Text rules")
struct TextRulesTests {
    @Test("NFC: a decomposed é is stored precomposed; lengths count code points as sent")
    func nfc() {
        let decomposed = "e\u{301}"
        #expect(decomposed.unicodeScalars.count == 2)
        let normalized = TextRules.normalized(decomposed, lines: .single)
        #expect(Array(normalized.unicodeScalars.map(\.value)) == [0xE9])
        #expect(normalized.count == 1)
        // 150 decomposed é's are 300 code points as sent: accepted at 300, stored as 150.
        var collector = ProblemCollector()
        let text = collector.requiredText(repeated(decomposed, 150), at: "prompt", maxLength: 300)
        #expect(collector.isEmpty)
        #expect(text?.unicodeScalars.count == 150)
        // 151 are 302 code points: refused, as openapi.yaml's maxLength says.
        #expect(collector.requiredText(repeated(decomposed, 151), at: "prompt", maxLength: 300) == nil)
        #expect(collector.problems == [P("prompt", "must be at most 300 characters")])
    }

    @Test("Korean and emoji with skin tone are kept byte-for-byte")
    func koreanAndEmoji() {
        let raw = "한국어 👍🏽"
        let normalized = TextRules.normalized(raw, lines: .single)
        #expect(Array(normalized.utf8) == Array(raw.utf8))
        #expect(normalized.count == 5) // 한, 국, 어, space, 👍🏽
    }

    @Test("Trimming and blank handling")
    func trimming() {
        var c2 = ProblemCollector()
        #expect(c2.requiredText("  Weekly sync \n", at: "title", maxLength: 15) == "Weekly sync")
        #expect(c2.requiredText("  Sync \t", at: "title", maxLength: 200) == "Sync")
        #expect(c2.requiredText("   ", at: "title", maxLength: 200) == nil)
        #expect(c2.requiredText(nil, at: "name", maxLength: 200) == nil)
        #expect(c2.optionalText("   ", at: "place", maxLength: 200) == nil)
        #expect(c2.problems == [P("title", "must not be empty"), P("name", "is required")])
    }

    @Test("Control characters are refused, newline and tab only in multi-line text")
    func controls() {
        #expect(TextRules.problem(in: "a\u{0}b", as: "a\u{0}b", lines: .multiple, maxLength: 10) == "must not contain control characters")
        #expect(TextRules.problem(in: "a\u{7F}b", as: "a\u{7F}b", lines: .multiple, maxLength: 10) == "must not contain control characters")
        #expect(TextRules.problem(in: "a\u{85}b", as: "a\u{85}b", lines: .multiple, maxLength: 10) == "must not contain control characters")
        #expect(TextRules.problem(in: "a\u{1B}b", as: "a\u{1B}b", lines: .single, maxLength: 10) == "must not contain control characters")
        #expect(TextRules.problem(in: "a\nb\tc", as: "a\nb\tc", lines: .multiple, maxLength: 10) == nil)
        #expect(TextRules.problem(in: "a\nb", as: "a\nb", lines: .single, maxLength: 10) == "must not contain line breaks or tabs")
        #expect(TextRules.problem(in: "a\tb", as: "a\tb", lines: .single, maxLength: 10) == "must not contain line breaks or tabs")
        #expect(TextRules.problem(in: "a\u{2028}b", as: "a\u{2028}b", lines: .single, maxLength: 10) == "must not contain line breaks or tabs")
    }

    @Test("CRLF in multi-line text becomes LF")
    func crlf() {
        #expect(TextRules.normalized("one\r\ntwo\rthree", lines: .multiple) == "one\ntwo\nthree")
    }

    @Test("Length is counted in code points as sent, as JSON Schema counts")
    func length() {
        #expect(TextRules.problem(in: "한국어", as: "한국어", lines: .single, maxLength: 3) == nil)
        // 👍🏽 is a hand and a skin tone: two code points.
        #expect(TextRules.problem(in: repeated("👍🏽", 2), as: repeated("👍🏽", 2), lines: .single, maxLength: 3) == "must be at most 3 characters")
        #expect(TextRules.problem(in: repeated("x", 4), as: repeated("x", 4), lines: .single, maxLength: 3) == "must be at most 3 characters")
        // What was sent counts, spaces trimmed later included.
        var collector = ProblemCollector()
        #expect(collector.requiredText(" abc ", at: "title", maxLength: 4) == nil)
        #expect(collector.requiredText(" abc", at: "title", maxLength: 4) == "abc")
    }

    @Test("The skipped steps change nothing: the same text as running every step, on generated texts")
    func skippedStepsChangeNothing() {
        func everyStep(_ raw: String, _ lines: TextRules.Lines) -> String {
            var text = raw.precomposedStringWithCanonicalMapping
            if lines == .multiple {
                text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Spaces of every kind at the ends, line breaks, decomposed and precomposed letters, a
        // singleton (Ångström sign), Hangul jamo and syllables, emoji with skin tone, ASCII.
        let pieces = [
            "a", "Z", " ", "\t", "\n", "\r", "\r\n", "\u{A0}", "\u{2003}", "\u{3000}", "\u{85}", "\u{2028}", "e\u{301}", "é",
            "\u{212B}", "\u{1100}\u{1161}", "한", "👍🏽", "—", "x\u{327}\u{301}", ".",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let raw = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for lines in [TextRules.Lines.single, .multiple] {
                let expected = everyStep(raw, lines)
                #expect(Array(TextRules.normalized(raw, lines: lines).unicodeScalars) == Array(expected.unicodeScalars), "\(Array(raw.unicodeScalars))")
            }
        }
    }

    @Test("Identifiers and deterministic assignment")
    func identifiers() {
        #expect(IdentifierRules.isValid("q1"))
        #expect(IdentifierRules.isValid("overall_rating-2"))
        #expect(IdentifierRules.isValid(repeated("a", 40)))
        #expect(!IdentifierRules.isValid(repeated("a", 41)))
        #expect(!IdentifierRules.isValid(""))
        #expect(!IdentifierRules.isValid("Q1"))
        #expect(!IdentifierRules.isValid("q 1"))
        #expect(!IdentifierRules.isValid("é"))
        var assigner = IdentifierAssigner(prefix: "q", explicit: ["q2"])
        #expect(assigner.next(forIndex: 0) == "q1")
        #expect(assigner.next(forIndex: 1) == "q3") // q2 is taken explicitly
        #expect(assigner.next(forIndex: 2) == "q4") // q3 was just handed out
    }
}
