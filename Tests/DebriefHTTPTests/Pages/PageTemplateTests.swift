@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import Foundation
import Testing

@Suite("Pages: templates, phrases and form fields")
struct PageTemplateTests {
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/DebriefWeb/Templates").standardized

    @Test func everyTemplateParsesAndEveryPhraseItUsesExists() throws {
        let renderer = try PageRenderer.bundled.get()
        let files = try FileManager.default.contentsOfDirectory(at: Self.templates, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mustache" }
        #expect(renderer.names == Set(files.map { $0.deletingPathExtension().lastPathComponent }))
        // Every table's names, each once across all tables (the page's `t` is one dictionary).
        let names = PhraseTables.all.flatMap { table in table.texts(.en).map(\.0) }
        let phrases = Set(names)
        #expect(phrases.count == names.count, "one name, one phrase")
        var unknown: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            var rest = text[...]
            while let range = rest.range(of: "{{t.") {
                let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber }
                if !phrases.contains(String(name)) { unknown.append("\(file.lastPathComponent): t.\(name)") }
                rest = rest[range.upperBound...]
            }
        }
        #expect(unknown.isEmpty, "\(unknown)")
    }

    @Test func everyPhraseHasEveryLanguageWithTheSamePlaceholders() {
        // Every table of phrases, as (name, English, Korean).
        let tables = PhraseTables.all.map { $0.everyLanguage }
        func placeholders(_ text: String) -> Set<String> {
            Set(text.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { $0.split(separator: "}").first.map(String.init) })
        }
        for (name, english, korean) in tables.joined() {
            #expect(!english.isEmpty && !korean.isEmpty, "\(name)")
            #expect(placeholders(english) == placeholders(korean), "\(name)")
        }
        #expect(Localizer(.ko)(.tooManyBody, ["n": "3"]) == "3초 뒤에 다시 시도해 주세요.")
    }

    @Test func acceptLanguageIsReadWithItsQualities() {
        #expect(Language(acceptLanguage: nil) == .en)
        #expect(Language(acceptLanguage: "") == .en)
        #expect(Language(acceptLanguage: "ko") == .ko)
        #expect(Language(acceptLanguage: "KO-kr") == .ko)
        #expect(Language(acceptLanguage: "en-US,en;q=0.9,ko;q=0.8") == .en)
        #expect(Language(acceptLanguage: "en;q=0.1, ko;q=0.2") == .ko)
        #expect(Language(acceptLanguage: "ko;q=0, en;q=0.1") == .en)
        #expect(Language(acceptLanguage: "ko;q=2") == .en, "an invalid quality drops the range")
        #expect(Language(acceptLanguage: "de, ko;q=0.5") == .ko)
        #expect(Language(acceptLanguage: "*;q=0.9, ko;q=0.5") == .en)
        #expect(Language(acceptLanguage: String(repeating: "ko,", count: 1000)) == .en)
    }

    @Test func domainMessagesBecomeSentences() {
        #expect(ProblemMessages.sentence(for: "is required", in: .en) == "Please answer this question.")
        #expect(ProblemMessages.sentence(for: "must be at most 500 characters", in: .ko) == "최대 500자까지 쓸 수 있어요.")
        #expect(ProblemMessages.sentence(for: "must select at most 2", in: .en) == "Choose at most 2.")
        #expect(ProblemMessages.sentence(for: "must be between 1 and 5", in: .ko) == "1부터 5 사이에서 골라 주세요.")
        #expect(ProblemMessages.sentence(for: "something new", in: .ko) == "Something new.")
    }

    @Test func formBodiesAreDecoded() throws {
        let fields = try #require(FormFields(encoded: "q.a=1&q.b=x+y&q.b=%ED%95%9C%F0%9F%91%8D&empty=&flag"))
        #expect(fields["q.a"] == "1")
        #expect(fields.values("q.b") == ["x y", "한👍"])
        #expect(fields["empty"] == "")
        #expect(fields["flag"] == "")
        #expect(fields["missing"] == nil)
        #expect(FormFields(encoded: "a=%E") == nil)
        #expect(FormFields(encoded: "a=%FF") == nil, "not UTF-8")
    }
}
