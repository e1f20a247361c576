import Foundation

/// The body of a submission as decoded from JSON, every field optional:
/// `{"participantToken":"…","answers":[{"questionKey":"q1","rating":4}, …]}`.
/// Validate with ``validate(_:against:)``.
public struct SubmissionInput: Codable, Sendable, Equatable {
    /// Identifies the participant for anonymous forms (checked by the HTTP layer, not here).
    public var participantToken: String?
    /// Required; one entry per answered question.
    public var answers: [AnswerInput]?
    /// The language the form was shown in (one of the form's `languages`); default its own.
    public var language: String?
    /// Optional: the signed "opened" ticket of the view the participant answered
    /// (`GET /v1/f/{code}`'s `openedToken`), checked by the actions, not here (docs/decisions/0036).
    public var openedToken: String?
    /// Optional: the secret of a roster member's personal link (`/f/{code}?p=…`, decision 77).
    /// It proves the member's place on the roster; the answers are stored as any others.
    public var personalLink: String?

    /// Creates an input; every field defaults to absent.
    public init(participantToken: String? = nil, answers: [AnswerInput]? = nil, language: String? = nil) {
        self.participantToken = participantToken
        self.answers = answers
        self.language = language
    }
}

/// One answer as sent by a client: the question's key and the members of its kind, which each
/// kind declares (``QuestionKindDescriptor/answerMembers``) and gives typed accessors in its own
/// file (a choice's `optionIds`, a rating's `rating`, a number's `number`). Nothing here names a
/// kind, so a new kind adds no line to this shape.
public struct AnswerInput: Codable, Sendable, Equatable {
    /// Required: the key of the answered question.
    public var questionKey: String?
    /// The members the kinds declare, by name.
    public var kindMembers = KindMembers()

    /// Creates an input; the kind's members are set through their accessors.
    public init(questionKey: String? = nil) {
        self.questionKey = questionKey
    }

    /// The input that describes `answer` exactly (e.g. to prefill an edit form).
    public init(_ answer: Answer) {
        self.init(questionKey: answer.questionKey.rawValue)
        answer.value.kind.descriptor.describeAnswerValue(answer.value, into: &self)
    }

    /// The kind-specific members that are present, with the kind they belong to, in the
    /// registry's order.
    ///
    /// Looked up from the members the answer has (usually one) rather than by asking for every
    /// member any kind declares: each submission asks this twice per answer, and hashing every
    /// declared name each time was 6 % of a submission's instructions (issue 72, callgrind).
    var presentKindFields: [(name: String, kind: QuestionKind)] {
        kindMembers.values.keys
            .compactMap { Self.declaredFields[$0] }
            .sorted { $0.position < $1.position }
            .map { (name: $0.name, kind: $0.kind) }
    }

    /// Each answer member by name: its place in the registry's order and the kind it belongs to
    /// (the first kind that declares it), asked of the kinds once rather than per answer.
    private static let declaredFields: [String: (position: Int, name: String, kind: QuestionKind)] = {
        let kindOfField = Dictionary(
            QuestionKinds.all.flatMap { kind in kind.answerFields.map { ($0, kind.kind) } },
            uniquingKeysWith: { first, _ in first })
        var fields: [String: (position: Int, name: String, kind: QuestionKind)] = [:]
        for (position, member) in QuestionKinds.answerMembers.enumerated() where fields[member.name] == nil {
            guard let kind = kindOfField[member.name] else { continue }
            fields[member.name] = (position, member.name, kind)
        }
        return fields
    }()
}

extension AnswerInput {
    // Written out (not synthesized): the members are the ones the kinds declare, each asked for
    // by name (so the unknown-member refusal knows them) and read as its declared type.

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(questionKey: try c.decodeIfPresent(String.self, forKey: .questionKey))
        self.kindMembers = try KindMembers.decode(QuestionKinds.answerMembers, from: c)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encodeIfPresent(questionKey, forKey: .questionKey)
        try kindMembers.encode(into: &c)
    }
}
