/// A form's texts in another language as sent by a client, every field optional; the same shape
/// as ``FormTranslation``. Keys stay strings so that an unknown question, option or statement is
/// reported with its path instead of failing the decoding. Validated by ``FormInput/validate(now:)``.
public struct TranslationInput: Codable, Sendable, Equatable {
    public var title: String?
    /// Question key → its texts.
    public var questions: [String: QuestionTranslationInput]?
    /// Read-only (``FormTranslation/sources``, which a GET returns): accepted so that a form read
    /// can be sent back, and ignored — the server records what each text was made from.
    public var sources: [String: String]?

    public init(title: String? = nil, questions: [String: QuestionTranslationInput]? = nil) {
        self.title = title
        self.questions = questions
    }

    /// The input that describes `translation` exactly.
    public init(_ translation: FormTranslation) {
        self.init(
            title: translation.title,
            questions: Dictionary(uniqueKeysWithValues: translation.questions.map { ($0.key.rawValue, QuestionTranslationInput($0.value)) }))
    }
}

/// One question's texts in another language as sent by a client.
public struct QuestionTranslationInput: Codable, Sendable, Equatable {
    public var prompt: String?
    public var placeholder: String?
    public var minLabel: String?
    public var maxLabel: String?
    public var options: [String: String]?
    public var statements: [String: String]?

    public init(
        prompt: String? = nil, placeholder: String? = nil, minLabel: String? = nil, maxLabel: String? = nil,
        options: [String: String]? = nil, statements: [String: String]? = nil
    ) {
        self.prompt = prompt
        self.placeholder = placeholder
        self.minLabel = minLabel
        self.maxLabel = maxLabel
        self.options = options
        self.statements = statements
    }

    /// The input that describes `translation` exactly.
    public init(_ translation: QuestionTranslation) {
        self.init(
            prompt: translation.prompt, placeholder: translation.placeholder, minLabel: translation.minLabel,
            maxLabel: translation.maxLabel, options: translation.options.isEmpty ? nil : translation.options,
            statements: translation.statements.isEmpty ? nil : translation.statements)
    }
}
