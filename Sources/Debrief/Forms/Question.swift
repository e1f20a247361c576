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

    /// A question's JSON keys: the shared ones below, and each kind's own, which its descriptor
    /// declares in its file (docs/decisions/0084); kind-specific ones are only written for their kind.
    public typealias CodingKeys = JSONKey

    /// Decodes the flat shape. Stored JSON was produced by validation, so this checks
    /// structure (kind, types, key syntax) but not every length rule; untrusted input
    /// goes through ``QuestionInput`` and ``FormInput/validate(now:)`` instead.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(QuestionKey.self, forKey: .key)
        prompt = try c.decode(String.self, forKey: .prompt)
        required = try c.decodeIfPresent(Bool.self, forKey: .required) ?? false
        showWhen = try c.decodeIfPresent(FollowUpCondition.self, forKey: .showWhen)
        body = try c.decode(QuestionKind.self, forKey: .kind).descriptor.decodeBody(from: c)
    }

    /// Encodes the flat shape; optional settings that are nil are left out.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(prompt, forKey: .prompt)
        try c.encode(required, forKey: .required)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(showWhen, forKey: .showWhen)
        try body.descriptor.encodeBody(body, into: &c)
    }
}

extension JSONKey {
    // The shared members of a question; each kind names its own in its file.
    static let key: JSONKey = "key", prompt: JSONKey = "prompt", required: JSONKey = "required", kind: JSONKey = "kind"
    static let showWhen: JSONKey = "showWhen"
}
