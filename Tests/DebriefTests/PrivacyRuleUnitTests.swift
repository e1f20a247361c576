import Debrief
import Foundation
import Testing

/// The privacy rule of k as the results report applies it (``PrivacyRule``, ``ResultsBuilder``).
@Suite("Privacy rule")
struct PrivacyRuleUnitTests {
    static let form = FormDefinition(
        title: "F", anonymous: true, privacyThreshold: 3,
        questions: [
            Question(key: QuestionKey(rawValue: "notes")!, prompt: "Notes", body: .shortAnswer(ShortAnswerSpec())),
            Question(
                key: QuestionKey(rawValue: "topic")!, prompt: "Topic",
                body: .choice(ChoiceSpec(options: [ChoiceOption(id: "a", label: "A"), ChoiceOption(id: "b", label: "B")], allowsOther: true))),
            Question(key: QuestionKey(rawValue: "useful")!, prompt: "Useful", body: .rating(RatingSpec(min: 1, max: 5))),
        ])

    static func counts(respondents: Int, word: String) -> [String: QuestionCounts] {
        var notes = QuestionCounts()
        notes.respondents = respondents
        notes.texts = Array(repeating: word, count: respondents)
        var topic = QuestionCounts()
        topic.respondents = respondents
        topic.optionCounts = ["a": respondents]
        topic.otherCount = respondents
        topic.otherTexts = Array(repeating: word + "other", count: respondents)
        var useful = QuestionCounts()
        useful.respondents = respondents
        useful.ratingCounts = [4: respondents]
        return ["notes": notes, "topic": topic, "useful": useful]
    }

    @Test("Below k nothing a participant wrote or chose is left, not even a short answer's words as labels")
    func belowK() {
        let results = ResultsBuilder.questions(of: Self.form, counts: Self.counts(respondents: 2, word: "wombat"), responses: 2)
        #expect(results.allSatisfy { $0.withheld })
        let notes = results[0]
        #expect(notes.chart.labels.isEmpty && notes.chart.rows.isEmpty)
        #expect(notes.chart.datasets.allSatisfy { $0.data.isEmpty })
        let topic = results[1]
        #expect(topic.chart.labels == ["A", "B", "Other"], "the host's options stay, without numbers")
        #expect(topic.chart.rows.allSatisfy { $0.count == nil && $0.percent == nil })
        #expect(topic.otherTexts == [])
        let useful = results[2]
        #expect(useful.statistics == nil)
        #expect(useful.chart.datasets.allSatisfy { $0.data.allSatisfy { $0 == nil } })
        let encoded = String(decoding: try! JSONCoding.encoder.encode(results), as: UTF8.self)
        #expect(!encoded.contains("wombat"))
    }

    @Test("A filtered group is withheld when it, or what the filter leaves out, has 1 to k − 1 people")
    func filters() {
        let all = Self.counts(respondents: 4, word: "x")
        func withheld(filtered: Int) -> Bool {
            ResultsBuilder.questions(
                of: Self.form, counts: Self.counts(respondents: filtered, word: "x"), responses: filtered, unfiltered: all
            ).allSatisfy { $0.withheld }
        }
        #expect(withheld(filtered: 3), "leaves out one person")
        #expect(withheld(filtered: 2))
        #expect(withheld(filtered: 1))
        #expect(!withheld(filtered: 4), "leaves out nobody")
        #expect(!ResultsBuilder.questions(of: Self.form, counts: all, responses: 4).contains { $0.withheld })
        let seven = Self.counts(respondents: 7, word: "x")
        #expect(!ResultsBuilder.questions(of: Self.form, counts: Self.counts(respondents: 4, word: "x"), responses: 4, unfiltered: seven)
            .contains { $0.withheld }, "4 shown, 3 left out: both at least k")
    }

    @Test("k = 1 and forms that are not anonymous withhold nothing")
    func off() {
        var form = Self.form
        form.privacyThreshold = 1
        #expect(!ResultsBuilder.questions(of: form, counts: Self.counts(respondents: 1, word: "x"), responses: 1).contains { $0.withheld })
        form.privacyThreshold = 3
        form.anonymous = false
        #expect(!ResultsBuilder.questions(of: form, counts: Self.counts(respondents: 1, word: "x"), responses: 1).contains { $0.withheld })
    }
}
