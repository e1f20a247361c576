/// The question a roster message offers as a row of taps (docs/decisions/0103): the form's first
/// question whose kind answers in one tap (``QuestionKindDescriptor/oneTapAnswers(of:)``: a
/// rating's scale) and that everyone is asked (not a follow-up).
///
/// A tap opens the form with that answer filled in and nothing else: a `GET` changes nothing,
/// because mail scanners fetch every link of a message. The participant sends the form with one
/// press, so a personal link, "answered" and the answer's checks work as for any submission.
public struct OneTapQuestion: Sendable, Equatable {
    /// The most taps one row holds: a 0–10 scale.
    public static let maxAnswers = 11
    /// The query member of the form's address that names the tapped answer by its label.
    public static let queryName = "tap"

    public struct Tap: Sendable, Equatable {
        public let label: String
        public let value: AnswerValue
    }

    public let key: QuestionKey
    public let prompt: String
    public let taps: [Tap]

    /// The one-tap question of `form`, or nil when it has none.
    public init?(form: FormDefinition) {
        for question in form.questions where question.showWhen == nil {
            let taps = question.kind.descriptor.oneTapAnswers(of: question.body)
            guard !taps.isEmpty else { continue }
            self.key = question.key
            self.prompt = question.prompt
            self.taps = taps.map { Tap(label: $0.label, value: $0.value) }
            return
        }
        return nil
    }

    /// The answer a tap named by `label` stands for; nil for any other text (a tampered address
    /// opens the form empty).
    public func value(labelled label: String) -> AnswerValue? {
        self.taps.first { $0.label == label }?.value
    }
}
