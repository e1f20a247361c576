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

/// One answer as sent by a client. Which fields apply depends on the question's kind:
/// choice → `optionIds` (+ `otherText`), rating → `rating`, shortAnswer → `text`, grid →
/// `ratings` (statement key → value).
public struct AnswerInput: Codable, Sendable, Equatable {
    /// Required: the key of the answered question.
    public var questionKey: String?
    /// Choice: the selected option ids.
    public var optionIds: [String]?
    /// Choice: the participant's own "other" option.
    public var otherText: String?
    /// Rating: the chosen value.
    public var rating: Int?
    /// Short answer: the text.
    public var text: String?
    /// Grid: the value given to each rated statement, by statement key.
    public var ratings: [String: Int]?
    /// Ranking: the option ids, first to last.
    public var ranking: [String]?
    /// The members a kind declares itself (``QuestionKindDescriptor/answerMembers``), with the
    /// typed accessors its own file gives them (a number's `number`, a date's `date`).
    public var kindMembers = KindMembers()

    /// Creates an input; every field defaults to absent.
    public init(
        questionKey: String? = nil, optionIds: [String]? = nil, otherText: String? = nil, rating: Int? = nil, text: String? = nil,
        ratings: [String: Int]? = nil
    ) {
        self.questionKey = questionKey
        self.optionIds = optionIds
        self.otherText = otherText
        self.rating = rating
        self.text = text
        self.ratings = ratings
    }

    /// The input that describes `answer` exactly (e.g. to prefill an edit form).
    public init(_ answer: Answer) {
        self.init(questionKey: answer.questionKey.rawValue)
        answer.value.kind.descriptor.describeAnswerValue(answer.value, into: &self)
    }

    /// The kind-specific fields that are present, with the kind they belong to.
    var presentKindFields: [(name: String, kind: QuestionKind)] {
        let present: [(String, Bool)] = [
            ("optionIds", optionIds != nil), ("otherText", otherText != nil), ("rating", rating != nil), ("text", text != nil),
            ("ratings", ratings != nil), ("ranking", ranking != nil),
        ] + QuestionKinds.answerMembers.map { ($0.name, kindMembers.contains($0.name)) }
        return present.filter(\.1).compactMap { field in
            Self.kindOfField[field.0].map { (name: field.0, kind: $0) }
        }
    }

    /// Which kind each answer field belongs to, asked of the kinds once rather than per answer.
    private static let kindOfField: [String: QuestionKind] = Dictionary(
        QuestionKinds.all.flatMap { kind in kind.answerFields.map { ($0, kind.kind) } },
        uniquingKeysWith: { first, _ in first })
}

extension AnswerInput {
    // Written out (not synthesized) for the members the kinds declare, as ``QuestionInput``'s.

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            questionKey: try c.decodeIfPresent(String.self, forKey: .questionKey),
            optionIds: try c.decodeIfPresent([String].self, forKey: .optionIds),
            otherText: try c.decodeIfPresent(String.self, forKey: .otherText), rating: try c.decodeIfPresent(Int.self, forKey: .rating),
            text: try c.decodeIfPresent(String.self, forKey: .text), ratings: try c.decodeIfPresent([String: Int].self, forKey: .ratings))
        self.ranking = try c.decodeIfPresent([String].self, forKey: .ranking)
        self.kindMembers = try KindMembers.decode(QuestionKinds.answerMembers, from: c)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encodeIfPresent(questionKey, forKey: .questionKey)
        try c.encodeIfPresent(optionIds, forKey: .optionIds)
        try c.encodeIfPresent(otherText, forKey: .otherText)
        try c.encodeIfPresent(rating, forKey: .rating)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(ratings, forKey: .ratings)
        try c.encodeIfPresent(ranking, forKey: .ranking)
        try kindMembers.encode(into: &c)
    }
}
