/// One question of a form.
///
/// Encoded as ONE flat JSON object, the same shape the API returns, the database stores
/// and ``QuestionInput`` accepts, e.g.
/// `{"key":"q1","prompt":"How useful?","required":true,"kind":"rating","min":1,"max":5}`.
public struct Question: Sendable, Equatable, Codable {
    /// Longest prompt, in Unicode code points as sent (see ``TextRules``).
    public static let promptMaxLength = 300

    /// Stable identifier within the form.
    public var key: QuestionKey
    /// The question text, 1–300 characters, single line.
    public var prompt: String
    /// Whether a submission must answer it.
    public var required: Bool
    /// The kind and its settings.
    public var body: QuestionBody
    /// When set, the question is a follow-up: shown only when an earlier answer matches
    /// (``FollowUpCondition``); hidden, it is never required and takes no answer.
    public var showWhen: FollowUpCondition?

    /// Creates a question from already-valid parts.
    public init(key: QuestionKey, prompt: String, required: Bool = false, body: QuestionBody, showWhen: FollowUpCondition? = nil) {
        self.key = key
        self.prompt = prompt
        self.required = required
        self.body = body
        self.showWhen = showWhen
    }

    /// The kind of the question.
    public var kind: QuestionKind { body.kind }

    /// Every JSON key a question may have; kind-specific ones are only written for
    /// their kind.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case key, prompt, required, kind, showWhen
        case options, allowsMultiple, maxSelections, allowsOther
        case maxLength, placeholder
        case min, max, minLabel, maxLabel
        case statements
        case shuffleOptions
    }

    /// Decodes the flat shape. Stored JSON was produced by validation, so this checks
    /// structure (kind, types, key syntax) but not every length rule; untrusted input
    /// goes through ``QuestionInput`` and ``FormInput/validate(now:)`` instead.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(QuestionKey.self, forKey: .key)
        prompt = try c.decode(String.self, forKey: .prompt)
        required = try c.decodeIfPresent(Bool.self, forKey: .required) ?? false
        showWhen = try c.decodeIfPresent(FollowUpCondition.self, forKey: .showWhen)
        switch try c.decode(QuestionKind.self, forKey: .kind) {
        case .choice:
            var spec = ChoiceSpec(
                options: try c.decode([ChoiceOption].self, forKey: .options),
                allowsMultiple: try c.decodeIfPresent(Bool.self, forKey: .allowsMultiple) ?? false,
                maxSelections: try c.decodeIfPresent(Int.self, forKey: .maxSelections),
                allowsOther: try c.decodeIfPresent(Bool.self, forKey: .allowsOther) ?? false
            )
            spec.shuffleOptions = try c.decodeIfPresent(Bool.self, forKey: .shuffleOptions) ?? false
            body = .choice(spec)
        case .shortAnswer:
            body = .shortAnswer(ShortAnswerSpec(
                maxLength: try c.decodeIfPresent(Int.self, forKey: .maxLength) ?? ShortAnswerSpec.defaultMaxLength,
                placeholder: try c.decodeIfPresent(String.self, forKey: .placeholder)
            ))
        case .rating:
            body = .rating(try Self.decodeScale(c))
        case .grid:
            body = .grid(GridSpec(statements: try c.decode([GridStatement].self, forKey: .statements), scale: try Self.decodeScale(c)))
        }
    }

    /// Encodes the flat shape; optional settings that are nil are left out.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(prompt, forKey: .prompt)
        try c.encode(required, forKey: .required)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(showWhen, forKey: .showWhen)
        switch body {
        case .choice(let spec):
            try c.encode(spec.options, forKey: .options)
            try c.encode(spec.allowsMultiple, forKey: .allowsMultiple)
            try c.encodeIfPresent(spec.maxSelections, forKey: .maxSelections)
            try c.encode(spec.allowsOther, forKey: .allowsOther)
            // Written only when on, so stored forms and API answers of older forms keep their shape.
            if spec.shuffleOptions { try c.encode(true, forKey: .shuffleOptions) }
        case .shortAnswer(let spec):
            try c.encode(spec.maxLength, forKey: .maxLength)
            try c.encodeIfPresent(spec.placeholder, forKey: .placeholder)
        case .rating(let spec):
            try Self.encodeScale(spec, into: &c)
        case .grid(let spec):
            try c.encode(spec.statements, forKey: .statements)
            try Self.encodeScale(spec.scale, into: &c)
        }
    }

    /// A rating's or a grid's scale: `min`, `max` and the end labels.
    private static func decodeScale(_ c: KeyedDecodingContainer<CodingKeys>) throws -> RatingSpec {
        RatingSpec(
            min: try c.decode(Int.self, forKey: .min),
            max: try c.decode(Int.self, forKey: .max),
            minLabel: try c.decodeIfPresent(String.self, forKey: .minLabel),
            maxLabel: try c.decodeIfPresent(String.self, forKey: .maxLabel))
    }

    private static func encodeScale(_ spec: RatingSpec, into c: inout KeyedEncodingContainer<CodingKeys>) throws {
        try c.encode(spec.min, forKey: .min)
        try c.encode(spec.max, forKey: .max)
        try c.encodeIfPresent(spec.minLabel, forKey: .minLabel)
        try c.encodeIfPresent(spec.maxLabel, forKey: .maxLabel)
    }
}
