/// The per-kind rules for one answer.
enum AnswerRules {
    /// The outcome of checking one answer.
    enum Outcome {
        /// A valid answer.
        case answered(AnswerValue)
        /// Problems were recorded; the question still counts as answered.
        case invalid
        /// Nothing was said (a blank short answer); the question counts as unanswered.
        case blank
    }

    /// Checks `input` against `question`; problems go to `answers[i].<field>`.
    static func check(_ input: AnswerInput, for question: Question, at path: String, into problems: inout ProblemCollector) -> Outcome {
        let before = problems.count
        let outcome: Outcome
        switch question.body {
        case .choice(let spec): outcome = choice(input, spec, at: path, into: &problems)
        case .rating(let spec): outcome = rating(input, spec, at: path, into: &problems)
        case .shortAnswer(let spec): outcome = text(input, spec, at: path, into: &problems)
        case .grid(let spec): outcome = grid(input, spec, required: question.required, at: path, into: &problems)
        }
        // Fields of another kind were reported by the caller; they make the answer invalid.
        if problems.count != before || !input.presentKindFields.allSatisfy({ $0.kind == question.kind }) {
            if case .blank = outcome { return .blank }
            return .invalid
        }
        return outcome
    }

    /// Choice: `optionIds` present, every id an option, no id twice; `otherText` only when
    /// the question allows it (blank means none); at least one and at most
    /// `selectionLimit` selections, the other text counting as one.
    private static func choice(_ input: AnswerInput, _ spec: ChoiceSpec, at path: String, into problems: inout ProblemCollector) -> Outcome {
        let idsPath = FieldPath.field(path, "optionIds")
        let otherPath = FieldPath.field(path, "otherText")
        var other: String?
        if let raw = input.otherText {
            if spec.allowsOther {
                other = problems.optionalText(raw, at: otherPath, maxLength: ChoiceSpec.otherTextMaxLength)
            } else {
                problems.add(otherPath, "not allowed for this question")
            }
        }
        guard let ids = input.optionIds else {
            problems.add(idsPath, "is required")
            return .invalid
        }
        var seen: Set<String> = []
        for (index, id) in ids.enumerated() {
            if spec.option(withID: id) == nil {
                problems.add(FieldPath.index(idsPath, index), "must be one of the question's options")
            } else if !seen.insert(id).inserted {
                problems.add(FieldPath.index(idsPath, index), "selected more than once")
            }
        }
        let selections = ids.count + (other == nil ? 0 : 1)
        if selections == 0 {
            problems.add(idsPath, "must select at least one option")
        } else if selections > spec.selectionLimit {
            problems.add(idsPath, "must select at most \(spec.selectionLimit)")
        }
        return .answered(.choice(optionIds: ids, otherText: other))
    }

    /// Rating: an integer within the scale.
    private static func rating(_ input: AnswerInput, _ spec: RatingSpec, at path: String, into problems: inout ProblemCollector) -> Outcome {
        guard let value = input.rating else {
            problems.add(FieldPath.field(path, "rating"), "is required")
            return .invalid
        }
        guard problems.checkRange(value, spec.range, at: FieldPath.field(path, "rating")) else { return .invalid }
        return .answered(.rating(value))
    }

    /// Grid: `ratings` maps statement keys to values on the scale (`ratings.<key>`: "unknown
    /// statement", out of range); an empty object is "not answered"; a required grid needs every
    /// statement rated (each missing one at `ratings.<key>`: "is required").
    private static func grid(
        _ input: AnswerInput, _ spec: GridSpec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> Outcome {
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

    /// Short answer: NFC, trimmed, multi-line; blank is "not answered"; at most
    /// `maxLength` characters; no control characters other than "\n" and "\t".
    private static func text(_ input: AnswerInput, _ spec: ShortAnswerSpec, at path: String, into problems: inout ProblemCollector) -> Outcome {
        guard let raw = input.text else { return .blank }
        let text = TextRules.normalized(raw, lines: .multiple)
        if text.isEmpty { return .blank }
        if let message = TextRules.problem(in: text, as: raw, lines: .multiple, maxLength: spec.maxLength) {
            problems.add(FieldPath.field(path, "text"), message)
            return .invalid
        }
        return .answered(.text(text))
    }
}
