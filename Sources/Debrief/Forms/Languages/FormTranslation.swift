/// A form's texts in one more language than its own (``FormDefinition/language``): the title and,
/// per question key, the prompt, option and statement labels, scale end labels and placeholder.
///
/// Only texts are translated: keys, option ids, scales and settings are the form's own, so an
/// answer means the same whatever language it was given in, and results group answers by
/// question. A missing text falls back to the form's own language when shown, and is flagged
/// before publishing (``FormDefinition/missingTranslations``).
public struct FormTranslation: Sendable, Equatable, Codable {
    public var title: String?
    public var questions: [QuestionKey: QuestionTranslation]
    /// By text path (``TranslatableText/path``): the original each text was translated from, so
    /// a text whose original changed since is flagged as maybe out of date (issue 68; see
    /// `FormDefinition+TranslationSources.swift`). Empty for translations saved before it.
    public var sources: [String: String]

    public init(title: String? = nil, questions: [QuestionKey: QuestionTranslation] = [:], sources: [String: String] = [:]) {
        self.title = title
        self.questions = questions
        self.sources = sources
    }

    private enum CodingKeys: String, CodingKey { case title, questions, sources }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.title = try c.decodeIfPresent(String.self, forKey: .title)
        self.questions = try c.decodeIfPresent([QuestionKey: QuestionTranslation].self, forKey: .questions) ?? [:]
        self.sources = try c.decodeIfPresent([String: String].self, forKey: .sources) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(self.title, forKey: .title)
        try c.encode(self.questions, forKey: .questions)
        if !self.sources.isEmpty { try c.encode(self.sources, forKey: .sources) }
    }
}

/// One question's texts in another language. Which fields apply follows the question's kind,
/// as in ``Question``: `options` (choice), `placeholder` (short answer), `minLabel`/`maxLabel`
/// (rating and grid), `statements` (grid).
public struct QuestionTranslation: Sendable, Equatable, Codable {
    public var prompt: String?
    public var placeholder: String?
    public var minLabel: String?
    public var maxLabel: String?
    /// Option id → label.
    public var options: [String: String]
    /// Statement key → label.
    public var statements: [String: String]

    public init(
        prompt: String? = nil, placeholder: String? = nil, minLabel: String? = nil, maxLabel: String? = nil,
        options: [String: String] = [:], statements: [String: String] = [:]
    ) {
        self.prompt = prompt
        self.placeholder = placeholder
        self.minLabel = minLabel
        self.maxLabel = maxLabel
        self.options = options
        self.statements = statements
    }

    private enum CodingKeys: String, CodingKey { case prompt, placeholder, minLabel, maxLabel, options, statements }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.prompt = try c.decodeIfPresent(String.self, forKey: .prompt)
        self.placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder)
        self.minLabel = try c.decodeIfPresent(String.self, forKey: .minLabel)
        self.maxLabel = try c.decodeIfPresent(String.self, forKey: .maxLabel)
        self.options = try c.decodeIfPresent([String: String].self, forKey: .options) ?? [:]
        self.statements = try c.decodeIfPresent([String: String].self, forKey: .statements) ?? [:]
    }

    /// Leaves out what is absent, so a translation reads like the question it translates.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(self.prompt, forKey: .prompt)
        try c.encodeIfPresent(self.placeholder, forKey: .placeholder)
        try c.encodeIfPresent(self.minLabel, forKey: .minLabel)
        try c.encodeIfPresent(self.maxLabel, forKey: .maxLabel)
        if !self.options.isEmpty { try c.encode(self.options, forKey: .options) }
        if !self.statements.isEmpty { try c.encode(self.statements, forKey: .statements) }
    }
}

extension QuestionKey: CodingKeyRepresentable {
    public init?<T: CodingKey>(codingKey: T) {
        self.init(rawValue: codingKey.stringValue)
    }

    public var codingKey: any CodingKey { StringCodingKey(self.rawValue) }
}
