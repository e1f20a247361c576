@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import Testing

/// Issue 49: a host adds a ranking question in the builder without script — the button adds a
/// question with option rows, and saving stores `kind: ranking` with the options typed.
@Suite("Pages: a ranking question in the builder")
struct BuilderRankingTests {
    @Test func addingARankingThroughTheFormPostStoresItsOptions() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let empty = try await api.page(path, cookie: session.cookie)
            #expect(empty.text.contains("value=\"add:ranking\""), "the builder offers a ranking")

            let added = try await api.post(
                path, [("csrf", session.csrf), ("title", "Retro"), ("count", "0"), ("action", "add:ranking")], cookie: session.cookie)
            #expect(added.status == .ok)
            #expect(added.text.contains("name=\"q0.kind\" value=\"ranking\""))
            #expect(added.text.contains("name=\"q0.o0.label\"") && added.text.contains("name=\"q0.o1.label\""), "two option rows to fill in")
            #expect(added.text.contains("value=\"addOption:0\""))

            let fields: [(String, String)] = [
                ("title", "Retro"), ("anonymous", "on"), ("count", "1"),
                ("q0.kind", "ranking"), ("q0.prompt", "Order the topics"), ("q0.optionCount", "3"),
                ("q0.o0.label", "Roadmap"), ("q0.o1.label", "Hiring"), ("q0.o2.label", "Budget"),
            ]
            let preview = try await api.post(path, [("csrf", session.csrf), ("action", "preview")] + fields, cookie: session.cookie)
            #expect(preview.text.contains("class=\"phone\"") && preview.text.contains("Budget"), "the preview shows the places")
            let saved = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + fields, cookie: session.cookie)
            #expect(saved.status == .ok, "\(saved.text.prefix(500))")

            let exported = try await api.page(path + "/export", cookie: session.cookie)
            let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
            let question = try #require((json["questions"] as? [[String: Any]])?.first)
            #expect(question["kind"] as? String == "ranking")
            let labels = (question["options"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
            #expect(labels == ["Roadmap", "Hiring", "Budget"])
        }
    }
}
