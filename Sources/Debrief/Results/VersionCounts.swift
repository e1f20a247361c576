import Foundation

/// What the store counted for one earlier published version of a meeting's form, beside the
/// current version's counts in ``ResultsCounts``.
public struct VersionCounts: Sendable {
    public var form: StoredForm
    /// Responses to this version that pass the filter.
    public var responses: Int
    /// All responses to this version.
    public var allResponses: Int
    /// Per question key.
    public var questions: [String: QuestionCounts]
    /// Per question key without the filter; nil when the counts are unfiltered.
    public var unfilteredQuestions: [String: QuestionCounts]?

    public init(
        form: StoredForm, responses: Int, allResponses: Int, questions: [String: QuestionCounts],
        unfilteredQuestions: [String: QuestionCounts]? = nil
    ) {
        self.form = form
        self.responses = responses
        self.allResponses = allResponses
        self.questions = questions
        self.unfilteredQuestions = unfilteredQuestions
    }
}

/// One question of the current version with the answers of the earlier versions that may be
/// counted with it (``FormDefinition/countsAnswers(of:to:)``), added up.
public struct MergedQuestion: Sendable, Equatable {
    public var counts: QuestionCounts
    public var unfiltered: QuestionCounts?
    /// Responses (within the filter) to the versions that asked it: what `skipped` is counted from.
    public var responses: Int
    /// The versions counted, oldest first, with how many answered the question in each.
    public var split: [QuestionResult.VersionShare]
    /// A follow-up: how many in those versions were shown it (see ``FollowUpCondition``).
    public var shownTo = 0

    /// Every question of `current` (a form version numbered `version`, whose own counts are
    /// `counts`, `unfiltered` and `responses`) merged with the comparable questions of `earlier`.
    public static func merge(
        current: FormDefinition, version: Int, counts: [String: QuestionCounts], unfiltered: [String: QuestionCounts]?,
        responses: Int, earlier: [VersionCounts]
    ) -> [String: MergedQuestion] {
        var merged: [String: MergedQuestion] = [:]
        for question in current.questions {
            let key = question.key.rawValue
            var result = MergedQuestion(
                counts: QuestionCounts(), unfiltered: unfiltered.map { _ in QuestionCounts() }, responses: 0, split: [])
            // A follow-up's deciding question is counted in the same versions (`countsAnswers`).
            let source = question.showWhen.map { ($0.rule, $0.question.rawValue) }
            for old in earlier.sorted(by: { $0.form.version < $1.form.version })
            where current.countsAnswers(of: old.form.definition, to: question.key) {
                result.add(old.questions[key] ?? QuestionCounts(), old.unfilteredQuestions?[key], responses: old.responses, version: old.form.version)
                if let (rule, sourceKey) = source { result.shownTo += rule.shownCount(in: old.questions[sourceKey] ?? QuestionCounts()) }
            }
            result.add(counts[key] ?? QuestionCounts(), unfiltered?[key], responses: responses, version: version)
            if let (rule, sourceKey) = source { result.shownTo += rule.shownCount(in: counts[sourceKey] ?? QuestionCounts()) }
            merged[key] = result
        }
        return merged
    }

    mutating func add(_ tally: QuestionCounts, _ unfilteredTally: QuestionCounts?, responses: Int, version: Int) {
        self.counts.add(tally)
        if self.unfiltered != nil { self.unfiltered?.add(unfilteredTally ?? QuestionCounts()) }
        self.responses += responses
        self.split.append(QuestionResult.VersionShare(version: version, respondents: tally.respondents))
    }
}

extension QuestionCounts {
    /// Adds another version's counts of a comparable question. The newest texts stay first:
    /// versions are added oldest first, so a later version's texts go in front.
    mutating func add(_ other: QuestionCounts) {
        self.respondents += other.respondents
        self.optionCounts.merge(other.optionCounts, uniquingKeysWith: +)
        self.otherCount += other.otherCount
        self.ratingCounts.merge(other.ratingCounts, uniquingKeysWith: +)
        self.statementCounts.merge(other.statementCounts) { $0.merging($1, uniquingKeysWith: +) }
        self.valueCounts.merge(other.valueCounts, uniquingKeysWith: +)
        // The store samples as many texts per version as one report shows (1,000 answers, 50
        // "other" texts): a merged list keeps the newest of that many.
        self.otherTexts = Array((other.otherTexts + self.otherTexts).prefix(50))
        self.texts = Array((other.texts + self.texts).prefix(1000))
    }
}
