import Foundation

/// The participant view (``ResultsReport/participantView``) in the compact shape the room's live
/// stream sends (`GET /v1/f/{code}/results/live`, the thanks page, the presenter view): per
/// question of the current version its labels, counts, shares and mean, and a short answer's
/// word cloud (words at least k respondents used), and nothing else.
///
/// Why a shape of its own: a live event is written to every viewer of a room, thousands of
/// times per change. The report repeats each chart's numbers (`labels` + `datasets` and `rows`)
/// and carries a timeline (then up to 1,440 buckets), so its participant view weighed 33 KB on a
/// form open four hours; this view weighs about a kilobyte whatever the form's age or the number
/// of answers (issue 37, docs/decisions/0049). The full participant view stays where it is
/// read once (`GET /v1/f/{code}/results`, the pages).
///
/// Built only from the participant view (``init(_:)`` applies it), so a part the privacy rule
/// withholds, a text anyone wrote, or a count a withheld follow-up would tell cannot get in by
/// this path: it keeps exactly the numbers that view shows, and drops the rest.
public struct RoomView: Sendable, Equatable, Encodable {
    public struct Question: Sendable, Equatable, Encodable {
        public var key: String
        public var kind: QuestionKind
        public var prompt: String
        /// How many answered it; absent when even that is withheld (a follow-up whose deciding
        /// question is withheld).
        public var respondents: Int?
        /// True when its breakdown is withheld: then `counts`, `percents`, `mean` and every
        /// statement's numbers are absent.
        public var withheld: Bool
        /// The categories in the host's order: a choice's options (and "Other"), a rating's scale
        /// values, a grid's scale values (which its statements share); absent for short answers,
        /// whose words are participants'.
        public var labels: [String]?
        /// One per label: its category (an option's id, a scale value), so a page that shows the
        /// labels in its own language puts each word on its own bar whatever the order (a
        /// ranking's options move as points arrive); absent for a grid and short answers.
        public var categories: [String]?
        /// One per label: how many chose it (a grid has them per statement instead).
        public var counts: [Int]?
        /// One per label: its share of the respondents, in percent with one decimal.
        public var percents: [Double]?
        /// True for a choice of several options: shares may add up to more than 100.
        public var sharesMayExceed100: Bool?
        /// A rating's mean, to two decimals.
        public var mean: Double?
        /// A grid's statements, in the host's order.
        public var statements: [Statement]?
        /// A short answer's word cloud: the words at least k respondents used, as the
        /// participant view has them (``Disclosure/wordCloud(question:words:in:)``); absent when
        /// withheld.
        public var words: [WordCount]?
        /// A short answer's themes as the participant view has them (``Disclosure/themes(question:themes:texts:in:)``):
        /// names and respondents, no quotes; absent when withheld.
        public var themes: [ThemeResult]?
    }

    /// One statement of a grid, on the grid's scale (its `labels`).
    public struct Statement: Sendable, Equatable, Encodable {
        public var key: String
        public var label: String
        public var respondents: Int?
        public var withheld: Bool
        public var counts: [Int]?
        public var percents: [Double]?
        public var mean: Double?
    }

    public var formVersion: Int
    public var formState: FormState
    /// Responses counted (every version that shares its results).
    public var responses: Int
    /// The current version's questions, in form order.
    public var questions: [Question]

    /// The room's view of `report`: its ``ResultsReport/participantView``, compacted.
    public init(_ report: ResultsReport) {
        let view = report.participantView
        self.formVersion = view.formVersion
        self.formState = view.formState
        self.responses = view.summary.responses
        self.questions = view.questions.map(Self.question)
    }

    private static func question(_ result: QuestionResult) -> Question {
        var question = Question(
            key: result.key, kind: result.kind, prompt: result.prompt, respondents: result.respondents, withheld: result.withheld)
        result.kind.descriptor.roomQuestion(result, into: &question)
        if question.statements == nil, question.labels?.count == result.chart.rows.count {
            question.categories = result.chart.rows.map(\.category)
        }
        return question
    }

    /// A chart's counts and shares, or none when withheld or when any value is missing (fails
    /// closed: the participant view removes a withheld value, and so does this).
    static func numbers(_ chart: ChartSeries, withheld: Bool) -> ([Int]?, [Double]?) {
        guard !withheld else { return (nil, nil) }
        let counts = chart.rows.compactMap(\.count)
        let percents = chart.rows.compactMap(\.percent)
        guard counts.count == chart.rows.count, percents.count == chart.rows.count else { return (nil, nil) }
        return (counts, percents)
    }

    static func twoDecimals(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
