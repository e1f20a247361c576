/// A grid question: several statements rated on one shared scale, the Likert matrix
/// (docs/decisions/0035).
public enum GridKind: QuestionKindDescriptor {
    public static let kind = QuestionKind.grid
    public static func body(_ spec: GridSpec) -> QuestionBody { .grid(spec) }
    public static func answer(_ value: [GridRating]) -> AnswerValue { .grid(value) }

    /// A rating's scale (`QuestionInput.min`, …) and the statements rated on it.
    public static let definitionMembers: [KindMembers.Declaration] =
        RatingKind.definitionMembers + [.init("statements", .objects(StatementInput.self))]
    public static let itemsAreStatements = true

    public static func validate(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> GridSpec? {
        input.validateGrid(at: path, into: &problems)
    }

    public static func decode(from c: KeyedDecodingContainer<Question.CodingKeys>) throws -> GridSpec {
        GridSpec(statements: try c.decode([GridStatement].self, forKey: .statements), scale: try RatingKind.decode(from: c))
    }

    public static func encode(_ spec: GridSpec, into c: inout KeyedEncodingContainer<Question.CodingKeys>) throws {
        try c.encode(spec.statements, forKey: .statements)
        try RatingKind.encode(spec.scale, into: &c)
    }

    public static func describe(_ spec: GridSpec, into input: inout QuestionInput) {
        input.statements = spec.statements.map { StatementInput(key: $0.key, label: $0.label) }
        RatingKind.describe(spec.scale, into: &input)
    }

    public static func texts(of spec: GridSpec, question key: QuestionKey) -> [TranslatableText] {
        spec.statements.map { TranslatableText(field: .statement(key, key: $0.key), original: $0.label) }
            + RatingKind.texts(of: spec.scale, question: key)
    }

    public static func localized(_ spec: GridSpec, _ translation: QuestionTranslation) -> GridSpec {
        var spec = spec
        spec.statements = spec.statements.map { GridStatement(key: $0.key, label: translation.statements[$0.key] ?? $0.label) }
        spec.scale = RatingKind.localized(spec.scale, translation)
        return spec
    }

    public static let translationFields: Set<String> = RatingKind.translationFields.union(["statements"])

    public static func validateTranslation(
        _ input: QuestionTranslationInput, of spec: GridSpec, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector
    ) {
        RatingKind.validateTranslation(input, of: spec.scale, at: path, into: &translation, &problems)
        translation.statements = QuestionTranslationInput.labels(
            input.statements, at: FieldPath.field(path, "statements"), known: Set(spec.statements.map(\.key)),
            unknown: "is not a statement of the question", maxLength: GridSpec.labelMaxLength, into: &problems)
    }

    public static func meaning(of spec: GridSpec) -> GridSpec {
        var spec = spec
        spec.statements = spec.statements.map { GridStatement(key: $0.key, label: "") }
        spec.scale = RatingKind.meaning(of: spec.scale)
        return spec
    }

    /// The same scale and statement keys.
    public static func answersAreComparable(_ mine: GridSpec, _ theirs: GridSpec) -> Bool {
        RatingKind.answersAreComparable(mine.scale, theirs.scale) && Set(mine.statements.map(\.key)) == Set(theirs.statements.map(\.key))
    }

    /// Statements play the part of options: the same keys and labels in the same order.
    public static func signature(of spec: GridSpec) -> (options: [ChoiceOption], scale: ClosedRange<Int>?) {
        (spec.statements.map { ChoiceOption(id: $0.key, label: $0.label) }, spec.scale.min...spec.scale.max)
    }

    public static let answerMembers: [KindMembers.Declaration] = [.init("ratings", .integersByName)]

    /// `ratings` maps statement keys to values on the scale (`ratings.<key>`: "unknown
    /// statement", out of range); an empty object is "not answered"; a required grid needs every
    /// statement rated (each missing one at `ratings.<key>`: "is required").
    public static func check(
        _ input: AnswerInput, _ spec: GridSpec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome {
        let ratingsPath = FieldPath.field(path, "ratings")
        guard let ratings = input.ratings else {
            problems.add(ratingsPath, "is required")
            return .invalid
        }
        if ratings.isEmpty { return .blank }
        // Bounded before any key is echoed in a path, and a key that is no identifier is not echoed.
        guard ratings.count <= spec.statements.count else {
            problems.add(ratingsPath, "must have at most \(spec.statements.count) ratings, one per statement")
            return .invalid
        }
        let before = problems.count
        for key in ratings.keys.sorted() where spec.statement(withKey: key) == nil {
            if IdentifierRules.isValid(key) {
                problems.add(FieldPath.field(ratingsPath, key), "must be one of the question's statements")
            } else {
                problems.add(ratingsPath, "has a key that is not one of the question's statements")
            }
        }
        var values: [GridRating] = []
        for statement in spec.statements {
            let statementPath = FieldPath.field(ratingsPath, statement.key)
            if let value = ratings[statement.key] {
                if problems.checkRange(value, spec.scale.range, at: statementPath) {
                    values.append(GridRating(statementKey: statement.key, value: value))
                }
            } else if required {
                problems.add(statementPath, "is required")
            }
        }
        return problems.count == before ? .answered(.grid(values)) : .invalid
    }

    public static func decodeAnswer(from c: KeyedDecodingContainer<Answer.CodingKeys>) throws -> [GridRating]? {
        guard let ratings = try c.decodeIfPresent([String: Int].self, forKey: .ratings) else { return nil }
        // A JSON object has no order; without the form, statement keys order the ratings.
        return ratings.sorted { $0.key < $1.key }.map { GridRating(statementKey: $0.key, value: $0.value) }
    }

    public static func encode(_ value: [GridRating], into c: inout KeyedEncodingContainer<Answer.CodingKeys>) throws {
        // A JSON object: its members have no order (the question's statements keep it).
        try c.encode(Dictionary(uniqueKeysWithValues: value.map { ($0.statementKey, $0.value) }), forKey: .ratings)
    }

    public static func describe(_ value: [GridRating], into input: inout AnswerInput) {
        input.ratings = Dictionary(uniqueKeysWithValues: value.map { ($0.statementKey, $0.value) })
    }

    /// `questionKey`, `ratings`: a dictionary in `encode(to:)`, so `.sortedKeys` orders the
    /// statements by the UTF-8 bytes of their keys, not in the question's order the answer keeps.
    public static func writeJSON(_ value: [GridRating], questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer) {
        writer.raw("\"questionKey\":")
        writer.string(questionKey)
        writer.raw(",\"ratings\":{")
        let sorted = value.sorted { $0.statementKey.utf8.lexicographicallyPrecedes($1.statementKey.utf8) }
        for (index, rating) in sorted.enumerated() {
            if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            writer.string(rating.statementKey)
            writer.bytes.append(UInt8(ascii: ":"))
            writer.integer(rating.value)
        }
        writer.bytes.append(UInt8(ascii: "}"))
    }
}

extension AnswerInput {
    /// Grid: the value given to each rated statement, by statement key.
    public var ratings: [String: Int]? {
        get { kindMembers[integersByName: "ratings"] }
        set { kindMembers[integersByName: "ratings"] = newValue }
    }
}

extension QuestionInput {
    /// Grid: required, 2–20 statements.
    public var statements: [StatementInput]? {
        get { kindMembers[objects: "statements"] }
        set { kindMembers[objects: "statements"] = newValue }
    }
}

extension JSONKey {
    static let ratings: JSONKey = "ratings"
    static let statements: JSONKey = "statements"
}
