import Foundation

/// The kinds of question a form can ask. Raw values are the `kind` strings of the
/// JSON API.
public enum QuestionKind: String, Sendable, Codable, CaseIterable {
    /// Pick one or several options (optionally with an "other" text).
    case choice
    /// Free text.
    case shortAnswer
    /// A number on a scale (e.g. 1–5, or 0–10 for NPS).
    case rating
    /// Several statements rated on one shared scale (a Likert matrix).
    case grid
    /// Options put in order, first to last (docs/decisions/0070).
    case ranking
    /// A decimal, optionally bounded and on a step, with a unit (docs/decisions/0069).
    case number
    /// A calendar day, optionally between an earliest and a latest (docs/decisions/0084).
    case date

    /// "choice, shortAnswer, rating, grid, ranking": used in the "must be one of …" message.
    public static var listForMessages: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// The message for a field that belongs to another kind, e.g. "not allowed for
    /// rating questions".
    public var notAllowedMessage: String { "not allowed for \(rawValue) questions" }
}

/// What a question asks for, with the settings of its kind.
public enum QuestionBody: Sendable, Equatable {
    /// A choice question.
    case choice(ChoiceSpec)
    /// A free-text question.
    case shortAnswer(ShortAnswerSpec)
    /// A rating-scale question.
    case rating(RatingSpec)
    /// A grid of statements on one rating scale.
    case grid(GridSpec)
    /// Options a participant puts in order.
    case ranking(RankingSpec)
    /// A number a participant types.
    case number(NumberSpec)
    /// A day a participant picks.
    case date(DateSpec)

    /// The kind of this body.
    public var kind: QuestionKind { opened.kind }

    /// The descriptor of this body's kind.
    public var descriptor: any QuestionKindDescriptor.Type { kind.descriptor }
}
