/// One text of a form that a translation can give in another language: the title, a prompt, an
/// option or statement label, a scale end label or a placeholder. The one list of them serves
/// the "missing" check, the side-by-side editor and its field names.
public struct TranslatableText: Sendable, Equatable {
    /// Which text it is.
    public enum Field: Sendable, Equatable {
        case title
        case prompt(QuestionKey)
        case placeholder(QuestionKey)
        case minLabel(QuestionKey)
        case maxLabel(QuestionKey)
        case option(QuestionKey, id: String)
        case statement(QuestionKey, key: String)
    }

    /// What the host calls a text a kind keeps in another text's slot (issue 68: a number
    /// question's unit is translated in the placeholder's slot, and the page called it that).
    public enum Name: Sendable, Equatable {
        case unit
    }

    public var field: Field
    /// The text in the form's own language.
    public var original: String
    /// Its own name when it is not the slot's; nil: the slot names it.
    public var name: Name? = nil

    /// Where it goes within a translation, as the API's validation names it: `title`,
    /// `questions.q1.prompt`, `questions.q1.options.yes`.
    public var path: String {
        switch self.field {
        case .title: return "title"
        case .prompt(let key): return "questions.\(key).prompt"
        case .placeholder(let key): return "questions.\(key).placeholder"
        case .minLabel(let key): return "questions.\(key).minLabel"
        case .maxLabel(let key): return "questions.\(key).maxLabel"
        case .option(let key, let id): return "questions.\(key).options.\(id)"
        case .statement(let key, let statement): return "questions.\(key).statements.\(statement)"
        }
    }

    /// The question it belongs to; nil for the title.
    public var question: QuestionKey? {
        switch self.field {
        case .title: return nil
        case .prompt(let key), .placeholder(let key), .minLabel(let key), .maxLabel(let key), .option(let key, _),
            .statement(let key, _):
            return key
        }
    }
}

extension FormDefinition {
    /// Every text of the form, in reading order.
    public var translatableTexts: [TranslatableText] {
        var texts = [TranslatableText(field: .title, original: self.title)]
        for question in self.questions {
            let key = question.key
            texts.append(TranslatableText(field: .prompt(key), original: question.prompt))
            texts += question.body.descriptor.texts(of: question.body, question: key)
        }
        return texts
    }
}

extension FormTranslation {
    /// This translation's text for `text`, if it has one.
    public func text(for text: TranslatableText) -> String? {
        switch text.field {
        case .title: return self.title
        case .prompt(let key): return self.questions[key]?.prompt
        case .placeholder(let key): return self.questions[key]?.placeholder
        case .minLabel(let key): return self.questions[key]?.minLabel
        case .maxLabel(let key): return self.questions[key]?.maxLabel
        case .option(let key, let id): return self.questions[key]?.options[id]
        case .statement(let key, let statement): return self.questions[key]?.statements[statement]
        }
    }
}

extension TranslationInput {
    /// Sets the text for `text` (e.g. from the side-by-side editor's field of that path).
    public mutating func set(_ value: String, for text: TranslatableText) {
        guard let key = text.question else {
            self.title = value
            return
        }
        var question = self.questions?[key.rawValue] ?? QuestionTranslationInput()
        switch text.field {
        case .title: break
        case .prompt: question.prompt = value
        case .placeholder: question.placeholder = value
        case .minLabel: question.minLabel = value
        case .maxLabel: question.maxLabel = value
        case .option(_, let id): question.options = (question.options ?? [:]).merging([id: value]) { $1 }
        case .statement(_, let statement): question.statements = (question.statements ?? [:]).merging([statement: value]) { $1 }
        }
        self.questions = (self.questions ?? [:]).merging([key.rawValue: question]) { $1 }
    }
}

extension FormDefinition {
    /// The translations as inputs, keeping only the texts in `texts` (those of a new draft of the
    /// form): a host's builder save keeps every translation whose text still exists.
    public func translationInputs(keeping texts: [TranslatableText]) -> [String: TranslationInput] {
        Dictionary(
            uniqueKeysWithValues: self.translations.map { language, translation in
                var input = TranslationInput()
                for text in texts { if let value = translation.text(for: text) { input.set(value, for: text) } }
                return (language.rawValue, input)
            })
    }
}
