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

    private enum CodingKeys: String, CodingKey {
        case questionKey, optionIds, otherText, rating, text, ratings
    }

    /// Decodes the flat shape; the present field decides the case (`optionIds`, then
    /// `rating`, then `text`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        questionKey = try c.decode(QuestionKey.self, forKey: .questionKey)
        if let ids = try c.decodeIfPresent([String].self, forKey: .optionIds) {
            value = .choice(optionIds: ids, otherText: try c.decodeIfPresent(String.self, forKey: .otherText))
        } else if let rating = try c.decodeIfPresent(Int.self, forKey: .rating) {
            value = .rating(rating)
        } else if let text = try c.decodeIfPresent(String.self, forKey: .text) {
            value = .text(text)
        } else if let ratings = try c.decodeIfPresent([String: Int].self, forKey: .ratings) {
            // A JSON object has no order; without the form, statement keys order the ratings.
            value = .grid(ratings.sorted { $0.key < $1.key }.map { GridRating(statementKey: $0.key, value: $0.value) })
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .optionIds, in: c, debugDescription: "answer has none of optionIds, rating, text, ratings"
            )
        }
    }

    /// Encodes the flat shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(questionKey, forKey: .questionKey)
        switch value {
        case .choice(let ids, let other):
            try c.encode(ids, forKey: .optionIds)
            try c.encodeIfPresent(other, forKey: .otherText)
        case .rating(let rating):
            try c.encode(rating, forKey: .rating)
        case .text(let text):
            try c.encode(text, forKey: .text)
        case .grid(let ratings):
            // A JSON object: its members have no order (the question's statements keep it).
            try c.encode(Dictionary(uniqueKeysWithValues: ratings.map { ($0.statementKey, $0.value) }), forKey: .ratings)
        }
    }
}

