import Foundation

/// What the store counted for one question, before any shaping.
public struct QuestionCounts: Sendable, Equatable {
    /// Responses that answered the question.
    public var respondents: Int = 0
    /// Choice: how many respondents selected each option id.
    public var optionCounts: [String: Int] = [:]
    /// Choice: how many gave an "other" text, and the newest of those texts.
    public var otherCount: Int = 0
    public var otherTexts: [String] = []
    /// Rating: answers per scale value.
    public var ratingCounts: [Int: Int] = [:]
    /// Grid: answers per scale value, by statement key.
    public var statementCounts: [String: [Int: Int]] = [:]
    /// Answers per exact value, by its plain text, for a kind whose answers are values (a
    /// number's, ``NumberSpec/text(_:)``): what its store part tallies as its own rows.
    public var valueCounts: [String: Int] = [:]
    /// Short answer: the newest texts (for the word list).
    public var texts: [String] = []

    public init() {}

    /// Grid: respondents who rated the statement (each rates it at most once).
    public func respondents(ofStatement key: String) -> Int {
        statementCounts[key, default: [:]].values.reduce(0, +)
    }
}

/// Which responses a result counts. Every count on a results screen respects the same filter.
public struct ResultsFilter: Sendable, Equatable, Codable {
    public var since: Date?
    public var until: Date?
    /// Only responses from participants who checked in.
    public var checkedInOnly: Bool
    /// Leave out the flagged responses: speeders and straight-liners (docs/decisions/0036).
    public var excludeFlagged: Bool = false

    public init(since: Date? = nil, until: Date? = nil, checkedInOnly: Bool = false, excludeFlagged: Bool = false) {
        self.since = since
        self.until = until
        self.checkedInOnly = checkedInOnly
        self.excludeFlagged = excludeFlagged
    }

    private enum CodingKeys: String, CodingKey {
        case since, until, checkedInOnly, excludeFlagged
    }

    /// Decodes a filter; `excludeFlagged` is absent from filters written before it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.since = try c.decodeIfPresent(Date.self, forKey: .since)
        self.until = try c.decodeIfPresent(Date.self, forKey: .until)
        self.checkedInOnly = try c.decodeIfPresent(Bool.self, forKey: .checkedInOnly) ?? false
        self.excludeFlagged = try c.decodeIfPresent(Bool.self, forKey: .excludeFlagged) ?? false
    }

    public var isEmpty: Bool { self.since == nil && self.until == nil && !self.checkedInOnly && !self.excludeFlagged }

    /// The same filter without the exclusion of flagged responses: what the flag counts are
    /// counted within, so they say what the exclusion leaves out.
    public var includingFlagged: ResultsFilter {
        var copy = self
        copy.excludeFlagged = false
        return copy
    }
}
