/// The rules for one answer: its kind's descriptor checks the value
/// (``QuestionKindDescriptor/check(_:_:required:at:into:)``), and fields of another kind make it invalid.
enum AnswerRules {
    typealias Outcome = AnswerOutcome

    /// Checks `input` against `question`; problems go to `answers[i].<field>`.
    static func check(_ input: AnswerInput, for question: Question, at path: String, into problems: inout ProblemCollector) -> Outcome {
        let before = problems.count
        let outcome = question.kind.descriptor.checkAnswer(input, for: question, at: path, into: &problems)
        // Fields of another kind were reported by the caller; they make the answer invalid.
        if problems.count != before || !input.presentKindFields.allSatisfy({ $0.kind == question.kind }) {
            if case .blank = outcome { return .blank }
            return .invalid
        }
        return outcome
    }
}
