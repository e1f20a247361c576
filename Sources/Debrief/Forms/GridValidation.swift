extension QuestionInput {
    /// Validates the statements and the scale of a grid question at `path`: 2–20 statements
    /// (`statements[i].key`, `statements[i].label`, as options are checked) and the scale rules
    /// of a rating question (`min`, `max`, `minLabel`, `maxLabel`).
    func validateGrid(at path: String, into problems: inout ProblemCollector) -> GridSpec? {
        let before = problems.count
        let statementsPath = FieldPath.field(path, "statements")
        var statements: [GridStatement] = []
        if let inputs = self.statements {
            let range = GridSpec.statementCountRange
            if !range.contains(inputs.count) {
                problems.add(statementsPath, "must have between \(range.lowerBound) and \(range.upperBound) statements")
            }
            statements = LabelledItems(idField: "key", idPrefix: "s", noun: "statement", labelMaxLength: GridSpec.labelMaxLength)
                .validate(inputs.map { ($0.key, $0.label) }, at: statementsPath, into: &problems)
                .map { GridStatement(key: $0.id, label: $0.label) }
        } else {
            problems.add(statementsPath, "is required")
        }
        let scale = validateRating(at: path, into: &problems)
        guard problems.count == before, let scale else { return nil }
        return GridSpec(statements: statements, scale: scale)
    }
}
