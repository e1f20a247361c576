/// A free-text question.
public enum ShortAnswerKind: QuestionKindDescriptor {
    public static let kind = QuestionKind.shortAnswer
    public static func body(_ spec: ShortAnswerSpec) -> QuestionBody { .shortAnswer(spec) }
    public static func answer(_ value: String) -> AnswerValue { .text(value) }

    public static let definitionMembers: [KindMembers.Declaration] = [.init("maxLength", .integer), .init("placeholder", .text)]

    public static func validate(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> ShortAnswerSpec? {
        let maxLength = input.maxLength ?? ShortAnswerSpec.defaultMaxLength
        let lengthOK = problems.checkRange(maxLength, ShortAnswerSpec.maxLengthRange, at: FieldPath.field(path, "maxLength"))
        let before = problems.count
        let placeholder = problems.optionalText(
            input.placeholder, at: FieldPath.field(path, "placeholder"), maxLength: ShortAnswerSpec.placeholderMaxLength
        )
        guard lengthOK, problems.count == before else { return nil }
        return ShortAnswerSpec(maxLength: maxLength, placeholder: placeholder)
    }

    public static func decode(from c: KeyedDecodingContainer<Question.CodingKeys>) throws -> ShortAnswerSpec {
        ShortAnswerSpec(
            maxLength: try c.decodeIfPresent(Int.self, forKey: .maxLength) ?? ShortAnswerSpec.defaultMaxLength,
            placeholder: try c.decodeIfPresent(String.self, forKey: .placeholder)
        )
    }

    public static func encode(_ spec: ShortAnswerSpec, into c: inout KeyedEncodingContainer<Question.CodingKeys>) throws {
        try c.encode(spec.maxLength, forKey: .maxLength)
        try c.encodeIfPresent(spec.placeholder, forKey: .placeholder)
    }

    public static func describe(_ spec: ShortAnswerSpec, into input: inout QuestionInput) {
        input.maxLength = spec.maxLength
        input.placeholder = spec.placeholder
    }

    public static func texts(of spec: ShortAnswerSpec, question key: QuestionKey) -> [TranslatableText] {
        spec.placeholder.map { [TranslatableText(field: .placeholder(key), original: $0)] } ?? []
    }

    public static func localized(_ spec: ShortAnswerSpec, _ translation: QuestionTranslation) -> ShortAnswerSpec {
        var spec = spec
        spec.placeholder = spec.placeholder.map { translation.placeholder ?? $0 }
        return spec
    }

    public static let translationFields: Set<String> = ["placeholder"]

    public static func validateTranslation(
        _ input: QuestionTranslationInput, of spec: ShortAnswerSpec, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector
    ) {
        translation.placeholder = problems.optionalText(
            input.placeholder, at: FieldPath.field(path, "placeholder"), maxLength: ShortAnswerSpec.placeholderMaxLength)
    }

    public static func meaning(of spec: ShortAnswerSpec) -> ShortAnswerSpec {
        var spec = spec
        spec.placeholder = nil
        return spec
    }

    /// Any two free-text questions are counted together.
    public static func answersAreComparable(_ mine: ShortAnswerSpec, _ theirs: ShortAnswerSpec) -> Bool { true }

    public static func signature(of spec: ShortAnswerSpec) -> (options: [ChoiceOption], scale: ClosedRange<Int>?) { ([], nil) }

    public static let answerMembers: [KindMembers.Declaration] = [.init("text", .text)]

    /// NFC, trimmed, multi-line; blank is "not answered"; at most `maxLength` characters; no
    /// control characters other than "\n" and "\t".
    public static func check(
        _ input: AnswerInput, _ spec: ShortAnswerSpec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome {
        guard let raw = input.text else { return .blank }
        let text = TextRules.normalized(raw, lines: .multiple)
        if TextRules.isBlank(text) { return .blank }
        if let message = TextRules.problem(in: text, as: raw, lines: .multiple, maxLength: spec.maxLength) {
            problems.add(FieldPath.field(path, "text"), message)
            return .invalid
        }
        return .answered(.text(text))
    }

    public static func decodeAnswer(from c: KeyedDecodingContainer<Answer.CodingKeys>) throws -> String? {
        try c.decodeIfPresent(String.self, forKey: .text)
    }

    public static func encode(_ value: String, into c: inout KeyedEncodingContainer<Answer.CodingKeys>) throws {
        try c.encode(value, forKey: .text)
    }

    public static func describe(_ value: String, into input: inout AnswerInput) {
        input.text = value
    }

    /// `questionKey`, `text`.
    public static func writeJSON(_ value: String, questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer) {
        writer.raw("\"questionKey\":")
        writer.string(questionKey)
        writer.raw(",\"text\":")
        writer.string(value)
    }
}

extension AnswerInput {
    /// Short answer: the text.
    public var text: String? {
        get { kindMembers[text: "text"] }
        set { kindMembers[text: "text"] = newValue }
    }
}

extension QuestionInput {
    /// Short answer: default 500, 1...2000.
    public var maxLength: Int? {
        get { kindMembers[integer: "maxLength"] }
        set { kindMembers[integer: "maxLength"] = newValue }
    }
    /// Short answer: optional, at most 200 characters.
    public var placeholder: String? {
        get { kindMembers[text: "placeholder"] }
        set { kindMembers[text: "placeholder"] = newValue }
    }
}

extension JSONKey {
    static let text: JSONKey = "text"
    static let maxLength: JSONKey = "maxLength", placeholder: JSONKey = "placeholder"
}
