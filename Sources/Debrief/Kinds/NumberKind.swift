import Foundation

/// A number question: one decimal, optionally within a minimum and maximum, on a step, with a
/// unit ("minutes the meeting should last"; docs/decisions/0069). Every figure is a `Decimal`
/// with at most ``NumberSpec/fractionDigits`` decimals and a magnitude of at most
/// ``NumberSpec/magnitudeLimit``, so the bounds, the step and each answer are exact and the
/// step check is integer arithmetic.
public enum NumberKind: QuestionKindDescriptor {
    public static let kind = QuestionKind.number
    public static func body(_ spec: NumberSpec) -> QuestionBody { .number(spec) }
    public static func answer(_ value: Decimal) -> AnswerValue { .number(value) }

    public static let definitionMembers: [KindMembers.Declaration] = [
        .init("minimum", .decimal), .init("maximum", .decimal), .init("step", .decimal), .init("unit", .text),
    ]

    /// `minimum` ≤ `maximum`; `step` > 0 and, with both bounds, dividing their distance; each
    /// figure exact (``NumberSpec/units(_:)``); `unit` one line of at most 16 characters.
    public static func validate(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> NumberSpec? {
        let before = problems.count
        let figure = { (value: Decimal?, field: String, problems: inout ProblemCollector) -> Decimal? in
            guard let value else { return nil }
            guard NumberSpec.units(value) != nil else {
                problems.add(FieldPath.field(path, field), NumberSpec.figureRule)
                return nil
            }
            return value
        }
        let minimum = figure(input.minimum, "minimum", &problems)
        let maximum = figure(input.maximum, "maximum", &problems)
        let step = figure(input.step, "step", &problems)
        if let minimum, let maximum, minimum > maximum {
            problems.add(FieldPath.field(path, "maximum"), "must be at least minimum (\(NumberSpec.text(minimum)))")
        }
        if let step {
            if step <= 0 {
                problems.add(FieldPath.field(path, "step"), "must be greater than 0")
            } else if let minimum, let maximum, minimum <= maximum, let low = NumberSpec.units(minimum),
                let high = NumberSpec.units(maximum), let units = NumberSpec.units(step), (high - low) % units != 0
            {
                problems.add(FieldPath.field(path, "step"), "must divide maximum − minimum (\(NumberSpec.text(maximum - minimum)))")
            }
        }
        let unit = problems.optionalText(input.unit, at: FieldPath.field(path, "unit"), maxLength: NumberSpec.unitMaxLength)
        guard problems.count == before else { return nil }
        return NumberSpec(minimum: minimum, maximum: maximum, step: step, unit: unit)
    }

    public static func decode(from c: KeyedDecodingContainer<Question.CodingKeys>) throws -> NumberSpec {
        NumberSpec(
            minimum: try c.decodeIfPresent(Decimal.self, forKey: .minimum),
            maximum: try c.decodeIfPresent(Decimal.self, forKey: .maximum),
            step: try c.decodeIfPresent(Decimal.self, forKey: .step),
            unit: try c.decodeIfPresent(String.self, forKey: .unit))
    }

    public static func encode(_ spec: NumberSpec, into c: inout KeyedEncodingContainer<Question.CodingKeys>) throws {
        try c.encodeIfPresent(spec.minimum, forKey: .minimum)
        try c.encodeIfPresent(spec.maximum, forKey: .maximum)
        try c.encodeIfPresent(spec.step, forKey: .step)
        try c.encodeIfPresent(spec.unit, forKey: .unit)
    }

    public static func describe(_ spec: NumberSpec, into input: inout QuestionInput) {
        input.minimum = spec.minimum
        input.maximum = spec.maximum
        input.step = spec.step
        input.unit = spec.unit
    }

    /// The unit is the only text besides the prompt; it is translated in the slot a short
    /// answer's placeholder uses (a number question has none), so translations need no new field.
    public static func texts(of spec: NumberSpec, question key: QuestionKey) -> [TranslatableText] {
        spec.unit.map { [TranslatableText(field: .placeholder(key), original: $0, name: .unit)] } ?? []
    }

    public static func localized(_ spec: NumberSpec, _ translation: QuestionTranslation) -> NumberSpec {
        var copy = spec
        copy.unit = spec.unit.map { translation.placeholder ?? $0 }
        return copy
    }

    public static let translationFields: Set<String> = ["placeholder"]

    public static func validateTranslation(
        _ input: QuestionTranslationInput, of spec: NumberSpec, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector
    ) {
        translation.placeholder = problems.optionalText(
            input.placeholder, at: FieldPath.field(path, "placeholder"), maxLength: NumberSpec.unitMaxLength)
    }

    public static func meaning(of spec: NumberSpec) -> NumberSpec {
        var copy = spec
        copy.unit = nil
        return copy
    }

    /// The same bounds and step: a mean over answers allowed in different ranges would mix scales.
    public static func answersAreComparable(_ mine: NumberSpec, _ theirs: NumberSpec) -> Bool {
        mine.minimum == theirs.minimum && mine.maximum == theirs.maximum && mine.step == theirs.step
    }

    public static func signature(of spec: NumberSpec) -> (options: [ChoiceOption], scale: ClosedRange<Int>?) {
        // The bounds and step as option-like entries, so a change of any of them breaks a trend.
        let parts = [("minimum", spec.minimum), ("maximum", spec.maximum), ("step", spec.step)]
        return (parts.map { ChoiceOption(id: $0.0, label: $0.1.map(NumberSpec.text) ?? "") }, nil)
    }

    public static let answerMembers: [KindMembers.Declaration] = [.init("number", .decimal)]

    /// A number that is exact to ``NumberSpec/fractionDigits`` decimals, within the bounds and on
    /// the step counted from the minimum (or from 0 without one); problems go to `<path>.number`.
    public static func check(
        _ input: AnswerInput, _ spec: NumberSpec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome {
        let numberPath = FieldPath.field(path, "number")
        guard let value = input.number else {
            problems.add(numberPath, "is required")
            return .invalid
        }
        guard let message = spec.problem(with: value) else { return .answered(.number(value)) }
        problems.add(numberPath, message)
        return .invalid
    }

    public static func decodeAnswer(from c: KeyedDecodingContainer<Answer.CodingKeys>) throws -> Decimal? {
        try c.decodeIfPresent(Decimal.self, forKey: .number)
    }

    public static func encode(_ value: Decimal, into c: inout KeyedEncodingContainer<Answer.CodingKeys>) throws {
        try c.encode(value, forKey: .number)
    }

    public static func describe(_ value: Decimal, into input: inout AnswerInput) {
        input.number = value
    }

    /// `number`, `questionKey` (sorted keys: "number" comes first).
    public static func writeJSON(_ value: Decimal, questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer) {
        writer.raw("\"number\":")
        writer.bytes.append(contentsOf: Array(NumberSpec.text(value).utf8))
        writer.raw(",\"questionKey\":")
        writer.string(questionKey)
    }
}

extension QuestionInput {
    /// Number: the smallest and largest answer allowed, the step from the minimum (or 0), and the
    /// unit shown beside the field; all optional.
    public var minimum: Decimal? {
        get { kindMembers[decimal: "minimum"] }
        set { kindMembers[decimal: "minimum"] = newValue }
    }
    public var maximum: Decimal? {
        get { kindMembers[decimal: "maximum"] }
        set { kindMembers[decimal: "maximum"] = newValue }
    }
    public var step: Decimal? {
        get { kindMembers[decimal: "step"] }
        set { kindMembers[decimal: "step"] = newValue }
    }
    public var unit: String? {
        get { kindMembers[text: "unit"] }
        set { kindMembers[text: "unit"] = newValue }
    }
}

extension AnswerInput {
    /// Number: the value.
    public var number: Decimal? {
        get { kindMembers[decimal: "number"] }
        set { kindMembers[decimal: "number"] = newValue }
    }
}

extension JSONKey {
    static let minimum: JSONKey = "minimum", maximum: JSONKey = "maximum", step: JSONKey = "step", unit: JSONKey = "unit"
    static let number: JSONKey = "number"
}

/// The settings of a number question; all optional.
public struct NumberSpec: Sendable, Equatable {
    /// Decimals a figure may have: six is finer than any meeting measure needs.
    public static let fractionDigits = 6
    /// The largest magnitude of a figure.
    public static let magnitudeLimit: Decimal = 1_000_000_000
    public static let unitMaxLength = 16
    static let figureRule = "must be a number between −1000000000 and 1000000000 with at most 6 decimals"

    public var minimum: Decimal?
    public var maximum: Decimal?
    public var step: Decimal?
    public var unit: String?

    public init(minimum: Decimal? = nil, maximum: Decimal? = nil, step: Decimal? = nil, unit: String? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.unit = unit
    }

    /// Why `value` is not an answer to this question, or nil when it is one.
    public func problem(with value: Decimal) -> String? {
        guard let units = Self.units(value) else { return Self.figureRule }
        if let minimum, value < minimum {
            return maximum.map { "must be between \(Self.text(minimum)) and \(Self.text($0))" } ?? "must be at least \(Self.text(minimum))"
        }
        if let maximum, value > maximum {
            return minimum.map { "must be between \(Self.text($0)) and \(Self.text(maximum))" } ?? "must be at most \(Self.text(maximum))"
        }
        if let step, let stepUnits = Self.units(step), stepUnits > 0 {
            let base = self.minimum.flatMap(Self.units) ?? 0
            if (units - base) % stepUnits != 0 {
                return "must be \(Self.text(self.minimum ?? 0)) plus a multiple of \(Self.text(step))"
            }
        }
        return nil
    }

    /// `value` in millionths as an integer, or nil when it has more decimals than
    /// ``fractionDigits`` or a magnitude over ``magnitudeLimit`` (or is not a number).
    public static func units(_ value: Decimal) -> Int64? {
        guard !value.isNaN, abs(value) <= magnitudeLimit else { return nil }
        var scaled = value * 1_000_000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { return nil }
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// The plain decimal text of `value`, no exponent and no trailing zeros ("2.5", "45", "-0.75"):
    /// what the API writes, the page shows and `answers.text_value` holds (SQL/0063).
    public static func text(_ value: Decimal) -> String {
        var text = "\(value)"
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A number written plainly: an optional minus, digits, and optionally a point and digits
    /// ("12", "-0.5", ".5"); nil for anything else (no exponent, grouping or spaces), so that a
    /// typed "1,5" is refused rather than read as 1.
    public static func parse(_ text: String) -> Decimal? {
        var body = Substring(text)
        if body.hasPrefix("-") { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !body.isEmpty, body != ".", digits, parts.count <= 2, !(parts.count == 2 && parts[1].isEmpty) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
