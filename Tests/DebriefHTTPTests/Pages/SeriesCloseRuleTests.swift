@testable import DebriefApp
@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 48, "its close rule written relative to the session" (docs/decisions/0063): the builder
/// edits the series' form with a close rule in hours after the session ends, never a date that
/// would be carried from one week into the next.
@Suite("Pages: the series' close rule in the builder")
struct SeriesCloseRuleTests {
    /// The builder's fields with the close rule as typed.
    static func fields(_ csrf: String, hours: String) -> [(String, String)] {
        [("csrf", csrf), ("action", "save"), ("closesAfterHours", hours)] + BuilderPageTests.threeKinds
    }

    @Test func theBuilderWritesTheSeriesCloseRuleInHoursAndRefusesOthers() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let empty = try await api.page(path, cookie: session.cookie)
            #expect(empty.text.contains("id=\"closesAfterHours\""), "the rule's field: \(empty.text.prefix(400))")
            #expect(!empty.text.contains("type=\"datetime-local\" id=\"closesAt\""), "no date for the series' form")

            let saved = try await api.post(path, Self.fields(session.csrf, hours: "24"), cookie: session.cookie)
            #expect(saved.status == .ok)
            #expect(saved.inputValue("closesAfterHours") == "24", "shown back")
            #expect(saved.text.contains("Each session&#39;s form closes 1 day after the session ends.")
                || saved.text.contains("Each session's form closes 1 day after the session ends."), "the series' rule: stored")

            for bad in ["1.5", "8761", "-1", "tomorrow"] {
                let refused = try await api.post(path, Self.fields(session.csrf, hours: bad), cookie: session.cookie)
                #expect(refused.status == .unprocessableContent, "\(bad)")
                #expect(refused.text.contains("id=\"closesAfterHours-error\""), "\(bad): the problem names the field")
                #expect(refused.inputValue("closesAfterHours") == bad, "kept as typed")
            }
            let after = try await api.page(path, cookie: session.cookie)
            #expect(after.inputValue("closesAfterHours") == "24", "nothing stored by a refusal")

            // Blank: the form does not close by itself.
            let cleared = try await api.post(path, Self.fields(session.csrf, hours: ""), cookie: session.cookie)
            #expect(cleared.status == .ok)
            #expect(cleared.inputValue("closesAfterHours") == "")
            #expect(!cleared.text.contains("form closes 1 day"), "no rule left")
        }
    }
}
