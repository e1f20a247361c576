@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import Testing

/// The builder's templates block without script (docs/decisions/0076-form-templates.md): the
/// library in the page's language, "Use this template" filling the draft (translations kept),
/// and "Save as a template" with its problem beside the name.
@Suite("Pages: templates in the builder")
struct BuilderTemplatesTests {
    @Test func aHostStartsFromATemplateAndSavesTheirOwn() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let empty = try await api.page(path, cookie: session.cookie)
            #expect(empty.text.contains("<option value=\"team-health-check\">Team health check · built in</option>"), "\(empty.text.suffix(2000))")
            #expect(!empty.text.contains("id=\"save-as-template\""), "nothing to save before the form exists")
            let korean = try await api.page(path, language: "ko", cookie: session.cookie)
            #expect(korean.text.contains("<option value=\"team-health-check\">팀 건강 점검 · 기본 제공</option>"))

            let started = try await api.post(path + "/template", [("csrf", session.csrf), ("template", "workshop-feedback")], cookie: session.cookie)
            #expect(started.status == .ok)
            #expect(started.text.contains("Workshop feedback") && started.text.contains("Put the parts in order, most useful first"))
            #expect(started.text.contains("class=\"notice ok\"") || started.text.contains("“Workshop feedback”"), "a notice says what happened")
            let exported = try await api.page(path + "/export", cookie: session.cookie)
            let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
            #expect((json["translations"] as? [String: Any])?["ko"] != nil, "the Korean translation came along")
            #expect((json["questions"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["rating", "choice", "ranking", "shortAnswer"])

            let blank = try await api.post(path + "/save-template", [("csrf", session.csrf), ("templateName", " ")], cookie: session.cookie)
            #expect(blank.status == .unprocessableContent)
            #expect(blank.text.contains("id=\"templateName-error\""), "the problem stands beside the name")
            let saved = try await api.post(path + "/save-template", [("csrf", session.csrf), ("templateName", "Our workshop")], cookie: session.cookie)
            #expect(saved.status == .ok)
            #expect(saved.text.contains("Our workshop · yours"), "the page lists the new template")
        }
    }
}
