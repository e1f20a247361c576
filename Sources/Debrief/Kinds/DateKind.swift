import TextFormats
import Foundation

/// A date question ("When suits you for the offsite?"): one calendar day, optionally between an
/// earliest and a latest (docs/decisions/0084). A day is written `YYYY-MM-DD` and meant in the
/// series' time zone: it is a day on the calendar, never an instant, so nothing converts it and it
/// reads the same wherever it is shown. An answer is stored as its day number beside its text
/// (SQL/0079) and counted per day by the `value` tally; the result is a histogram by day, or by
/// week over a long span, with the median day.
public enum DateKind: QuestionKindDescriptor {
    public static let kind = QuestionKind.date
    public static func body(_ spec: DateSpec) -> QuestionBody { .date(spec) }
    public static func answer(_ value: DateDay) -> AnswerValue { .date(value) }

    public static let definitionMembers: [KindMembers.Declaration] = [.init("earliest", .text), .init("latest", .text)]

    /// Each bound a day written `YYYY-MM-DD`; `earliest` on or before `latest` (a problem at `latest`).
    public static func validate(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> DateSpec? {
        let before = problems.count
        let day = { (typed: String?, field: String, problems: inout ProblemCollector) -> DateDay? in
            guard let typed else { return nil }
            guard let day = DateDay(typed) else {
                problems.add(FieldPath.field(path, field), DateDay.rule)
                return nil
            }
            return day
        }
        let earliest = day(input.earliest, "earliest", &problems)
        let latest = day(input.latest, "latest", &problems)
        if let earliest, let latest, earliest > latest {
            problems.add(FieldPath.field(path, "latest"), "must be on or after earliest (\(earliest.text))")
        }
        guard problems.count == before else { return nil }
        return DateSpec(earliest: earliest, latest: latest)
    }

    public static func decode(from c: KeyedDecodingContainer<Question.CodingKeys>) throws -> DateSpec {
        DateSpec(earliest: try DateDay.decode(c, .earliest), latest: try DateDay.decode(c, .latest))
    }

    public static func encode(_ spec: DateSpec, into c: inout KeyedEncodingContainer<Question.CodingKeys>) throws {
        try c.encodeIfPresent(spec.earliest?.text, forKey: .earliest)
        try c.encodeIfPresent(spec.latest?.text, forKey: .latest)
    }

    public static func describe(_ spec: DateSpec, into input: inout QuestionInput) {
        input.earliest = spec.earliest?.text
        input.latest = spec.latest?.text
    }

    /// No text besides the prompt: a day reads the same in every language.
    public static func texts(of spec: DateSpec, question key: QuestionKey) -> [TranslatableText] { [] }
    public static func localized(_ spec: DateSpec, _ translation: QuestionTranslation) -> DateSpec { spec }
    public static let translationFields: Set<String> = []
    public static func validateTranslation(
        _ input: QuestionTranslationInput, of spec: DateSpec, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector
    ) {}
    public static func meaning(of spec: DateSpec) -> DateSpec { spec }

    /// The same bounds: answers allowed in different ranges are not counted together.
    public static func answersAreComparable(_ mine: DateSpec, _ theirs: DateSpec) -> Bool { mine == theirs }

    public static func signature(of spec: DateSpec) -> (options: [ChoiceOption], scale: ClosedRange<Int>?) {
        ([("earliest", spec.earliest), ("latest", spec.latest)].map { ChoiceOption(id: $0.0, label: $0.1?.text ?? "") }, nil)
    }

    public static let answerMembers: [KindMembers.Declaration] = [.init("date", .text)]

    /// A day written `YYYY-MM-DD` within the bounds; problems go to `<path>.date`.
    public static func check(
        _ input: AnswerInput, _ spec: DateSpec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome {
        let datePath = FieldPath.field(path, "date")
        guard let typed = input.date else {
            problems.add(datePath, "is required")
            return .invalid
        }
        guard let day = DateDay(typed) else {
            problems.add(datePath, DateDay.rule)
            return .invalid
        }
        guard let message = spec.problem(with: day) else { return .answered(.date(day)) }
        problems.add(datePath, message)
        return .invalid
    }

    public static func decodeAnswer(from c: KeyedDecodingContainer<Answer.CodingKeys>) throws -> DateDay? {
        try DateDay.decode(c, .date)
    }

    public static func encode(_ value: DateDay, into c: inout KeyedEncodingContainer<Answer.CodingKeys>) throws {
        try c.encode(value.text, forKey: .date)
    }

    public static func describe(_ value: DateDay, into input: inout AnswerInput) {
        input.date = value.text
    }

    /// `date`, `questionKey` (sorted keys: "date" comes first).
    public static func writeJSON(_ value: DateDay, questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer) {
        writer.raw("\"date\":")
        writer.string(value.text)
        writer.raw(",\"questionKey\":")
        writer.string(questionKey)
    }
}

extension QuestionInput {
    /// Date: the first and last day an answer may be (`YYYY-MM-DD`); both optional.
    public var earliest: String? {
        get { kindMembers[text: "earliest"] }
        set { kindMembers[text: "earliest"] = newValue }
    }
    public var latest: String? {
        get { kindMembers[text: "latest"] }
        set { kindMembers[text: "latest"] = newValue }
    }
}

extension AnswerInput {
    /// Date: the day, `YYYY-MM-DD`.
    public var date: String? {
        get { kindMembers[text: "date"] }
        set { kindMembers[text: "date"] = newValue }
    }
}

extension JSONKey {
    static let earliest: JSONKey = "earliest", latest: JSONKey = "latest", date: JSONKey = "date"
}

/// The settings of a date question; both optional.
public struct DateSpec: Sendable, Equatable {
    public var earliest: DateDay?
    public var latest: DateDay?

    public init(earliest: DateDay? = nil, latest: DateDay? = nil) {
        self.earliest = earliest
        self.latest = latest
    }

    /// Why `day` is not an answer to this question, or nil when it is one.
    public func problem(with day: DateDay) -> String? {
        switch (self.earliest, self.latest) {
        case (let low?, let high?) where day < low || day > high: "must be between \(low.text) and \(high.text)"
        case (let low?, nil) where day < low: "must be on or after \(low.text)"
        case (nil, let high?) where day > high: "must be on or before \(high.text)"
        default: nil
        }
    }
}

/// A day on the calendar, as its number of days after 1970-01-01 (negative before), computed
/// from the year, month and day alone (the proleptic Gregorian calendar; no zone, no clock).
public struct DateDay: Sendable, Hashable, Comparable {
    /// Days after 1970-01-01.
    public var number: Int

    static let rule = "must be a date written YYYY-MM-DD"

    public init(number: Int) { self.number = number }

    /// `YYYY-MM-DD` exactly, a real day of a year 1000–9999; nil for anything else.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard bytes[index] >= 48, bytes[index] <= 57 else { return nil }
                value = value * 10 + Int(bytes[index] - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), year >= 1000, (1...12).contains(month),
            day >= 1, day <= Self.days(inMonth: month, of: year)
        else { return nil }
        self.number = Self.number(year: year, month: month, day: day)
    }

    public static func < (lhs: DateDay, rhs: DateDay) -> Bool { lhs.number < rhs.number }

    /// `YYYY-MM-DD`.
    public var text: String {
        let (year, month, day) = self.civil
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// The day `count` days later.
    public func adding(_ count: Int) -> DateDay { DateDay(number: self.number + count) }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func number(year: Int, month: Int, day: Int) -> Int {
        CivilDays.number(year: year, month: month, day: day)
    }

    var civil: (year: Int, month: Int, day: Int) { CivilDays.civil(self.number) }

    /// A stored day (`earliest`, `latest`, an answer's `date`); one not written `YYYY-MM-DD` is corrupt.
    static func decode<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, _ key: Key) throws -> DateDay? {
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let day = DateDay(text) else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: Self.rule) }
        return day
    }
}

// MARK: Results

extension DateKind {
    /// The bins come from the answers when the question has no bounds, so a withheld chart keeps none.
    public static let withheldChartKeepsCategories = false

    /// A histogram by day, or by week over a long span (``DateHistogram``), and the median day in
    /// `statistics.medianValue`. ``ResultsBuilder`` drops both when ``Disclosure`` withholds the
    /// question: nothing here decides that.
    public static func shape(_ spec: DateSpec, counts tally: QuestionCounts, into result: inout QuestionResult) {
        let answers = tally.valueCounts.compactMap { text, count in DateDay(text).map { (day: $0, count: count) } }
            .filter { $0.count > 0 }.sorted { $0.day < $1.day }
        let bins = DateHistogram(spec, answers: answers)
        let total = answers.reduce(0) { $0 + $1.count }
        result.chart = ChartSeries(
            unit: "answers", total: total, totalDescription: "answers to this question",
            categories: bins.bins.map { (category: $0.first.text, label: $0.label, count: $0.count) })
        // The lower middle day when the count is even: a median that is one of the days answered.
        var seen = 0
        let median = answers.first { entry in
            seen += entry.count
            return seen > (total - 1) / 2
        }
        result.statistics = total == 0 ? nil : QuestionResult.RatingSummary(medianValue: median?.day.text)
    }

    /// One part: each respondent gives one day.
    public static func privacyParts(of spec: DateSpec) -> [String] { [] }

    public static func discloseParts(
        _ spec: DateSpec, question key: String, counts: QuestionCounts, disclosure: Disclosure, in form: UUID?, hidesCounts: Bool,
        into result: inout QuestionResult
    ) {}

    /// A trend of days has no mean to follow and no fixed categories.
    public static func trendCategories(of spec: DateSpec) -> (items: [(id: String, label: String)], hasOther: Bool)? { nil }

    /// The histogram's bins with counts and shares.
    public static func roomQuestion(_ result: QuestionResult, into question: inout RoomView.Question) {
        question.labels = result.chart.rows.map(\.label)
        (question.counts, question.percents) = RoomView.numbers(result.chart, withheld: result.withheld)
    }

    /// How many answered: the days themselves are in the chart.
    public static func digestTop(_ result: QuestionResult, respondents: Int?, disclosure: Disclosure) -> ResultsDigest.Line.Top {
        result.chart.total == 0 ? .noAnswers : .answers(respondents: respondents)
    }

    /// Picking a day on a calendar takes about as long as typing a number.
    public static func speederSeconds(_ spec: DateSpec) -> Double { 3 }
    public static let canStraightLine = false
    public static func isStraightLined(_ value: DateDay, _ spec: DateSpec) -> Bool { false }
}

/// A date question's histogram over [earliest, latest] where the question has them, else over the
/// answers' days: a bin per day when the span is at most ``maxDays`` days, else per week (or per
/// several weeks, so that there are at most ``maxBins`` bins), each bin starting on its first day.
struct DateHistogram {
    struct Bin: Equatable {
        var first: DateDay
        var last: DateDay
        var count: Int
        /// The day, or the bin's first and last day.
        var label: String { first == last ? first.text : "\(first.text) – \(last.text)" }
    }

    static let maxDays = 31
    static let maxBins = 26

    var bins: [Bin]

    init(_ spec: DateSpec, answers: [(day: DateDay, count: Int)]) {
        guard let low = spec.earliest ?? answers.first?.day, let high = spec.latest ?? answers.last?.day, low <= high else {
            self.bins = []
            return
        }
        let span = high.number - low.number + 1
        let weeks = (span + 6) / 7
        let width = span <= Self.maxDays ? 1 : 7 * ((weeks + Self.maxBins - 1) / Self.maxBins)
        self.bins = stride(from: low.number, through: high.number, by: width).map { start in
            let last = DateDay(number: min(start + width - 1, high.number))
            let count = answers.filter { $0.day.number >= start && $0.day <= last }.reduce(0) { $0 + $1.count }
            return Bin(first: DateDay(number: start), last: last, count: count)
        }
    }
}
