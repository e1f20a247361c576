/// A ranking question: put 2–10 options in order, first to last (docs/decisions/0070). The
/// answer is a full order: every option exactly once, so each option's rank and Borda points
/// mean the same thing in every response.
public enum RankingKind: QuestionKindDescriptor {
    public static let kind = QuestionKind.ranking
    public static func body(_ spec: RankingSpec) -> QuestionBody { .ranking(spec) }
    public static func answer(_ value: [String]) -> AnswerValue { .ranking(value) }

    /// Its options are a choice's (`QuestionInput.options`).
    public static let definitionMembers: [KindMembers.Declaration] = [.init("options", .objects(OptionInput.self))]

    /// `options`: 2–10, each with an id and a label under the choice options' rules.
    public static func validate(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> RankingSpec? {
        let before = problems.count
        let optionsPath = FieldPath.field(path, "options")
        guard let inputs = input.options else {
            problems.add(optionsPath, "is required")
            return nil
        }
        let range = RankingSpec.optionCountRange
        if !range.contains(inputs.count) {
            problems.add(optionsPath, "must have between \(range.lowerBound) and \(range.upperBound) options")
        }
        let options = LabelledItems(idField: "id", idPrefix: "o", noun: "option", labelMaxLength: ChoiceSpec.labelMaxLength)
            .validate(inputs.map { ($0.id, $0.label) }, at: optionsPath, into: &problems)
            .map { ChoiceOption(id: $0.id, label: $0.label) }
        return problems.count == before ? RankingSpec(options: options) : nil
    }

    public static func decode(from c: KeyedDecodingContainer<Question.CodingKeys>) throws -> RankingSpec {
        RankingSpec(options: try c.decode([ChoiceOption].self, forKey: .options))
    }

    public static func encode(_ spec: RankingSpec, into c: inout KeyedEncodingContainer<Question.CodingKeys>) throws {
        try c.encode(spec.options, forKey: .options)
    }

    public static func describe(_ spec: RankingSpec, into input: inout QuestionInput) {
        input.options = spec.options.map { OptionInput(id: $0.id, label: $0.label) }
    }

    public static func texts(of spec: RankingSpec, question key: QuestionKey) -> [TranslatableText] {
        spec.options.map { TranslatableText(field: .option(key, id: $0.id), original: $0.label) }
    }

    public static func localized(_ spec: RankingSpec, _ translation: QuestionTranslation) -> RankingSpec {
        RankingSpec(options: spec.options.map { ChoiceOption(id: $0.id, label: translation.options[$0.id] ?? $0.label) })
    }

    public static let translationFields: Set<String> = ["options"]

    public static func validateTranslation(
        _ input: QuestionTranslationInput, of spec: RankingSpec, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector
    ) {
        translation.options = QuestionTranslationInput.labels(
            input.options, at: FieldPath.field(path, "options"), known: Set(spec.options.map(\.id)),
            unknown: "is not an option of the question", maxLength: ChoiceSpec.labelMaxLength, into: &problems)
    }

    public static func meaning(of spec: RankingSpec) -> RankingSpec {
        RankingSpec(options: spec.options.map { ChoiceOption(id: $0.id, label: "") })
    }

    /// The same option ids: a rank, and the Borda points n − rank, mean the same only over the same n options.
    public static func answersAreComparable(_ mine: RankingSpec, _ theirs: RankingSpec) -> Bool {
        Set(mine.options.map(\.id)) == Set(theirs.options.map(\.id))
    }

    public static func signature(of spec: RankingSpec) -> (options: [ChoiceOption], scale: ClosedRange<Int>?) {
        (spec.options, nil)
    }

    public static let answerMembers: [KindMembers.Declaration] = [.init("ranking", .texts)]

    /// `ranking` lists option ids first to last: each one an option (`ranking[i]`: "must be one of
    /// the question's options"), none twice ("ranked more than once"), and every option
    /// (`ranking`: "must rank every option; missing: …"). An empty list is "not answered".
    public static func check(
        _ input: AnswerInput, _ spec: RankingSpec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome {
        let rankingPath = FieldPath.field(path, "ranking")
        guard let ids = input.ranking else {
            problems.add(rankingPath, "is required")
            return .invalid
        }
        if ids.isEmpty { return .blank }
        // Bounded before any id is echoed in a path.
        guard ids.count <= spec.options.count else {
            problems.add(rankingPath, "must have at most \(spec.options.count) option ids, one per option")
            return .invalid
        }
        let before = problems.count
        var seen: Set<String> = []
        for (index, id) in ids.enumerated() {
            if spec.option(withID: id) == nil {
                problems.add(FieldPath.index(rankingPath, index), "must be one of the question's options")
            } else if !seen.insert(id).inserted {
                problems.add(FieldPath.index(rankingPath, index), "ranked more than once")
            }
        }
        let missing = spec.options.map(\.id).filter { !seen.contains($0) }
        if problems.count == before, !missing.isEmpty {
            problems.add(rankingPath, "must rank every option; missing: \(missing.joined(separator: ", "))")
        }
        return problems.count == before ? .answered(.ranking(ids)) : .invalid
    }

    public static func decodeAnswer(from c: KeyedDecodingContainer<Answer.CodingKeys>) throws -> [String]? {
        try c.decodeIfPresent([String].self, forKey: .ranking)
    }

    public static func encode(_ value: [String], into c: inout KeyedEncodingContainer<Answer.CodingKeys>) throws {
        try c.encode(value, forKey: .ranking)
    }

    public static func describe(_ value: [String], into input: inout AnswerInput) {
        input.ranking = value
    }

    /// `questionKey`, `ranking`.
    public static func writeJSON(_ value: [String], questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer) {
        writer.raw("\"questionKey\":")
        writer.string(questionKey)
        writer.raw(",\"ranking\":[")
        for (index, id) in value.enumerated() {
            if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            writer.string(id)
        }
        writer.bytes.append(UInt8(ascii: "]"))
    }
}

/// The settings of a ranking question: the options to put in order, in the host's order.
public struct RankingSpec: Sendable, Equatable {
    /// Accepted number of options: ten is as many as a participant can order on a phone.
    public static let optionCountRange = 2...10

    public var options: [ChoiceOption]

    public init(options: [ChoiceOption]) {
        self.options = options
    }

    /// The option with `id`, if any.
    public func option(withID id: String) -> ChoiceOption? {
        options.first { $0.id == id }
    }
}

extension AnswerInput {
    /// Ranking: the option ids, first to last.
    public var ranking: [String]? {
        get { kindMembers[texts: "ranking"] }
        set { kindMembers[texts: "ranking"] = newValue }
    }
}

extension JSONKey {
    static let ranking: JSONKey = "ranking"
}
