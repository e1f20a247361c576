/// A choice question: pick one or several options, optionally with an "other" text.
public enum ChoiceKind: QuestionKindDescriptor {
    public static let kind = QuestionKind.choice
    public static func body(_ spec: ChoiceSpec) -> QuestionBody { .choice(spec) }
    public static func answer(_ value: ChoiceAnswer) -> AnswerValue { .choice(optionIds: value.optionIds, otherText: value.otherText) }

    public static let definitionMembers: [KindMembers.Declaration] = [
        .init("options", .objects(OptionInput.self)), .init("allowsMultiple", .bool), .init("maxSelections", .integer),
        .init("allowsOther", .bool), .init("shuffleOptions", .bool),
    ]

    public static func validate(_ input: QuestionInput, at path: String, into problems: inout ProblemCollector) -> ChoiceSpec? {
        input.validateChoice(at: path, into: &problems)
    }

    public static func decode(from c: KeyedDecodingContainer<Question.CodingKeys>) throws -> ChoiceSpec {
        var spec = ChoiceSpec(
            options: try c.decode([ChoiceOption].self, forKey: .options),
            allowsMultiple: try c.decodeIfPresent(Bool.self, forKey: .allowsMultiple) ?? false,
            maxSelections: try c.decodeIfPresent(Int.self, forKey: .maxSelections),
            allowsOther: try c.decodeIfPresent(Bool.self, forKey: .allowsOther) ?? false
        )
        spec.shuffleOptions = try c.decodeIfPresent(Bool.self, forKey: .shuffleOptions) ?? false
        return spec
    }

    public static func encode(_ spec: ChoiceSpec, into c: inout KeyedEncodingContainer<Question.CodingKeys>) throws {
        try c.encode(spec.options, forKey: .options)
        try c.encode(spec.allowsMultiple, forKey: .allowsMultiple)
        try c.encodeIfPresent(spec.maxSelections, forKey: .maxSelections)
        try c.encode(spec.allowsOther, forKey: .allowsOther)
        // Written only when on, so stored forms and API answers of older forms keep their shape.
        if spec.shuffleOptions { try c.encode(true, forKey: .shuffleOptions) }
    }

    public static func describe(_ spec: ChoiceSpec, into input: inout QuestionInput) {
        input.options = spec.options.map { OptionInput(id: $0.id, label: $0.label) }
        input.allowsMultiple = spec.allowsMultiple
        input.maxSelections = spec.maxSelections
        input.allowsOther = spec.allowsOther
        input.shuffleOptions = spec.shuffleOptions ? true : nil
    }

    public static func texts(of spec: ChoiceSpec, question key: QuestionKey) -> [TranslatableText] {
        spec.options.map { TranslatableText(field: .option(key, id: $0.id), original: $0.label) }
    }

    public static func localized(_ spec: ChoiceSpec, _ translation: QuestionTranslation) -> ChoiceSpec {
        var spec = spec
        spec.options = spec.options.map { ChoiceOption(id: $0.id, label: translation.options[$0.id] ?? $0.label) }
        return spec
    }

    public static let translationFields: Set<String> = ["options"]

    public static func validateTranslation(
        _ input: QuestionTranslationInput, of spec: ChoiceSpec, at path: String, into translation: inout QuestionTranslation,
        _ problems: inout ProblemCollector
    ) {
        translation.options = QuestionTranslationInput.labels(
            input.options, at: FieldPath.field(path, "options"), known: Set(spec.options.map(\.id)),
            unknown: "is not an option of the question", maxLength: ChoiceSpec.labelMaxLength, into: &problems)
    }

    public static func meaning(of spec: ChoiceSpec) -> ChoiceSpec {
        var spec = spec
        spec.options = spec.options.map { ChoiceOption(id: $0.id, label: "") }
        return spec
    }

    /// The same option ids (in any order, labels aside) and the same single or multiple selection and "other".
    public static func answersAreComparable(_ mine: ChoiceSpec, _ theirs: ChoiceSpec) -> Bool {
        Set(mine.options.map(\.id)) == Set(theirs.options.map(\.id)) && mine.allowsMultiple == theirs.allowsMultiple
            && mine.allowsOther == theirs.allowsOther
    }

    public static func signature(of spec: ChoiceSpec) -> (options: [ChoiceOption], scale: ClosedRange<Int>?) {
        (spec.options, nil)
    }

    public static let answerMembers: [KindMembers.Declaration] = [.init("optionIds", .texts), .init("otherText", .text)]

    /// `optionIds` present, every id an option, no id twice; `otherText` only when the question
    /// allows it (blank means none); at least one and at most `selectionLimit` selections, the
    /// other text counting as one.
    public static func check(
        _ input: AnswerInput, _ spec: ChoiceSpec, required: Bool, at path: String, into problems: inout ProblemCollector
    ) -> AnswerOutcome {
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

    public static func decodeAnswer(from c: KeyedDecodingContainer<Answer.CodingKeys>) throws -> ChoiceAnswer? {
        guard let ids = try c.decodeIfPresent([String].self, forKey: .optionIds) else { return nil }
        return ChoiceAnswer(optionIds: ids, otherText: try c.decodeIfPresent(String.self, forKey: .otherText))
    }

    public static func encode(_ value: ChoiceAnswer, into c: inout KeyedEncodingContainer<Answer.CodingKeys>) throws {
        try c.encode(value.optionIds, forKey: .optionIds)
        try c.encodeIfPresent(value.otherText, forKey: .otherText)
    }

    public static func describe(_ value: ChoiceAnswer, into input: inout AnswerInput) {
        input.optionIds = value.optionIds
        input.otherText = value.otherText
    }
}

/// A choice answer: the selected option ids in the order sent, and the "other" text if any.
public struct ChoiceAnswer: Sendable, Hashable {
    public var optionIds: [String]
    public var otherText: String?

    public init(optionIds: [String], otherText: String?) {
        self.optionIds = optionIds
        self.otherText = otherText
    }
}

extension ChoiceKind {
    /// `optionIds`, `otherText` (when there is one), `questionKey`.
    public static func writeJSON(_ value: ChoiceAnswer, questionKey: String, into writer: inout AcceptedSubmissionJSON.Writer) {
        writer.raw("\"optionIds\":[")
        for (index, id) in value.optionIds.enumerated() {
            if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            writer.string(id)
        }
        writer.bytes.append(UInt8(ascii: "]"))
        if let other = value.otherText {
            writer.raw(",\"otherText\":")
            writer.string(other)
        }
        writer.raw(",\"questionKey\":")
        writer.string(questionKey)
    }

    /// A follow-up on a choice names options chosen or not chosen; on a multiple-selection
    /// question exactly one, so the number of respondents shown the follow-up stays exact.
    public static func followUpRule(
        _ condition: FollowUpInput, _ spec: ChoiceSpec, at path: String, into problems: inout ProblemCollector
    ) -> FollowUpCondition.Rule? {
        guard let (name, ids) = condition.chosen.map({ ("chosen", $0) }) ?? condition.notChosen.map({ ("notChosen", $0) }) else {
            problems.add(FieldPath.field(path, "ratingBetween"), "is for rating questions; use chosen or notChosen")
            return nil
        }
        let idsPath = FieldPath.field(path, name)
        let known = Set(spec.options.map(\.id))
        let before = problems.count
        if ids.isEmpty { problems.add(idsPath, "must name at least one option") }
        if spec.allowsMultiple && ids.count > 1 {
            problems.add(idsPath, "must name one option on a question that allows several selections")
        }
        if Set(ids).count != ids.count { problems.add(idsPath, "must not repeat an option") }
        for (j, id) in ids.enumerated() where !known.contains(id) {
            problems.add(FieldPath.index(idsPath, j), "unknown option")
        }
        guard problems.count == before else { return nil }
        return name == "chosen" ? .chosen(ids) : .notChosen(ids)
    }
}

extension AnswerInput {
    /// Choice: the selected option ids.
    public var optionIds: [String]? {
        get { kindMembers[texts: "optionIds"] }
        set { kindMembers[texts: "optionIds"] = newValue }
    }
    /// Choice: the participant's own "other" option.
    public var otherText: String? {
        get { kindMembers[text: "otherText"] }
        set { kindMembers[text: "otherText"] = newValue }
    }
}

extension QuestionInput {
    /// Choice (and ranking): required, 2–20 options.
    public var options: [OptionInput]? {
        get { kindMembers[objects: "options"] }
        set { kindMembers[objects: "options"] = newValue }
    }
    /// Choice: default false.
    public var allowsMultiple: Bool? {
        get { kindMembers[bool: "allowsMultiple"] }
        set { kindMembers[bool: "allowsMultiple"] = newValue }
    }
    /// Choice: optional, only with `allowsMultiple`, 1...options.count.
    public var maxSelections: Int? {
        get { kindMembers[integer: "maxSelections"] }
        set { kindMembers[integer: "maxSelections"] = newValue }
    }
    /// Choice: default false.
    public var allowsOther: Bool? {
        get { kindMembers[bool: "allowsOther"] }
        set { kindMembers[bool: "allowsOther"] = newValue }
    }
    /// Choice: default false; each participant sees the options in their own order.
    public var shuffleOptions: Bool? {
        get { kindMembers[bool: "shuffleOptions"] }
        set { kindMembers[bool: "shuffleOptions"] = newValue }
    }
}

extension JSONKey {
    static let optionIds: JSONKey = "optionIds", otherText: JSONKey = "otherText"
    static let options: JSONKey = "options", allowsMultiple: JSONKey = "allowsMultiple", maxSelections: JSONKey = "maxSelections"
    static let allowsOther: JSONKey = "allowsOther", shuffleOptions: JSONKey = "shuffleOptions"
}
