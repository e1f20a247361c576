@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// An "Other" ticked with nothing written (issue 32, item 13): the participant is told to write
/// it, not to "choose at least one option" (they did choose one).
@Suite("Pages: an empty “Other” answer")
struct ParticipantOtherTextTests {
    @Test(arguments: [
        ("en", "Write your answer for Other.", "Choose at least one option."),
        ("ko", "기타 답을 써 주세요.", "하나 이상 골라 주세요."),
    ])
    func anEmptyOtherAsksForItsText(language: String, expected: String, misleading: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let reply = try await api.post(
                "/f/\(form.code)",
                [("idempotency_key", "k-other-\(language)"), ("q.useful", "4"), ("q.topic", "*other*"), ("o.topic", "  ")],
                language: language)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.text.contains("<p class=\"error\" id=\"q-topic-error\">\(expected)</p>"), "\(reply.text.prefix(3000))")
            #expect(reply.text.contains("<a href=\"#q-topic\">Best topics?: \(expected)</a>"))
            #expect(!reply.text.contains(misleading))
            #expect(reply.text.contains("value=\"*other*\" checked>"), "the ticked box stays ticked")
        }
    }

    /// Nothing ticked at all in a question that needs a choice still says to choose one: only
    /// the empty "Other" gets the new sentence.
    @Test func aChoiceWithNothingTickedStillAsksForAChoice() async throws {
        try await ParticipantAPI.run { api, _ in
            var form = ParticipantAPI.sampleForm()
            var questions = try #require(form["questions"] as? [[String: Any]])
            questions[1]["required"] = true
            form["questions"] = questions
            let published = try await api.publish(form)
            let reply = try await api.post("/f/\(published.code)", [("idempotency_key", "k-none"), ("q.useful", "4")])
            #expect(reply.status == .unprocessableContent)
            #expect(reply.text.contains("<p class=\"error\" id=\"q-topic-error\">Please answer this question.</p>"), "\(reply.text.prefix(3000))")
            #expect(!reply.text.contains("Write your answer for Other."))
        }
    }
}
