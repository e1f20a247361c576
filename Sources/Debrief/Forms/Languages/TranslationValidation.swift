/// The rules of a form's languages: which tags, how many, and that a translation only names
/// texts the form has.
extension FormInput {
    /// Accepted number of translations (languages besides the form's own).
    static let maxTranslations = 9

    /// The form's own language (`language`, default English) and its translations, checked against
    /// the validated `questions` (nil when they had problems: then only what needs no question
    /// is checked). Paths: `language`, `translations`, `translations.<tag>`,
    /// `translations.<tag>.title`, `translations.<tag>.questions.<key>`,
    /// `….<key>.prompt|placeholder|minLabel|maxLabel`, `….<key>.options.<id>`,
    /// `….<key>.statements.<key>`.
    func validateLanguages(
        questions: [Question]?, into problems: inout ProblemCollector
    ) -> (language: LanguageTag, translations: [LanguageTag: FormTranslation])? {
        let before = problems.count
        var language = LanguageTag.english
        if let raw = self.language {
            if let tag = LanguageTag(rawValue: raw) { language = tag } else { problems.add("language", LanguageTag.message) }
        }
        let inputs = self.translations ?? [:]
        if inputs.count > Self.maxTranslations {
            problems.add("translations", "must have at most \(Self.maxTranslations) languages")
        }
        var translations: [LanguageTag: FormTranslation] = [:]
        for (raw, input) in inputs.sorted(by: { $0.key < $1.key }) {
            let path = FieldPath.field("translations", raw)
            guard let tag = LanguageTag(rawValue: raw) else {
                problems.add(path, LanguageTag.message)
                continue
            }
            guard tag != language else {
                problems.add(path, "is the form's own language")
                continue
            }
            guard translations[tag] == nil else {
                problems.add(path, "duplicate language")
                continue
            }
            translations[tag] = input.validate(at: path, questions: questions, into: &problems)
        }
        return problems.count == before ? (language, translations) : nil
    }
}

extension TranslationInput {
    fileprivate func validate(at path: String, questions: [Question]?, into problems: inout ProblemCollector) -> FormTranslation {
        var translation = FormTranslation()
        translation.title = problems.optionalText(
            self.title, at: FieldPath.field(path, "title"), maxLength: FormDefinition.titleMaxLength)
        guard let questions else { return translation }
        for (rawKey, input) in (self.questions ?? [:]).sorted(by: { $0.key < $1.key }) {
            let questionPath = FieldPath.field(FieldPath.field(path, "questions"), rawKey)
            guard let question = questions.first(where: { $0.key.rawValue == rawKey }) else {
                problems.add(questionPath, "is not a question of the form")
                continue
            }
            translation.questions[question.key] = input.validate(at: questionPath, for: question, into: &problems)
        }
        return translation
    }
}

extension QuestionTranslationInput {
    fileprivate func validate(at path: String, for question: Question, into problems: inout ProblemCollector) -> QuestionTranslation {
        var translation = QuestionTranslation()
        translation.prompt = problems.optionalText(
            self.prompt, at: FieldPath.field(path, "prompt"), maxLength: Question.promptMaxLength)
        let applies = question.kind.descriptor.translationFields
        for (name, present) in [
            ("placeholder", self.placeholder != nil), ("minLabel", self.minLabel != nil), ("maxLabel", self.maxLabel != nil),
            ("options", self.options != nil), ("statements", self.statements != nil),
        ] where present && !applies.contains(name) {
            problems.add(FieldPath.field(path, name), question.kind.notAllowedMessage)
        }
        question.body.descriptor.validateTranslation(self, of: question.body, at: path, into: &translation, &problems)
        return translation
    }

    /// Labels by id, each a known id and a valid single-line text; empty texts are left out.
    static func labels(
        _ raw: [String: String]?, at path: String, known: Set<String>, unknown: String, maxLength: Int,
        into problems: inout ProblemCollector
    ) -> [String: String] {
        var labels: [String: String] = [:]
        for (id, text) in (raw ?? [:]).sorted(by: { $0.key < $1.key }) {
            let labelPath = FieldPath.field(path, id)
            guard known.contains(id) else {
                problems.add(labelPath, unknown)
                continue
            }
            labels[id] = problems.optionalText(text, at: labelPath, maxLength: maxLength)
        }
        return labels
    }
}
