/// How a form in several languages is shown: which language a participant gets, the form in that
/// language, and what is still untranslated.
extension FormDefinition {
    /// The languages the form can be shown in: its own first, then its translations by tag.
    public var languages: [LanguageTag] {
        [self.language] + self.translations.keys.sorted()
    }

    /// The language to show a participant: the one they picked (`requested`, e.g. `?lang=ko`)
    /// when the form has it, else the best of their `Accept-Language`, else the form's own.
    public func language(requested: String?, preference: LanguagePreference) -> LanguageTag {
        let available = self.languages
        if let requested, let picked = LanguagePreference(acceptLanguage: requested).best(of: available) { return picked }
        return preference.best(of: available) ?? self.language
    }

    /// The form as a participant reads it in `language`: every text that has a translation
    /// replaced, the rest in the form's own language; `language` set to the one shown, and no
    /// translations (a participant's view carries one language). Keys, ids and settings are
    /// untouched, so answers validate the same.
    public func localized(to language: LanguageTag) -> FormDefinition {
        var copy = self
        copy.translations = [:]
        guard language != self.language, let translation = self.translations[language] else { return copy }
        copy.language = language
        copy.title = translation.title ?? self.title
        copy.questions = self.questions.map { question in
            guard let texts = translation.questions[question.key] else { return question }
            return question.localized(texts)
        }
        return copy
    }

    /// Every text a translation lacks, as problems at the path where it would go (e.g.
    /// `translations.ko.questions.q1.options.yes`: "is missing"). The host pages list them, and
    /// publishing refuses a form that has any: a participant never meets a half-translated form.
    public var missingTranslations: [FieldProblem] {
        let texts = self.translatableTexts
        return self.translations.sorted { $0.key < $1.key }.flatMap { language, translation in
            texts.filter { translation.text(for: $0) == nil }.map {
                FieldProblem("translations.\(language).\($0.path)", "is missing")
            }
        }
    }
}

extension Question {
    /// The question with the texts of `translation` where it has them.
    func localized(_ translation: QuestionTranslation) -> Question {
        var copy = self
        copy.prompt = translation.prompt ?? self.prompt
        copy.body = self.body.descriptor.localized(self.body, translation)
        return copy
    }
}
