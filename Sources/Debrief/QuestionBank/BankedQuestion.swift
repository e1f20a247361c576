import Foundation

/// One question a host keeps in their question bank (docs/decisions/0102-question-bank.md): the
/// question as a stored form holds it (the kinds' registry encodes its body, so every kind is kept
/// the same way) with its texts in every language its form had.
///
/// A banked question stands alone: a follow-up's condition names a question of its form, which
/// the bank does not hold, so it is dropped when the question is saved (``init(question:of:)``).
public struct BankedQuestion: Sendable, Equatable, Codable {
    /// The question, in ``language``, without a follow-up condition.
    public var question: Question
    /// The language of the question's own texts (its form's).
    public var language: LanguageTag
    /// Its texts in other languages, by language: those its form had.
    public var translations: [LanguageTag: QuestionTranslation]

    public init(question: Question, language: LanguageTag, translations: [LanguageTag: QuestionTranslation] = [:]) {
        self.question = question
        self.language = language
        self.translations = translations
    }

    /// Question `key` of `form` as the bank keeps it: its translations with it, its condition
    /// dropped; nil when the form has no such question.
    public init?(question key: QuestionKey, of form: FormDefinition) {
        guard var question = form.question(for: key) else { return nil }
        question.showWhen = nil
        var translations: [LanguageTag: QuestionTranslation] = [:]
        for (language, translation) in form.translations {
            if let texts = translation.questions[key] { translations[language] = texts }
        }
        self.init(question: question, language: form.language, translations: translations)
    }

    /// The languages the question can be read in: its own first, then its translations'.
    public var languages: [LanguageTag] {
        [self.language] + self.translations.keys.sorted()
    }

    /// The question as a one-question form, so the form's own language rules apply to it.
    private var asForm: FormDefinition {
        var form = FormDefinition(title: "-", questions: [self.question])
        form.language = self.language
        form.translations = self.translations.mapValues { FormTranslation(questions: [self.question.key: $0]) }
        return form
    }

    /// `form` with this question added last under a key the form does not use: its texts in the
    /// form's language when the bank has them (else in its own), and a translation for each of
    /// the form's other languages the bank has. A language the form does not offer is left out;
    /// one the bank lacks stays missing, as the translations page shows. Not validated here: the
    /// caller saves the result as any draft is saved, through ``FormInput/validate(now:)``.
    public func inserted(into form: FormDefinition) -> FormDefinition {
        let key = Self.freshKey(avoiding: Set(form.questions.map(\.key)))
        let source = self.asForm
        var question = source.localized(to: form.language).questions[0]
        question.key = key
        question.showWhen = nil
        var result = form
        result.questions.append(question)
        for (language, var translation) in form.translations {
            guard let texts = self.texts(in: language) else { continue }
            translation.questions[key] = texts
            result.translations[language] = translation
        }
        return result
    }

    /// The question's texts in `language` as a translation holds them; nil when the bank has none.
    private func texts(in language: LanguageTag) -> QuestionTranslation? {
        guard language == self.language else { return self.translations[language] }
        var texts = QuestionTranslation()
        for text in self.asForm.translatableTexts { texts.set(text.original, for: text.field) }
        return texts
    }

    /// `q1`, `q2`, … : the first a form does not use (keys are the form's own, stable across
    /// sessions; a banked question takes a new one wherever it goes).
    static func freshKey(avoiding used: Set<QuestionKey>) -> QuestionKey {
        var n = used.count + 1
        while true {
            if let key = QuestionKey(rawValue: "q\(n)"), !used.contains(key) { return key }
            n += 1
        }
    }
}

extension QuestionTranslation {
    /// Sets one text of a question (the title is a form's, not a question's: ignored).
    mutating func set(_ value: String, for field: TranslatableText.Field) {
        switch field {
        case .title: break
        case .prompt: self.prompt = value
        case .placeholder: self.placeholder = value
        case .minLabel: self.minLabel = value
        case .maxLabel: self.maxLabel = value
        case .option(_, let id): self.options[id] = value
        case .statement(_, let key): self.statements[key] = value
        }
    }
}
