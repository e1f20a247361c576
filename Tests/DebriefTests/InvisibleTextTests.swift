import Debrief
import Testing

/// Issue 67: text of only invisible characters — a byte-order mark, zero-width spaces and joiners,
/// a word joiner, a soft hyphen, other format (Cf) characters, with or without whitespace — is
/// blank, as whitespace is: refused where text is required, "no value" where it is optional.
@Suite("Text rules: invisible text is blank")
struct InvisibleTextTests {
    static let invisible = [
        "\u{FEFF}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{00AD}", " \u{FEFF} \u{200B}\n", "\u{200E}\u{200F}",
        "\u{2061}\u{2064}", "\u{180E}", "\u{E0001}", "\u{3164}", "\u{FE0F}",
    ]

    @Test(arguments: Self.invisible)
    func invisibleTextIsBlank(_ text: String) {
        var problems = ProblemCollector()
        #expect(problems.requiredText(text, at: "title", maxLength: 200) == nil)
        #expect(problems.optionalText(text, at: "place", maxLength: 200) == nil)
        #expect(problems.problems == [FieldProblem(path: "title", message: "must not be empty")])
    }

    /// Visible text with invisible characters in it is text: a Korean name with a joiner, an emoji
    /// sequence (ZWJ), an Arabic word with a non-joiner.
    @Test(arguments: ["a\u{FEFF}", "\u{200B}x", "👩\u{200D}💻", "ا\u{200C}ب", "한", "-", "\u{00A0}."])
    func visibleTextIsNotBlank(_ text: String) {
        var problems = ProblemCollector()
        #expect(problems.requiredText(text, at: "title", maxLength: 200) != nil)
        #expect(problems.isEmpty)
    }
}
