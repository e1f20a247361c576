/// What participants see of a session's results — the shared results page and JSON
/// (`GET /v1/f/{code}/results`), the thanks page, the live stream (`GET /v1/f/{code}/results/live`)
/// and the host's presenter view on the room's projector: one view, owned here (issue 37,
/// docs/decisions/0049).
///
/// It is the report as ``Disclosure`` let it be built (every withheld part already withheld),
/// minus everything a participant wrote: no short-answer texts (`newestAnswers`), no "Other"
/// texts (`otherTexts`), no chart of a short answer's most frequent words — counts, shares,
/// means and distributions only. What it keeps of short answers is their word cloud
/// (`wordCloud`), which ``Disclosure`` decided: only words at least k respondents used
/// (docs/decisions/0064). The quality numbers (speeders, straight-liners) are the host's
/// business and go too. A live event then grows with the questions (at most 30 words each),
/// never with the audience or with the answers' texts.
extension ResultsReport {
    public var participantView: ResultsReport {
        var view = self
        view.quality = nil
        view.questions = self.questions.map(Self.withoutTexts)
        view.earlierQuestions = self.earlierQuestions.map(Self.withoutTexts)
        return view
    }

    private static func withoutTexts(_ question: QuestionResult) -> QuestionResult {
        var copy = question
        // Empty, not nil: the choice still has its "Other" row (``otherRowIndex``), only no texts.
        copy.otherTexts = question.otherTexts.map { _ in [] }
        copy.newestAnswers = nil
        // A theme's name and count stay (Disclosure kept only those k people's answers make); its quotes go.
        copy.themes = question.themes?.map { ThemeResult(words: $0.words, respondents: $0.respondents, quotes: []) }
        // The chart's words are participants' texts: the count of respondents stays, the chart's
        // words go (all of them, however few used each), and so does the size of the sample they
        // were counted in. The word cloud stays: Disclosure kept only words k people used.
        if copy.kind == .shortAnswer {
            copy.chart = ChartSeries(
                unit: "respondents", total: question.respondents ?? 0, totalDescription: "respondents who answered this question",
                categories: [])
            if question.respondents == nil { copy.chart = copy.chart.hidingTotal() }
        }
        return copy
    }
}
