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

    /// Whether `ratings` of a grid with `statements` statements rate every one of them alike,
    /// at least ``minimumStatements`` of them.
    public static func isStraightLined(_ ratings: [GridRating], statements: Int) -> Bool {
        guard ratings.count >= Self.minimumStatements, ratings.count == statements, let first = ratings.first else { return false }
        return ratings.allSatisfy { $0.value == first.value }
    }
}
