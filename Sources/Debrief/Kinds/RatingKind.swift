/// A rating question: one integer on a scale (e.g. 1–5, or 0–10 for NPS).
public enum RatingKind: QuestionKindDescriptor {
    public static let kind = QuestionKind.rating
    public static func body(_ spec: RatingSpec) -> QuestionBody { .rating(spec) }
    public static func answer(_ value: Int) -> AnswerValue { .rating(value) }

    /// The scale's fields, shared with ``GridKind``.
    public static let definitionMembers: [KindMembers.Declaration] = [
        .init("min", .integer), .init("max", .integer), .init("minLabel", .text), .init("maxLabel", .text),
    ]

    public static func validate(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> RatingSpec? {
        input.validateRating(at: path, into: &problems)
    }

    public static func decode(from c: KeyedDecodingContainer<Question.CodingKeys>) throws -> RatingSpec {
        RatingSpec(
            min: try c.decode(Int.self, forKey: .min),
            max: try c.decode(Int.self, forKey: .max),
            minLabel: try c.decodeIfPresent(String.self, forKey: .minLabel),
            maxLabel: try c.decodeIfPresent(String.self, forKey: .maxLabel))
    }

    public static func encode(_ spec: RatingSpec, into c: inout KeyedEncodingContainer<Question.CodingKeys>) throws {
        try c.encode(spec.min, forKey: .min)
        try c.encode(spec.max, forKey: .max)
        try c.encodeIfPresent(spec.minLabel, forKey: .minLabel)
        try c.encodeIfPresent(spec.maxLabel, forKey: .maxLabel)
    }

    public static func describe(_ spec: RatingSpec, into input: inout QuestionInput) {
        input.min = spec.min
        input.max = spec.max
        input.minLabel = spec.minLabel
        input.maxLabel = spec.maxLabel
    }

    public static func texts(of spec: RatingSpec, question key: QuestionKey) -> [TranslatableText] {
        var texts: [TranslatableText] = []
        if let label = spec.minLabel { texts.append(TranslatableText(field: .minLabel(key), original: label)) }
        if let label = spec.maxLabel { texts.append(TranslatableText(field: .maxLabel(key), original: label)) }
        return texts
    }

    /// The scale with translated end labels, where the scale has labels at all.
    public static func localized(_ spec: RatingSpec, _ translation: QuestionTranslation) -> RatingSpec {
        var copy = spec
        copy.minLabel = spec.minLabel.map { translation.minLabel ?? $0 }
        copy.maxLabel = spec.maxLabel.map { translation.maxLabel ?? $0 }
        return copy
    }

    public static let translationFields: Set<String> = ["minLabel", "maxLabel"]

    public static func validateTranslation(
        _ input: QuestionTranslationInput, of spec: RatingSpec, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector
    ) {
        translation.minLabel = problems.optionalText(
            input.minLabel, at: FieldPath.field(path, "minLabel"), maxLength: RatingSpec.labelMaxLength)
        translation.maxLabel = problems.optionalText(
            input.maxLabel, at: FieldPath.field(path, "maxLabel"), maxLength: RatingSpec.labelMaxLength)
    }

    public static func meaning(of spec: RatingSpec) -> RatingSpec {
        var spec = spec
        spec.minLabel = nil
        spec.maxLabel = nil
        return spec
    }

    /// The same scale.
    public static func answersAreComparable(_ mine: RatingSpec, _ theirs: RatingSpec) -> Bool {
        mine.min == theirs.min && mine.max == theirs.max
    }

    public static func signature(of spec: RatingSpec) -> (options: [ChoiceOption], scale: ClosedRange<Int>?) {
        ([], spec.min...spec.max)
    }

    /// Every value of a scale short enough for one row of a message (0–10 at most).
    /// A follow-up on a rating names a range of the scale, low first: `ratingBetween: [0, 6]`.
    public static func followUpRule(
        _ condition: FollowUpInput, _ scale: RatingSpec, at path: String, into problems: inout ProblemCollector
    ) -> FollowUpCondition.Rule? {
        let rangePath = FieldPath.field(path, "ratingBetween")
        guard let bounds = condition.ratingBetween else {
            problems.add(rangePath, "is required for a rating question (chosen and notChosen are for choice questions)")
            return nil
        }
        guard bounds.count == 2 else {
            problems.add(rangePath, "must be two values, [low, high]")
            return nil
        }
        guard bounds[0] <= bounds[1] else {
            problems.add(rangePath, "must have its low value first")
            return nil
        }
        guard (scale.min...scale.max).contains(bounds[0]), (scale.min...scale.max).contains(bounds[1]) else {
            problems.add(rangePath, "must be within the question's scale \(scale.min)–\(scale.max)")
            return nil
        }
        return .ratingBetween(bounds[0]...bounds[1])
    }

    public static func oneTapAnswers(of spec: RatingSpec) -> [(label: String, value: Int)] {
        spec.range.count <= OneTapQuestion.maxAnswers ? spec.range.map { (String($0), $0) } : []
    }

    public static let answerMembers: [KindMembers.Declaration] = [.init("rating", .integer)]

    /// An integer within the scale.
    public static func check(
        _ input: AnswerInput, _ spec: RatingSpec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome {
        guard let value = input.rating else {
            problems.add(FieldPath.field(path, "rating"), "is required")
            return .invalid
        }
        guard problems.checkRange(value, spec.range, at: FieldPath.field(path, "rating")) else { return .invalid }
        return .answered(.rating(value))
    }

    public static func decodeAnswer(from c: KeyedDecodingContainer<Answer.CodingKeys>) throws -> Int? {
        try c.decodeIfPresent(Int.self, forKey: .rating)
    }

    public static func encode(_ value: Int, into c: inout KeyedEncodingContainer<Answer.CodingKeys>) throws {
        try c.encode(value, forKey: .rating)
    }

    public static func describe(_ value: Int, into input: inout AnswerInput) {
        input.rating = value
    }

    /// `questionKey`, `rating`.
    public static func writeJSON(_ value: Int, questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer) {
        writer.raw("\"questionKey\":")
        writer.string(questionKey)
        writer.raw(",\"rating\":")
        writer.integer(value)
    }
}

extension AnswerInput {
    /// Rating (and NPS): the chosen value.
    public var rating: Int? {
        get { kindMembers[integer: "rating"] }
        set { kindMembers[integer: "rating"] = newValue }
    }
}

extension QuestionInput {
    /// Rating (and grid): 0 or 1, default 1.
    public var min: Int? {
        get { kindMembers[integer: "min"] }
        set { kindMembers[integer: "min"] = newValue }
    }
    /// Rating (and grid): min+1...10, default 5.
    public var max: Int? {
        get { kindMembers[integer: "max"] }
        set { kindMembers[integer: "max"] = newValue }
    }
    /// Rating (and grid): optional, at most 60 characters.
    public var minLabel: String? {
        get { kindMembers[text: "minLabel"] }
        set { kindMembers[text: "minLabel"] = newValue }
    }
    /// Rating (and grid): optional, at most 60 characters.
    public var maxLabel: String? {
        get { kindMembers[text: "maxLabel"] }
        set { kindMembers[text: "maxLabel"] = newValue }
    }
}

extension JSONKey {
    static let rating: JSONKey = "rating"
    static let min: JSONKey = "min", max: JSONKey = "max", minLabel: JSONKey = "minLabel", maxLabel: JSONKey = "maxLabel"
}
