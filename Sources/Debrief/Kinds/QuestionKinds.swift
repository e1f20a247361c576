/// The registry of question kinds: the one place that maps a kind to its descriptor and opens a
/// body or an answer value (docs/decisions/0065). These three switches are the only ones on the
/// kind; everything else asks the descriptor (``QuestionKindDescriptor``), and a new kind is a
/// compile error here until it is registered.
public enum QuestionKinds {
    /// Every kind's descriptor, in the order of ``QuestionKind/allCases``.
    public static var all: [any QuestionKindDescriptor.Type] { QuestionKind.allCases.map(\.descriptor) }
}

extension QuestionKind {
    /// The descriptor of this kind.
    public var descriptor: any QuestionKindDescriptor.Type {
        switch self {
        case .choice: ChoiceKind.self
        case .shortAnswer: ShortAnswerKind.self
        case .rating: RatingKind.self
        case .grid: GridKind.self
        case .ranking: RankingKind.self
        case .number: NumberKind.self
        case .date: DateKind.self
        }
    }
}

extension QuestionBody {
    /// The kind and its settings, for ``QuestionKindDescriptor/spec(of:)``.
    var opened: (kind: QuestionKind, spec: any Sendable) {
        switch self {
        case .choice(let spec): (.choice, spec)
        case .shortAnswer(let spec): (.shortAnswer, spec)
        case .rating(let spec): (.rating, spec)
        case .grid(let spec): (.grid, spec)
        case .ranking(let spec): (.ranking, spec)
        case .number(let spec): (.number, spec)
        case .date(let spec): (.date, spec)
        }
    }
}

extension AnswerValue {
    /// The kind and its value, for ``QuestionKindDescriptor/value(of:)``.
    var opened: (kind: QuestionKind, value: any Sendable) {
        switch self {
        case .choice(let optionIds, let otherText): (.choice, ChoiceAnswer(optionIds: optionIds, otherText: otherText))
        case .text(let text): (.shortAnswer, text)
        case .rating(let value): (.rating, value)
        case .grid(let ratings): (.grid, ratings)
        case .ranking(let order): (.ranking, order)
        case .number(let value): (.number, value)
        case .date(let value): (.date, value)
        }
    }

    /// The kind of question this value answers.
    public var kind: QuestionKind { opened.kind }
}
