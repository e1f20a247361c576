import Foundation

/// A validated answer value; which case depends on the question's kind.
public enum AnswerValue: Sendable, Equatable, Hashable {
    /// Selected option ids in the order the participant sent them (no duplicates, all
    /// known), and the "other" text if any.
    case choice(optionIds: [String], otherText: String?)
    /// A value within the question's scale.
    case rating(Int)
    /// Non-empty NFC text within the question's `maxLength`.
    case text(String)
    /// A grid's ratings, one per rated statement in the question's statement order (at least one).
    case grid([GridRating])
    /// A ranking's option ids, first to last: every option of the question exactly once.
    case ranking([String])
    /// A number question's answer, within its bounds and on its step.
    case number(Decimal)
    /// A date question's answer, a day within its earliest and latest.
    case date(DateDay)
}

/// A validated answer to one question of a form.
///
/// Codable in the same flat shape clients send (see ``AnswerInput``), e.g.
/// `{"questionKey":"q1","rating":4}` or
/// `{"questionKey":"q2","optionIds":["o1"],"otherText":"…"}` or
/// `{"questionKey":"q3","ratings":{"agenda":4,"time":2}}`.
public struct Answer: Sendable, Equatable, Hashable, Codable {
    /// The answered question.
    public var questionKey: QuestionKey
    /// The answer.
    public var value: AnswerValue

    /// Creates an answer from already-valid parts.
    public init(questionKey: QuestionKey, value: AnswerValue) {
        self.questionKey = questionKey
        self.value = value
    }

    /// An answer's JSON keys: `questionKey`, and each kind's own, which its descriptor declares.
    public typealias CodingKeys = JSONKey

    /// Decodes the flat shape; the present field decides the case, asked in the
    /// registry's order (``QuestionKinds/all``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        questionKey = try c.decode(QuestionKey.self, forKey: .questionKey)
        for descriptor in QuestionKinds.all {
            if let value = try descriptor.decodeAnswerValue(from: c) {
                self.value = value
                return
            }
        }
        let fields = QuestionKinds.all.flatMap { $0.answerFields.sorted() }.joined(separator: ", ")
        throw DecodingError.dataCorruptedError(forKey: .questionKey, in: c, debugDescription: "answer has none of \(fields)")
    }

    /// Encodes the flat shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(questionKey, forKey: .questionKey)
        try value.kind.descriptor.encodeAnswerValue(value, into: &c)
    }
}

extension JSONKey {
    /// An answer's question (each kind's members are named in its own file).
    static let questionKey: JSONKey = "questionKey"
}
