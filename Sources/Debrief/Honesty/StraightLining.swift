/// Straight-lining: a grid answered with the same value for every statement, the mark of a
/// participant who clicked down one column without reading (docs/decisions/0036).
///
/// A grid counts when at least ``minimumStatements`` of its statements were rated (two equal
/// ratings are too often honest) and every statement the grid has was rated alike. The flag is
/// decided when the answers are validated and kept with the response; nothing is removed.
public enum StraightLining {
    /// Fewest rated statements for a grid's answer to count as straight-lined.
    public static let minimumStatements = 3

    /// Whether `answers` (validated against `form`) straight-line any grid of the form.
    public static func isStraightLined(_ answers: [Answer], in form: FormDefinition) -> Bool {
        answers.contains { answer in
            guard let question = form.question(for: answer.questionKey) else { return false }
            return question.kind.descriptor.isStraightLined(answer.value, question.body)
        }
    }
}
