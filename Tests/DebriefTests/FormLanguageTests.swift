import Debrief
import Foundation
import Testing

/// Forms in several languages (docs/decisions/0037-form-languages.md): language tags, the
/// validation paths of translations, what is missing, the participant's language, the form shown
/// in it, and the language a response records.
@Suite("Form languages")
struct FormLanguageTests {
    /// A form with one question of each kind that has texts, in English with a Korean translation.
    static func input(korean: TranslationInput? = Self.korean) -> FormInput {
        var input = FormInput(
            title: "Team sync",
            questions: [
                QuestionInput(key: "useful", prompt: "How useful?", kind: "rating") { $0.min = 1; $0.max = 5; $0.minLabel = "Not at all"; $0.maxLabel = "Very" },
                QuestionInput(key: "topic", prompt: "Best topic?", kind: "choice"),
                QuestionInput(key: "notes", prompt: "Anything else?", kind: "shortAnswer") { $0.placeholder = "Optional" },
            ])
        input.questions?[1].options = [OptionInput(id: "roadmap", label: "Roadmap"), OptionInput(id: "hiring", label: "Hiring")]
        input.translations = korean.map { ["ko": $0] }
        return input
    }

    static let korean = TranslationInput(
        title: "팀 회의",
        questions: [
            "useful": QuestionTranslationInput(prompt: "얼마나 유용했나요?", minLabel: "전혀", maxLabel: "매우"),
            "topic": QuestionTranslationInput(prompt: "가장 좋았던 주제는?", options: ["roadmap": "로드맵", "hiring": "채용"]),
            "notes": QuestionTranslationInput(prompt: "더 하실 말씀은?", placeholder: "선택 사항"),
        ])

    @Test func tagsAreCaseFoldedAndCheckedForShape() {
        #expect(LanguageTag(rawValue: "ko-KR")?.rawValue == "ko-kr")
        #expect(LanguageTag(rawValue: "zh-Hant-TW")?.primary == "zh")
        for bad in ["", "k", "korean", "ko_KR", "ko-", "-ko", "en-toolongsubtag", "é", "en-a-b-c-d"] {
            #expect(LanguageTag(rawValue: bad) == nil, "\(bad)")
        }
    }

    @Test func aTranslatedFormValidatesAndRoundTripsThroughJSON() throws {
        let form = try Self.input().validate().get()
        #expect(form.language == .english)
        #expect(form.languages == [.english, .korean])
        #expect(form.missingTranslations.isEmpty)
        let decoded = try JSONDecoder().decode(FormDefinition.self, from: try JSONEncoder().encode(form))
        #expect(decoded == form)
        let json = String(decoding: try JSONEncoder().encode(form), as: UTF8.self)
        #expect(json.contains(#""translations":{"ko":{"#), "translations are an object keyed by language: \(json)")
    }

    @Test func aFormStoredBeforeLanguagesIsEnglishWithNoTranslations() throws {
        let json = #"{"title":"Old","questions":[{"key":"q1","prompt":"Why?","kind":"shortAnswer"}]}"#
        let form = try JSONDecoder().decode(FormDefinition.self, from: Data(json.utf8))
        #expect(form.language == .english && form.translations.isEmpty && form.languages == [.english])
    }

    @Test func everyProblemOfATranslationIsReportedAtItsPath() {
        var input = Self.input()
        input.language = "english"
        input.translations = [
            "ko": TranslationInput(
                title: "\u{7}",
                questions: [
                    "nope": QuestionTranslationInput(prompt: "?"),
                    "useful": QuestionTranslationInput(placeholder: "x", options: ["a": "b"]),
                    "topic": QuestionTranslationInput(options: ["roadmap": repeated("가", 201), "other": "기타"]),
                ]),
            "EN": TranslationInput(title: "Same"),
            "k!": TranslationInput(),
        ]
        let found = Set(problems(input.validate()))
        #expect(found.contains(P("language", LanguageTag.message)))
        #expect(found.contains(P("translations.k!", LanguageTag.message)))
        #expect(found.contains(P("translations.ko.title", "must not contain control characters")))
        #expect(found.contains(P("translations.ko.questions.nope", "is not a question of the form")))
        #expect(found.contains(P("translations.ko.questions.useful.placeholder", "not allowed for rating questions")))
        #expect(found.contains(P("translations.ko.questions.useful.options", "not allowed for rating questions")))
        #expect(found.contains(P("translations.ko.questions.topic.options.roadmap", "must be at most 200 characters")))
        #expect(found.contains(P("translations.ko.questions.topic.options.other", "is not an option of the question")))
    }

    @Test func theFormsOwnLanguageCannotAlsoBeATranslation() {
        var input = Self.input()
        input.language = "ko"
        #expect(problems(input.validate()) == [P("translations.ko", "is the form's own language")])
    }

    @Test func tooManyLanguagesAreRefused() {
        var input = Self.input(korean: nil)
        input.translations = Dictionary(uniqueKeysWithValues: ["ko", "ja", "zh", "es", "fr", "de", "pt", "it", "vi", "id"].map { ($0, TranslationInput()) })
        #expect(problems(input.validate()).contains(P("translations", "must have at most 9 languages")))
    }

    @Test func missingTextsAreListedAtTheirPaths() throws {
        var korean = Self.korean
        korean.title = nil
        korean.questions?["topic"]?.options = ["roadmap": "로드맵"]
        korean.questions?["notes"] = nil
        let form = try Self.input(korean: korean).validate().get()
        #expect(form.missingTranslations.map(\.path) == [
            "translations.ko.title", "translations.ko.questions.topic.options.hiring", "translations.ko.questions.notes.prompt",
            "translations.ko.questions.notes.placeholder",
        ])
        #expect(form.missingTranslations.allSatisfy { $0.message == "is missing" })
    }

    @Test func theFormShownInALanguageHasItsTextsAndKeepsEverythingElse() throws {
        let form = try Self.input().validate().get()
        let shown = form.localized(to: .korean)
        #expect(shown.title == "팀 회의" && shown.language == .korean && shown.translations.isEmpty)
        #expect(shown.questions.map(\.prompt) == ["얼마나 유용했나요?", "가장 좋았던 주제는?", "더 하실 말씀은?"])
        guard case .rating(let scale) = shown.questions[0].body, case .choice(let choice) = shown.questions[1].body,
            case .shortAnswer(let text) = shown.questions[2].body
        else {
            Issue.record("kinds changed")
            return
        }
        #expect(scale.minLabel == "전혀" && scale.maxLabel == "매우" && scale.min == 1 && scale.max == 5)
        #expect(choice.options == [ChoiceOption(id: "roadmap", label: "로드맵"), ChoiceOption(id: "hiring", label: "채용")])
        #expect(text.placeholder == "선택 사항")
        #expect(shown.differsOnlyInWording(from: form), "only words differ: the same answers validate")
        #expect(form.localized(to: LanguageTag(rawValue: "ja")!) == { var own = form; own.translations = [:]; return own }())
    }

    @Test func aMissingTextFallsBackToTheFormsOwn() throws {
        var korean = Self.korean
        korean.questions?["topic"]?.options = ["roadmap": "로드맵"]
        let shown = try Self.input(korean: korean).validate().get().localized(to: .korean)
        guard case .choice(let choice) = shown.questions[1].body else { return }
        #expect(choice.options.map(\.label) == ["로드맵", "Hiring"])
    }

    @Test func theParticipantGetsThePickedLanguageThenTheirBrowsersThenTheForms() throws {
        let form = try Self.input().validate().get()
        let none = LanguagePreference(acceptLanguage: nil)
        #expect(form.language(requested: nil, preference: none) == .english)
        #expect(form.language(requested: nil, preference: LanguagePreference(acceptLanguage: "ko-KR,ko;q=0.9,en;q=0.8")) == .korean)
        #expect(form.language(requested: nil, preference: LanguagePreference(acceptLanguage: "fr, ko;q=0.5, en;q=0.7")) == .english)
        #expect(form.language(requested: nil, preference: LanguagePreference(acceptLanguage: "ko;q=0, *")) == .english)
        #expect(form.language(requested: "ko", preference: LanguagePreference(acceptLanguage: "en")) == .korean, "a pick wins")
        #expect(form.language(requested: "ja", preference: LanguagePreference(acceptLanguage: "ko")) == .korean, "an unknown pick is ignored")
    }

    @Test func aResponseRecordsItsLanguageOnlyOnAFormInSeveralLanguages() throws {
        let form = try Self.input().validate().get()
        var problems = ProblemCollector()
        #expect(form.responseLanguage(nil, into: &problems) == .english)
        #expect(form.responseLanguage("KO", into: &problems) == .korean)
        #expect(problems.isEmpty)
        #expect(form.responseLanguage("ja", into: &problems) == nil)
        #expect(problems.problems == [P("language", "must be one of en, ko")])
        let single = try Self.input(korean: nil).validate().get()
        var none = ProblemCollector()
        #expect(single.responseLanguage("en", into: &none) == nil && none.isEmpty, "one language: nothing to record")
    }

    @Test func addingALanguageToAnOpenFormIsAWordingEdit() throws {
        let single = try Self.input(korean: nil).validate().get()
        let translated = try Self.input().validate().get()
        #expect(translated.differsOnlyInWording(from: single))
    }

    @Test func aBuilderSaveKeepsTheTranslationsOfTextsThatStillExist() throws {
        let form = try Self.input().validate().get()
        var changed = Self.input(korean: nil)
        changed.questions?.removeLast()
        changed.questions?[1].options = [OptionInput(id: "roadmap", label: "Roadmap"), OptionInput(id: "budget", label: "Budget")]
        let texts = try changed.validate().get().translatableTexts
        changed.translations = form.translationInputs(keeping: texts)
        let kept = try changed.validate().get()
        #expect(kept.translations[.korean]?.questions[QuestionKey(rawValue: "notes")!] == nil)
        #expect(kept.translations[.korean]?.questions[QuestionKey(rawValue: "topic")!]?.options == ["roadmap": "로드맵"])
        #expect(kept.missingTranslations.map(\.path) == ["translations.ko.questions.topic.options.budget"])
    }
}
