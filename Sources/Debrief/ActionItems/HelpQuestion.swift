import Foundation

/// "Did this help?" about an action (docs/decisions/0078-did-this-help.md): a real rating question
/// in the form of the session that reviews the action, so results, k, charts, exports, live and
/// trends treat it as any rating. This type only makes and recognises the question; which form
/// carries it is the store's (`HelpQuestions`).
public enum HelpQuestion {
    /// Every generated key starts with it; a series' form never keeps such a question (``SeriesForm``).
    public static let keyPrefix = "helped-"

    /// The question's key: the prefix and the action's id without dashes (39 characters), stable
    /// for the action's life and never another action's.
    public static func key(for actionID: UUID) -> QuestionKey {
        let hex = actionID.lowercasedText.replacingOccurrences(of: "-", with: "")
        guard let key = QuestionKey(rawValue: Self.keyPrefix + hex) else {
            preconditionFailure("the prefix and 32 hex digits always satisfy the identifier rules")
        }
        return key
    }

    /// Whether `key` is a generated "did this help?" question's.
    public static func isGenerated(_ key: QuestionKey) -> Bool {
        key.rawValue.hasPrefix(Self.keyPrefix)
    }

    /// The question about the action titled `title`, worded in `definition`'s language and with a
    /// translation for each language the form offers (English where Debrief does not speak it).
    static func question(actionID: UUID, title: String, language: LanguageTag) -> Question {
        let words = Language(language) ?? .fallback
        return Question(
            key: Self.key(for: actionID), prompt: HelpQuestionPhrase.prompt(title: title, words), required: false,
            body: .rating(RatingSpec(
                min: 1, max: 5, minLabel: HelpQuestionPhrase.notAtAll.text(words), maxLabel: HelpQuestionPhrase.aLot.text(words))))
    }

    /// `definition` without any generated question (nor its translations).
    public static func removingAll(from definition: FormDefinition) -> FormDefinition {
        Self.removing(where: Self.isGenerated, from: definition)
    }

    /// `definition` without the question `key` (nor its translations).
    public static func removing(_ key: QuestionKey, from definition: FormDefinition) -> FormDefinition {
        Self.removing(where: { $0 == key }, from: definition)
    }

    /// `definition` with the question about each action appended, after any removed first: the
    /// actions' current titles, in the order given.
    public static func adding(_ actions: [(id: UUID, title: String)], to definition: FormDefinition) -> FormDefinition {
        var form = definition
        for action in actions {
            let key = Self.key(for: action.id)
            form = Self.removing(key, from: form)
            form.questions.append(Self.question(actionID: action.id, title: action.title, language: form.language))
            for tag in Array(form.translations.keys) {
                let words = Language(tag) ?? .fallback
                form.translations[tag]?.questions[key] = QuestionTranslation(
                    prompt: HelpQuestionPhrase.prompt(title: action.title, words), minLabel: HelpQuestionPhrase.notAtAll.text(words),
                    maxLabel: HelpQuestionPhrase.aLot.text(words))
            }
        }
        return form
    }

    private static func removing(where matches: (QuestionKey) -> Bool, from definition: FormDefinition) -> FormDefinition {
        var form = definition
        form.questions.removeAll { matches($0.key) }
        for (tag, translation) in form.translations {
            form.translations[tag]?.questions = translation.questions.filter { !matches($0.key) }
        }
        return form
    }
}

/// The words of the "did this help?" question, in the languages Debrief speaks. Domain words (the
/// question is part of a form, not of a page), so they live beside the question, not in
/// DebriefWeb's phrase tables.
public enum HelpQuestionPhrase: String, CaseIterable, Sendable {
    case prompt, notAtAll, aLot

    public func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    /// The prompt quoting the action's title (the host's words).
    static func prompt(title: String, _ language: Language) -> String {
        Self.prompt.text(language).replacingOccurrences(of: "{title}", with: title)
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .prompt: return ("Did this help? “{title}”", "도움이 되었나요? “{title}”")
        case .notAtAll: return ("Not at all", "전혀 아니에요")
        case .aLot: return ("A lot", "많이 됐어요")
        }
    }
}
