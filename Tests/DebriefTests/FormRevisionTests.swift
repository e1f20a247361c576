import Foundation
import Testing

@testable import Debrief

@Suite("Form versions: wording edits, comparable answers, merged counts")
struct FormRevisionTests {
    static func key(_ raw: String) -> QuestionKey { QuestionKey(rawValue: raw)! }

    static func form(
        useful: RatingSpec = RatingSpec(min: 1, max: 5), prompt: String = "How useful?",
        options: [ChoiceOption] = [ChoiceOption(id: "a", label: "A"), ChoiceOption(id: "b", label: "B")], anonymous: Bool = true,
        threshold: Int = 3, placeholder: String? = nil
    ) -> FormDefinition {
        FormDefinition(
            title: "Retro", anonymous: anonymous, privacyThreshold: threshold,
            questions: [
                Question(key: key("useful"), prompt: prompt, required: true, body: .rating(useful)),
                Question(key: key("topic"), prompt: "Topic?", body: .choice(ChoiceSpec(options: options))),
                Question(key: key("notes"), prompt: "Notes?", body: .shortAnswer(ShortAnswerSpec(placeholder: placeholder))),
            ])
    }

    @Test func wordingIsTitlePromptsLabelsAndPlaceholders() {
        let base = Self.form()
        var retitled = Self.form(
            useful: RatingSpec(min: 1, max: 5, minLabel: "Not at all", maxLabel: "Very"), prompt: "How useful was it?",
            options: [ChoiceOption(id: "a", label: "Apples"), ChoiceOption(id: "b", label: "B")], placeholder: "Optional")
        retitled.title = "Retro (fixed)"
        #expect(retitled.differsOnlyInWording(from: base))
        #expect(base.differsOnlyInWording(from: base))
    }

    @Test func anythingElseChangesWhatAnswersMean() {
        let base = Self.form()
        #expect(!Self.form(useful: RatingSpec(min: 1, max: 10)).differsOnlyInWording(from: base), "scale")
        #expect(!Self.form(options: [ChoiceOption(id: "a", label: "A")]).differsOnlyInWording(from: base), "an option removed")
        #expect(!Self.form(options: [ChoiceOption(id: "b", label: "B"), ChoiceOption(id: "a", label: "A")]).differsOnlyInWording(from: base), "order")
        #expect(!Self.form(anonymous: false).differsOnlyInWording(from: base), "anonymity")
        #expect(!Self.form(threshold: 5).differsOnlyInWording(from: base), "k")
        var required = base
        required.questions[2].required = true
        #expect(!required.differsOnlyInWording(from: base), "required")
        var kind = base
        kind.questions[2] = Question(key: Self.key("notes"), prompt: "Notes?", body: .rating(RatingSpec()))
        #expect(!kind.differsOnlyInWording(from: base), "kind")
        var fewer = base
        fewer.questions.removeLast()
        #expect(!fewer.differsOnlyInWording(from: base), "a question removed")
    }

    @Test func answersAreCountedTogetherOnlyUnderTheSameMeaningAndPromise() {
        let base = Self.form()
        let reworded = Self.form(prompt: "Was it useful?", options: [ChoiceOption(id: "b", label: "Bee"), ChoiceOption(id: "a", label: "Ay")])
        for key in ["useful", "topic", "notes"] { #expect(reworded.countsAnswers(of: base, to: Self.key(key)), "\(key)") }
        #expect(!Self.form(useful: RatingSpec(min: 0, max: 10)).countsAnswers(of: base, to: Self.key("useful")))
        #expect(Self.form(useful: RatingSpec(min: 0, max: 10)).countsAnswers(of: base, to: Self.key("topic")))
        #expect(!Self.form(options: [ChoiceOption(id: "a", label: "A"), ChoiceOption(id: "c", label: "C")]).countsAnswers(of: base, to: Self.key("topic")))
        // Answers given under a stricter promise are never shown under a weaker one.
        #expect(!Self.form(anonymous: false).countsAnswers(of: base, to: Self.key("notes")))
        #expect(!Self.form(threshold: 1).countsAnswers(of: base, to: Self.key("notes")))
        #expect(!base.countsAnswers(of: base, to: Self.key("missing")))
    }

    @Test func mergingAddsComparableVersionsAndListsTheSplit() {
        let old = Self.form(useful: RatingSpec(min: 0, max: 10))
        let current = Self.form()
        var oldTopic = QuestionCounts()
        oldTopic.respondents = 2
        oldTopic.optionCounts = ["a": 2, "b": 1]
        oldTopic.texts = []
        var oldNotes = QuestionCounts()
        oldNotes.respondents = 1
        oldNotes.texts = ["older"]
        var oldUseful = QuestionCounts()
        oldUseful.respondents = 2
        oldUseful.ratingCounts = [9: 2]
        let stored = StoredForm(
            id: UUID(), meetingID: UUID(), version: 1, definition: old, code: "C", publishedAt: Date(), closedAt: Date(), closesAt: nil,
            createdAt: Date(), updatedAt: Date())
        let earlier = [VersionCounts(form: stored, responses: 3, allResponses: 3, questions: ["topic": oldTopic, "notes": oldNotes, "useful": oldUseful])]
        var topic = QuestionCounts()
        topic.respondents = 1
        topic.optionCounts = ["b": 1]
        var notes = QuestionCounts()
        notes.respondents = 1
        notes.texts = ["newer"]
        let merged = MergedQuestion.merge(
            current: current, version: 2, counts: ["topic": topic, "notes": notes], unfiltered: nil, responses: 1, earlier: earlier)
        #expect(merged["topic"]?.counts.optionCounts == ["a": 2, "b": 2])
        #expect(merged["topic"]?.counts.respondents == 3)
        #expect(merged["topic"]?.responses == 4)
        #expect(merged["topic"]?.split == [.init(version: 1, respondents: 2), .init(version: 2, respondents: 1)])
        #expect(merged["notes"]?.counts.texts == ["newer", "older"], "newest first")
        #expect(merged["useful"]?.counts.respondents == 0, "another scale is not counted with it")
        #expect(merged["useful"]?.split == [.init(version: 2, respondents: 0)])
        #expect(merged["useful"]?.responses == 1)
    }
}
