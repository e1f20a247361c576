import Foundation

extension ShortAnswerKind {
    /// A short answer's categories are the participants' own words.
    public static let withheldChartKeepsCategories = false

    /// The most frequent words of the newest answers, and the newest few quoted.
    public static func shape(_ spec: ShortAnswerSpec, counts tally: QuestionCounts, into result: inout QuestionResult) {
        let words = WordFrequency.count(texts: tally.texts, limit: ResultsBuilder.wordLimit)
        result.chart = ChartSeries(
            unit: "mentions", total: tally.texts.count,
            totalDescription: "newest \(tally.texts.count) answers the word counts are taken from",
            categories: words.map { (category: $0.word, label: $0.word, count: $0.count) })
        result.newestAnswers = Array(tally.texts.prefix(ResultsBuilder.newestAnswerLimit))
    }

    public static func privacyParts(of spec: ShortAnswerSpec) -> [String] { [] }

    public static func discloseParts(
        _ spec: ShortAnswerSpec, question key: String, counts: QuestionCounts, disclosure: Disclosure, in form: UUID?,
        hidesCounts: Bool, into result: inout QuestionResult
    ) {}

    public static func trendCategories(of spec: ShortAnswerSpec) -> (items: [(id: String, label: String)], hasOther: Bool)? { nil }

    /// Nothing but the count: the words are participants'.
    /// The room sees the word cloud and the themes' names alone (``Disclosure/wordCloud(question:words:in:)`` decided
    /// which words), never a text anyone wrote.
    public static func roomQuestion(_ result: QuestionResult, into question: inout RoomView.Question) {
        question.words = result.withheld ? nil : result.wordCloud
        // Names and counts only: the participant view has dropped the quotes (decision 105).
        question.themes = result.withheld ? nil : result.themes?.map { ThemeResult(words: $0.words, respondents: $0.respondents, quotes: []) }
    }

    public static func digestTop(_ result: QuestionResult, respondents: Int?, disclosure: Disclosure) -> ResultsDigest.Line.Top {
        .answers(respondents: respondents)
    }

    /// Reading the prompt and typing a few words.
    public static func speederSeconds(_ spec: ShortAnswerSpec) -> Double { 5 }
    public static let canStraightLine = false
    public static func isStraightLined(_ value: String, _ spec: ShortAnswerSpec) -> Bool { false }
}
