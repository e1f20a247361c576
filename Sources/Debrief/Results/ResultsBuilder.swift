import Foundation

/// Shapes counted answers into per-question results, in form order.
///
/// Pure: the store counts, this decides what is shown. On anonymous forms a question answered by
/// fewer than the form's privacy threshold (k) people has its breakdown withheld, so nobody in a
/// small meeting can be singled out by their answer.
public enum ResultsBuilder {
    /// How many of the most frequent words a short-answer chart lists.
    public static let wordLimit = 30
    /// How many of the newest short answers a result quotes: a glance, not the list (the
    /// responses page and `GET …/questions/{key}/answers` have every answer).
    public static let newestAnswerLimit = 5

    /// Every question's result. `unfiltered` are the counts without the report's filter (nil
    /// when the report is unfiltered): a filtered group is compared with them, so that a filter
    /// cannot single out the few people it leaves out.
    public static func questions(
        of form: FormDefinition, counts: [String: QuestionCounts], responses: Int, unfiltered: [String: QuestionCounts]? = nil
    ) -> [QuestionResult] {
        let disclosure = PrivacyRule.disclosure(form: form, questions: counts, unfiltered: unfiltered)
        return form.questions.map { question in
            let result = self.result(
                for: question, counts: counts[question.key.rawValue] ?? QuestionCounts(), responses: responses, disclosure: disclosure)
            guard let condition = question.showWhen else { return result }
            let shown = condition.rule.shownCount(in: counts[condition.question.rawValue] ?? QuestionCounts())
            return self.followUp(result, condition: condition, shownTo: shown, of: responses, disclosure: disclosure)
        }
    }

    /// A follow-up's result, saying how many of `responses` were shown it (`shownTo`, summed from
    /// the deciding question's own counts over the same versions: exact, filtered or not) and
    /// counting skips among those only. When the deciding question's breakdown is withheld, so
    /// is the number shown, and the follow-up is withheld with its counts (`disclosure` says so):
    /// who was shown it is what that breakdown says.
    public static func followUp(
        _ result: QuestionResult, condition: FollowUpCondition, shownTo shown: Int, of responses: Int, disclosure: Disclosure,
        in form: UUID? = nil
    ) -> QuestionResult {
        var result = result
        result.showWhen = condition
        result.shownOf = responses
        guard disclosure.reason(question: condition.question.rawValue, in: form) == nil, let respondents = result.respondents else {
            result.skipped = result.respondents == nil ? nil : 0
            return result
        }
        result.shownTo = shown
        result.skipped = max(0, shown - respondents)
        result.answeredPercentOfShown = shown > 0 ? Double(respondents) * 100 / Double(shown) : nil
        return result
    }

    /// One question's result, under the form's privacy rule (``PrivacyRule``) as `disclosure`
    /// decided it for form version `form` (nil: the current one).
    public static func result(
        for question: Question, counts tally: QuestionCounts, responses: Int, disclosure: Disclosure, in form: UUID? = nil
    ) -> QuestionResult {
        var result = self.result(for: question, tally, responses: responses)
        let key = question.key.rawValue
        if question.kind == .shortAnswer {
            // The chart's words (before any is withheld), as the one owner of k lets them be shown.
            let words = result.chart.rows.compactMap { row in row.count.map { WordCount(word: row.label, count: $0) } }
            // The themes of the same newest answers the words are counted in.
            let themes = ThemeGrouping.counted(of: tally.texts)
            result.themes = disclosure.themes(question: key, themes: themes, texts: tally.texts, in: form)
            result.wordCloud = disclosure.wordCloud(question: key, words: words, themes: themes, in: form)
        }
        if let reason = disclosure.reason(question: key, in: form) {
            result.withheld = true
            result.withheldReason = reason
            // Options and scale values are the host's words; short answers' words are the participants'.
            result.chart = result.chart.withheld(keepingCategories: question.kind.descriptor.withheldChartKeepsCategories)
            result.otherTexts = result.otherTexts.map { _ in [] }
            result.newestAnswers = result.newestAnswers.map { _ in [] }
            result.statistics = nil
        }
        if disclosure.hidesCounts(of: key, in: form) {
            // Even how many answered: it would tell the withheld answers that decided who was asked.
            result.respondents = nil
            result.skipped = nil
            result.chart = result.chart.withheld(keepingCategories: question.kind.descriptor.withheldChartKeepsCategories).hidingTotal()
        }
        question.kind.descriptor.discloseParts(
            question.body, question: key, counts: tally, disclosure: disclosure, in: form, hidesCounts: result.respondents == nil,
            into: &result)
        return result
    }

    /// One question's result on its own counts (no other question's decision in play).
    public static func result(
        for question: Question, in form: FormDefinition, counts tally: QuestionCounts, responses: Int,
        unfiltered: QuestionCounts? = nil
    ) -> QuestionResult {
        let key = question.key.rawValue
        let disclosure = PrivacyRule.disclosure(
            form: form, questions: [key: tally], unfiltered: unfiltered.map { [key: $0] })
        return self.result(for: question, counts: tally, responses: responses, disclosure: disclosure)
    }

    /// A rating scale's chart (every value) and statistics, from answers per value.
    static func rating(_ spec: RatingSpec, counts: [Int: Int]) -> (ChartSeries, QuestionResult.RatingSummary) {
        let distribution = RatingDistribution(min: spec.min, max: spec.max, counts: counts)
        let chart = ChartSeries(
            unit: "answers", total: distribution.total, totalDescription: "answers to this question",
            categories: (spec.min...spec.max).map { (category: String($0), label: String($0), count: distribution.count(of: $0)) })
        let statistics = QuestionResult.RatingSummary(
            mean: distribution.mean, median: distribution.median, standardDeviation: distribution.standardDeviation,
            confidenceInterval95: distribution.confidenceInterval95,
            nps: distribution.nps.map {
                QuestionResult.NPSSummary(
                    score: $0.score, confidenceInterval95: $0.confidenceInterval95, promoters: $0.promoters,
                    passives: $0.passives, detractors: $0.detractors)
            })
        return (chart, statistics)
    }

    static func result(for question: Question, _ tally: QuestionCounts, responses: Int) -> QuestionResult {
        var result = QuestionResult(
            key: question.key.rawValue, prompt: question.prompt, kind: question.kind, respondents: tally.respondents,
            skipped: max(0, responses - tally.respondents), withheld: false, withheldReason: nil,
            chart: ChartSeries(unit: "respondents", total: tally.respondents, totalDescription: "", categories: []))
        question.kind.descriptor.shape(question.body, counts: tally, into: &result)
        return result
    }
}
