import Foundation

/// Everything the domain asks of one question kind: its settings (``Spec``) and how a
/// definition is validated, decoded and described; its answer (``Value``) and how one is
/// checked, decoded and described (docs/decisions/0065).
///
/// One conforming type per kind (``ChoiceKind``, ``ShortAnswerKind``, ``RatingKind``,
/// ``GridKind``), found through ``QuestionKind/descriptor``. Outer layers add their own part of
/// a kind as a protocol of their own that the same type adopts in a file named
/// `<Kind>+<Layer>.swift` (e.g. `GridKind+Chart.swift`), and ask the registry for it; a test per
/// layer proves every registered kind has its part. Code outside a kind's files asks the
/// descriptor and never switches on the kind.
public protocol QuestionKindDescriptor: Sendable {
    /// The settings of a question of this kind, as ``QuestionBody`` carries them.
    associatedtype Spec: Sendable & Equatable
    /// A validated answer to a question of this kind, as ``AnswerValue`` carries it.
    associatedtype Value: Sendable & Hashable

    /// The kind this type describes.
    static var kind: QuestionKind { get }
    /// The body carrying `spec`.
    static func body(_ spec: Spec) -> QuestionBody
    /// The answer value carrying `value`.
    static func answer(_ value: Value) -> AnswerValue

    // MARK: The definition

    /// The question members this kind declares itself, kept in `QuestionInput.kindMembers`
    /// (``KindMembers``); the shared input lists none of them (docs/decisions/0084). Any other
    /// kind's member is refused as "not allowed" on a question of this kind.
    static var definitionMembers: [KindMembers.Declaration] { get }
    /// Validates the kind's settings of `input` at `path` (e.g. `questions[2]`); nil after
    /// recording at least one problem.
    static func validate(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> Spec?
    /// Decodes the settings from a question's flat JSON (already validated when it was stored).
    static func decode(from container: KeyedDecodingContainer<Question.CodingKeys>) throws -> Spec
    /// Encodes the settings into a question's flat JSON.
    static func encode(_ spec: Spec, into container: inout KeyedEncodingContainer<Question.CodingKeys>) throws
    /// Fills in the input fields that describe `spec` exactly.
    static func describe(_ spec: Spec, into input: inout QuestionInput)

    // MARK: Texts, translations and comparison

    /// The kind's translatable texts of the question with `key`, in reading order (after its prompt).
    static func texts(of spec: Spec, question key: QuestionKey) -> [TranslatableText]
    /// `spec` with the texts of `translation` where it has them.
    static func localized(_ spec: Spec, _ translation: QuestionTranslation) -> Spec
    /// The `QuestionTranslationInput` fields a translation of this kind may carry.
    static var translationFields: Set<String> { get }
    /// Validates a translation's kind-specific texts at `path` into `translation`.
    static func validateTranslation(
        _ input: QuestionTranslationInput, of spec: Spec, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector)
    /// `spec` with its wording blanked: what was asked, not how.
    static func meaning(of spec: Spec) -> Spec
    /// True when answers to `mine` and `theirs` (another version of the form) may be counted together.
    static func answersAreComparable(_ mine: Spec, _ theirs: Spec) -> Bool
    /// The options (or statements) and scale that decide comparability across sessions (``ComparableSignature``).
    static func signature(of spec: Spec) -> (options: [ChoiceOption], scale: ClosedRange<Int>?)
    /// Whether the kind's items are statements each rated on one scale (a grid's), not options:
    /// named so in the builder, in a comparison's difference and in a trend's table.
    static var itemsAreStatements: Bool { get }

    // MARK: Results, privacy parts, trends, the room and the digest (`<Kind>+Results.swift`)

    /// Whether a withheld chart keeps its categories: true when they are the host's words
    /// (options, scale values), false when they are the participants' (a short answer's words).
    static var withheldChartKeepsCategories: Bool { get }
    /// The result's chart, statistics and quotes from the question's counts.
    static func shape(_ spec: Spec, counts: QuestionCounts, into result: inout QuestionResult)
    /// The parts of an answer shown on their own (a grid's statement keys), each with its own
    /// decision from ``Disclosure`` over `QuestionCounts.respondents(ofStatement:)`; empty when none.
    static func privacyParts(of spec: Spec) -> [String]
    /// The result's parts, each under its own decision in `disclosure` (a grid's statements).
    static func discloseParts(
        _ spec: Spec, question key: String, counts: QuestionCounts, disclosure: Disclosure, in form: UUID?, hidesCounts: Bool,
        into result: inout QuestionResult)
    /// The categories a trend follows (options or statements, id and label), and whether an
    /// "other" category follows them; nil when the kind's trend has no categories.
    static func trendCategories(of spec: Spec) -> (items: [(id: String, label: String)], hasOther: Bool)?
    /// Whether a trend point keeps each chart row's share (`QuestionTrend.Point.optionShares`):
    /// true where the chart's rows are the host's options and their percent is the kind's headline.
    static var trendFollowsShares: Bool { get }
    /// What the mean of this kind's answers is called in `language` ("Mean rating", "평균 평점"):
    /// the trends table's value column and the trend chart's measure name it, so neither asks
    /// which kind it shows. Nil when a trend of the kind follows no mean (choices, grids, short
    /// answers).
    static func meanName(_ language: Language) -> String?
    /// Fills the room's compact view of `result` (labels, counts, shares, mean, statements).
    static func roomQuestion(_ result: QuestionResult, into question: inout RoomView.Question)
    /// The digest's top line of a shown result that has respondents.
    static func digestTop(_ result: QuestionResult, respondents: Int?, disclosure: Disclosure) -> ResultsDigest.Line.Top

    // MARK: Honest responses

    /// Seconds a careful participant needs for a question of this kind (``SpeederThreshold``).
    static func speederSeconds(_ spec: Spec) -> Double
    /// Whether answers of this kind can be straight-lined, so that a withheld part of one hides the flag.
    static var canStraightLine: Bool { get }
    /// Whether `value` straight-lines `spec` (``StraightLining``).
    static func isStraightLined(_ value: Value, _ spec: Spec) -> Bool

    // MARK: One tap from the mail (``OneTapQuestion``)

    /// The answers a message may offer as a row of links, each with its label, in the order
    /// shown; empty when a question of this kind is not answered in one tap (the default).
    static func oneTapAnswers(of spec: Spec) -> [(label: String, value: Value)]

    // MARK: Follow-ups (``FollowUpCondition``)

    /// The rule `condition` (at `path`, `questions[i].showWhen`) states about the answers to a
    /// question of this kind with `spec`; nil after recording a problem at `<path>.<member>`. A
    /// kind whose answers decide no follow-up (the default) refuses at `<path>.question`.
    static func followUpRule(
        _ condition: FollowUpInput, _ spec: Spec, at path: String, into problems: inout ProblemCollector
    ) -> FollowUpCondition.Rule?

    // MARK: The answer

    /// The answer members this kind owns, kept in `AnswerInput.kindMembers` (decision 84): each
    /// kind's file gives them typed accessors.
    static var answerMembers: [KindMembers.Declaration] { get }
    /// Checks one answer against a question of this kind; problems go to `<path>.<field>`.
    static func check(
        _ input: AnswerInput, _ spec: Spec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome
    /// Decodes a stored answer's value from its flat JSON; nil when none of its fields is present.
    static func decodeAnswer(from container: KeyedDecodingContainer<Answer.CodingKeys>) throws -> Value?
    /// Encodes a value into an answer's flat JSON.
    static func encode(_ value: Value, into container: inout KeyedEncodingContainer<Answer.CodingKeys>) throws
    /// Fills in the input fields that describe `value` exactly.
    static func describe(_ value: Value, into input: inout AnswerInput)
    /// Writes the answer's members, `questionKey` among them, in the order `JSONEncoder`'s
    /// `.sortedKeys` writes them (``AcceptedSubmissionJSON``), without the braces.
    static func writeJSON(_ value: Value, questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer)
}

extension QuestionKindDescriptor {
    public static var itemsAreStatements: Bool { false }
    public static var trendFollowsShares: Bool { false }
    public static func meanName(_ language: Language) -> String? { nil }
    public static var definitionMembers: [KindMembers.Declaration] { [] }
    /// The names of ``definitionMembers``.
    public static var definitionFields: Set<String> { Set(definitionMembers.map(\.name)) }
    public static func oneTapAnswers(of spec: Spec) -> [(label: String, value: Value)] { [] }
    public static func followUpRule(
        _ condition: FollowUpInput, _ spec: Spec, at path: String, into problems: inout ProblemCollector
    ) -> FollowUpCondition.Rule? {
        problems.add(FieldPath.field(path, "question"), "must name a rating or choice question")
        return nil
    }
    /// The names of ``answerMembers``.
    public static var answerFields: Set<String> { Set(answerMembers.map(\.name)) }

    /// The settings in `body` when it is of this kind.
    public static func spec(of body: QuestionBody) -> Spec? {
        let opened = body.opened
        guard opened.kind == kind else { return nil }
        return opened.spec as? Spec
    }

    /// The value in `answer` when it is of this kind.
    public static func value(of answer: AnswerValue) -> Value? {
        let opened = answer.opened
        guard opened.kind == kind else { return nil }
        return opened.value as? Value
    }

    // Entry points on the body and value as a whole, so that code holding a
    // `any QuestionKindDescriptor.Type` from the registry can call them. The registry returned
    // this descriptor for the body's own kind, so `spec(of:)` is not nil there.

    static func validateBody(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> QuestionBody? {
        validate(input, at: path, into: &problems).map(body)
    }

    static func decodeBody(from container: KeyedDecodingContainer<Question.CodingKeys>) throws -> QuestionBody {
        body(try decode(from: container))
    }

    static func encodeBody(_ body: QuestionBody, into container: inout KeyedEncodingContainer<Question.CodingKeys>) throws {
        guard let spec = spec(of: body) else { return }
        try encode(spec, into: &container)
    }

    static func describeBody(_ body: QuestionBody, into input: inout QuestionInput) {
        guard let spec = spec(of: body) else { return }
        describe(spec, into: &input)
    }

    static func texts(of body: QuestionBody, question key: QuestionKey) -> [TranslatableText] {
        spec(of: body).map { texts(of: $0, question: key) } ?? []
    }

    static func localized(_ body: QuestionBody, _ translation: QuestionTranslation) -> QuestionBody {
        spec(of: body).map { self.body(localized($0, translation)) } ?? body
    }

    static func validateTranslation(
        _ input: QuestionTranslationInput, of body: QuestionBody, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector
    ) {
        guard let spec = spec(of: body) else { return }
        validateTranslation(input, of: spec, at: path, into: &translation, &problems)
    }

    static func meaning(of body: QuestionBody) -> QuestionBody {
        spec(of: body).map { self.body(meaning(of: $0)) } ?? body
    }

    /// False when either body is of another kind.
    static func answersAreComparable(_ mine: QuestionBody, _ theirs: QuestionBody) -> Bool {
        guard let mine = spec(of: mine), let theirs = spec(of: theirs) else { return false }
        return answersAreComparable(mine, theirs)
    }

    static func signature(of body: QuestionBody) -> (options: [ChoiceOption], scale: ClosedRange<Int>?) {
        spec(of: body).map { signature(of: $0) } ?? ([], nil)
    }

    static func shape(_ body: QuestionBody, counts: QuestionCounts, into result: inout QuestionResult) {
        guard let spec = spec(of: body) else { return }
        shape(spec, counts: counts, into: &result)
    }

    static func privacyParts(of body: QuestionBody) -> [String] {
        spec(of: body).map { privacyParts(of: $0) } ?? []
    }

    static func discloseParts(
        _ body: QuestionBody, question key: String, counts: QuestionCounts, disclosure: Disclosure, in form: UUID?, hidesCounts: Bool,
        into result: inout QuestionResult
    ) {
        guard let spec = spec(of: body) else { return }
        discloseParts(spec, question: key, counts: counts, disclosure: disclosure, in: form, hidesCounts: hidesCounts, into: &result)
    }

    static func trendCategories(of body: QuestionBody) -> (items: [(id: String, label: String)], hasOther: Bool)? {
        spec(of: body).flatMap { trendCategories(of: $0) }
    }

    static func speederSeconds(_ body: QuestionBody) -> Double {
        spec(of: body).map { speederSeconds($0) } ?? 0
    }

    static func isStraightLined(_ answer: AnswerValue, _ body: QuestionBody) -> Bool {
        guard let value = value(of: answer), let spec = spec(of: body) else { return false }
        return isStraightLined(value, spec)
    }

    static func oneTapAnswers(of body: QuestionBody) -> [(label: String, value: AnswerValue)] {
        spec(of: body).map { oneTapAnswers(of: $0).map { ($0.label, answer($0.value)) } } ?? []
    }

    static func followUpRule(
        _ condition: FollowUpInput, of body: QuestionBody, at path: String, into problems: inout ProblemCollector
    ) -> FollowUpCondition.Rule? {
        spec(of: body).flatMap { followUpRule(condition, $0, at: path, into: &problems) }
    }

    static func writeJSON(_ answer: AnswerValue, questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer) {
        guard let value = value(of: answer) else { return }
        writeJSON(value, questionKey: questionKey, into: &writer)
    }

    static func checkAnswer(
        _ input: AnswerInput, for question: Question, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome {
        guard let spec = spec(of: question.body) else { return .invalid }
        return check(input, spec, required: question.required, at: path, into: &problems)
    }

    static func decodeAnswerValue(from container: KeyedDecodingContainer<Answer.CodingKeys>) throws -> AnswerValue? {
        try decodeAnswer(from: container).map(answer)
    }

    static func encodeAnswerValue(_ answer: AnswerValue, into container: inout KeyedEncodingContainer<Answer.CodingKeys>) throws {
        guard let value = value(of: answer) else { return }
        try encode(value, into: &container)
    }

    static func describeAnswerValue(_ answer: AnswerValue, into input: inout AnswerInput) {
        guard let value = value(of: answer) else { return }
        describe(value, into: &input)
    }
}

/// The outcome of checking one answer.
public enum AnswerOutcome: Sendable {
    /// A valid answer.
    case answered(AnswerValue)
    /// Problems were recorded; the question still counts as answered.
    case invalid
    /// Nothing was said (a blank short answer); the question counts as unanswered.
    case blank
}
