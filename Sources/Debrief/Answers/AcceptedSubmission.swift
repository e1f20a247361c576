import Foundation

/// A response the store accepted: what a participant is told, and what an idempotency record
/// keeps so that a retry is told exactly the same.
///
/// Encoded (``JSONCoding``) as `{"id","submittedAt","changedAt","answers"}`, the answers as stored
/// (normalized, in form order) in the flat shape clients send; `changedAt` is null until the
/// answers are replaced. Whether it replaced earlier answers is not part of the body: the JSON
/// API says it with the status (200 instead of 201).
///
/// The reply and the idempotency record are written by ``AcceptedSubmissionJSON``, in one pass and
/// to the same bytes as `encode(to:)` through ``JSONCoding``: a change here must be made there too.
public struct AcceptedSubmission: Sendable, Equatable, Codable, EncodesLowercaseIDs {
    public var responseID: UUID
    /// When the participant first answered (kept when answers are replaced).
    public var submittedAt: Date
    /// When the answers were last replaced, if ever.
    public var changedAt: Date?
    public var answers: [Answer]
    /// True when this replaced the participant's earlier answers (forms that allow editing).
    public var replacedEarlier: Bool

    public init(responseID: UUID, submittedAt: Date, changedAt: Date?, answers: [Answer], replacedEarlier: Bool) {
        self.responseID = responseID
        self.submittedAt = submittedAt
        self.changedAt = changedAt
        self.answers = answers
        self.replacedEarlier = replacedEarlier
    }

    enum CodingKeys: String, CodingKey {
        case responseID = "id", submittedAt, changedAt, answers
    }

    /// Decodes the body; `replacedEarlier` is false here (the store sets it from its own column).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.responseID = try container.decode(UUID.self, forKey: .responseID)
        self.submittedAt = try container.decode(Date.self, forKey: .submittedAt)
        self.changedAt = try container.decodeIfPresent(Date.self, forKey: .changedAt)
        self.answers = try container.decode([Answer].self, forKey: .answers)
        self.replacedEarlier = false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.responseID.lowercasedText, forKey: .responseID)
        try container.encode(self.submittedAt, forKey: .submittedAt)
        // Explicitly null, as the API documents, rather than left out.
        try container.encode(self.changedAt, forKey: .changedAt)
        try container.encode(self.answers, forKey: .answers)
    }
}
