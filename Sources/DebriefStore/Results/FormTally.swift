import Debrief
import Foundation
import PQ

/// What one form's responses add up to: the rows of `result_tallies` (see SQL/0004), whether
/// they come from the precomputed tallies or are counted from the answers themselves.
struct FormTally: Sendable, Equatable {
    var responses = 0
    var checkIns = 0
    var times = ResponseTimes()
    /// Responses per language tag, on forms in several languages (SQL/0034).
    var languages: [String: Int] = [:]
    /// Completion times and straight-lining (SQL/0035).
    var completion = CompletionTally()
    /// Per question key; texts are not tallied (``ResultsStore`` reads the newest ones).
    var questions: [String: QuestionCounts] = [:]

    /// The `kind` column's shared values.
    enum Kind: String {
        case responses, checkins, minute, respondents, option, other, rating, statement, language, completion
        /// Answers per written value, of every row with a numeric form (SQL/0079).
        case value
    }

    /// From rows with the columns `question_key`, `kind`, `value` and `n`.
    init(rows: some Sequence<Row>) throws {
        var perMinute: [Int64: Int] = [:]
        for row in rows {
            let kindName: String = try row.decode("kind")
            let key: String = try row.decode("question_key")
            let value: String = try row.decode("value")
            let count: Int = try row.decode("n")
            guard let kind = Kind(rawValue: kindName) else {
                throw PQError(.protocolViolation, "unknown result tally kind '\(kindName)'")
            }
            switch kind {
            case .responses: self.responses += count
            case .checkins: self.checkIns += count
            case .language: self.languages[value, default: 0] += count
            case .completion:
                guard self.completion.add(value: value, count: count) else {
                    throw PQError(.protocolViolation, "result tally 'completion' has a value that is not '<seconds>|<0 or 1>'")
                }
            case .minute: perMinute[try Self.number(value, kind), default: 0] += count
            case .respondents: self.questions[key, default: QuestionCounts()].respondents += count
            case .option: self.questions[key, default: QuestionCounts()].optionCounts[value, default: 0] += count
            case .other: self.questions[key, default: QuestionCounts()].otherCount += count
            case .value: self.questions[key, default: QuestionCounts()].valueCounts[value, default: 0] += count
            case .rating: self.questions[key, default: QuestionCounts()].ratingCounts[Int(try Self.number(value, kind)), default: 0] += count
            case .statement:
                // '<statement key>:<rating>' (SQL/0032).
                guard let colon = value.lastIndex(of: ":") else {
                    throw PQError(.protocolViolation, "result tally 'statement' has a value without a statement key")
                }
                let rating = Int(try Self.number(String(value[value.index(after: colon)...]), kind))
                self.questions[key, default: QuestionCounts()].statementCounts[String(value[..<colon]), default: [:]][rating, default: 0] += count
            }
        }
        self.times = ResponseTimes(perMinute: perMinute)
    }

    private static func number(_ text: String, _ kind: Kind) throws -> Int64 {
        guard let number = Int64(text) else {
            throw PQError(.protocolViolation, "result tally '\(kind.rawValue)' has a value that is not a number")
        }
        return number
    }
}
