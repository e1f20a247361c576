extension QuestionInput {
    /// Validates the options and selection settings of a choice question at `path`.
    func validateChoice(at path: String, into problems: inout ProblemCollector) -> ChoiceSpec? {
        let before = problems.count
        let optionsPath = FieldPath.field(path, "options")
        var options: [ChoiceOption] = []
        if let inputs = self.options {
            let range = ChoiceSpec.optionCountRange
            if !range.contains(inputs.count) {
                problems.add(optionsPath, "must have between \(range.lowerBound) and \(range.upperBound) options")
            }
            options = Self.validateOptions(inputs, at: optionsPath, into: &problems)
        } else {
            problems.add(optionsPath, "is required")
        }
        // The participants' own answers are the `other` category of the results: an option with
        // that id would make two "Other" rows, and no reader could tell them apart.
        if self.allowsOther == true, let inputs = self.options,
            let index = inputs.firstIndex(where: { $0.id == ChoiceSpec.otherCategory })
        {
            problems.add(
                FieldPath.field(FieldPath.index(optionsPath, index), "id"),
                "must not be \"\(ChoiceSpec.otherCategory)\" when allowsOther is true: it names the participants' own answers")
        }
        let allowsMultiple = self.allowsMultiple ?? false
        if let maxSelections {
            let selectionsPath = FieldPath.field(path, "maxSelections")
            if !allowsMultiple {
                problems.add(selectionsPath, "only allowed when allowsMultiple is true")
            } else if let count = self.options?.count, count >= 1 {
                problems.checkRange(maxSelections, 1...count, at: selectionsPath)
            }
        }
        guard problems.count == before else { return nil }
        var spec = ChoiceSpec(
            options: options, allowsMultiple: allowsMultiple,
            maxSelections: maxSelections, allowsOther: allowsOther ?? false
        )
        spec.shuffleOptions = self.shuffleOptions ?? false
        return spec
    }

    /// Checks ids (syntax, uniqueness; assigns missing ones) and labels (text rules,
    /// uniqueness ignoring case, reported on the later option as "duplicate option").
    private static func validateOptions(
        _ inputs: [OptionInput], at optionsPath: String, into problems: inout ProblemCollector
    ) -> [ChoiceOption] {
        LabelledItems(idField: "id", idPrefix: "o", noun: "option", labelMaxLength: ChoiceSpec.labelMaxLength)
            .validate(inputs.map { ($0.id, $0.label) }, at: optionsPath, into: &problems)
            .map { ChoiceOption(id: $0.id, label: $0.label) }
    }
}

/// The shared rules of a list of labelled items with machine ids: a choice's options and a
/// grid's statements.
struct LabelledItems {
    /// The JSON name of the id field (`id`, `key`).
    var idField: String
    /// Assigned ids are the prefix and the position (`o1`, `s2`).
    var idPrefix: String
    /// What one item is called in messages ("duplicate option").
    var noun: String
    var labelMaxLength: Int

    /// Checks ids (syntax, uniqueness; assigns missing ones) and labels (text rules,
    /// uniqueness ignoring case, reported on the later item as "duplicate <noun>"). Returns the
    /// items that passed, in order.
    func validate(
        _ inputs: [(id: String?, label: String?)], at listPath: String, into problems: inout ProblemCollector
    ) -> [(id: String, label: String)] {
        var assigner = IdentifierAssigner(prefix: idPrefix, explicit: inputs.compactMap(\.id))
        var seenIDs: Set<String> = []
        var seenLabels: Set<String> = []
        var items: [(id: String, label: String)] = []
        for (index, input) in inputs.enumerated() {
            let path = FieldPath.index(listPath, index)
            var id: String? = nil
            if let raw = input.id {
                if !IdentifierRules.isValid(raw) {
                    problems.add(FieldPath.field(path, idField), IdentifierRules.message)
                } else if !seenIDs.insert(raw).inserted {
                    problems.add(FieldPath.field(path, idField), "duplicate \(idField)")
                } else {
                    id = raw
                }
            } else {
                id = assigner.next(forIndex: index)
            }
            let label = problems.requiredText(input.label, at: FieldPath.field(path, "label"), maxLength: labelMaxLength)
            if let label, !seenLabels.insert(label.lowercased()).inserted {
                problems.add(path, "duplicate \(noun)")
            }
            if let id, let label {
                items.append((id: id, label: label))
            }
        }
        return items
    }
}
