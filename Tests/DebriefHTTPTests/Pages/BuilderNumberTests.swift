@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import Testing

/// Issue 49: a host adds a number question in the builder without script, with its bounds, step
/// and unit; the builder shows a stored number question's values again, so saving the page
/// unchanged keeps them; a bound that is not a number is named and nothing is stored.
@Suite("Pages: a number question in the builder")
struct BuilderNumberTests {
    static let fields: [(String, String)] = [
        ("title", "Retro"), ("anonymous", "on"), ("count", "1"),
        ("q0.kind", "number"), ("q0.prompt", "How many minutes should it last?"),
        ("q0.min", "0"), ("q0.max", "120.5"), ("q0.step", "0.5"), ("q0.unit", "min"),
    ]

    @Test func addingANumberStoresItsBoundsStepAndUnitAndTheBuilderShowsThemAgain() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let empty = try await api.page(path, cookie: session.cookie)
            #expect(empty.text.contains("id=\"add-number\""), "the builder offers a number question")

            let added = try await api.post(
                path, [("csrf", session.csrf), ("title", "Retro"), ("count", "0"), ("action", "add:number")], cookie: session.cookie)
            #expect(added.text.contains("name=\"q0.kind\" value=\"number\""))
            #expect(added.text.contains("name=\"q0.min\" value=\"\""), "a new number question has no bounds, not a rating's 1 to 5")
            #expect(added.text.contains("name=\"q0.step\"") && added.text.contains("name=\"q0.unit\""))

            let saved = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + Self.fields, cookie: session.cookie)
            #expect(saved.status == .ok, "\(saved.text.prefix(500))")
            let stored = try await Self.storedQuestion(api, path, session)
            #expect(stored["kind"] as? String == "number")
            #expect((stored["minimum"] as? NSNumber)?.doubleValue == 0)
            #expect((stored["maximum"] as? NSNumber)?.doubleValue == 120.5)
            #expect((stored["step"] as? NSNumber)?.doubleValue == 0.5)
            #expect(stored["unit"] as? String == "min")

            // The builder reads the stored question back into the same fields: saving the page
            // as shown changes nothing.
            let shown = try await api.page(path, cookie: session.cookie)
            for (name, value) in [("q0.min", "0"), ("q0.max", "120.5"), ("q0.step", "0.5"), ("q0.unit", "min")] {
                #expect(shown.text.contains("name=\"\(name)\" value=\"\(value)\""), "\(name) shows \(value)")
            }
            let again = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + Self.fields, cookie: session.cookie)
            #expect(again.status == .ok)
            let kept = try await Self.storedQuestion(api, path, session)
            #expect(try Self.canonical(kept) == Self.canonical(stored))
        }
    }

    /// The preview names no kind: it renders each question's partial by the name its page part
    /// gives (`{{>*partial}}`). Before, builder.mustache listed five kinds' partials and left the
    /// number out, so the phone preview showed no field for a number question.
    @Test func thePreviewShowsANumberQuestionsField() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let preview = try await api.post(path, [("csrf", session.csrf), ("action", "preview")] + Self.fields, cookie: session.cookie)
            let start = try #require(preview.text.range(of: "<div class=\"phone\">"))
            let end = try #require(preview.text.range(of: "</aside>", range: start.upperBound..<preview.text.endIndex))
            let phone = preview.text[start.lowerBound..<end.lowerBound]
            #expect(phone.contains("type=\"number\""), "the preview shows the number field")
            #expect(phone.contains("<span class=\"number-unit\">min</span>"), "with its unit")
        }
    }

    @Test func aBoundThatIsNotANumberIsNamedAndNothingIsStored() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let typed = Self.fields.map { $0.0 == "q0.step" ? ("q0.step", "half") : $0 }
            let refused = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + typed, cookie: session.cookie)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("href=\"#q0-step\""), "the summary links the step field")
            #expect(refused.text.contains("<p class=\"error\" id=\"q0-step-error\">Must be a number.</p>"))
            #expect(refused.text.contains("name=\"q0.step\" value=\"half\""), "what was typed stays")
            let exported = try await api.page(path + "/export", cookie: session.cookie)
            #expect(exported.status == .notFound, "no form was stored")
        }
    }

    static func canonical(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static func storedQuestion(_ api: ParticipantAPI, _ path: String, _ session: BrowserSession) async throws -> [String: Any] {
        let exported = try await api.page(path + "/export", cookie: session.cookie)
        let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
        return try #require((json["questions"] as? [[String: Any]])?.first)
    }
}
