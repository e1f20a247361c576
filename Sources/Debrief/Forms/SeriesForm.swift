import Foundation

/// The form a series owns (docs/decisions/0063): its current questions, settings, language and
/// translations, and a close rule relative to the session — never an absolute close time.
///
/// Every session of the series starts with it (``definition(forSessionEnding:)``), sessions not
/// yet published follow it when it changes, and a session's own form can be pushed back to it
/// (``init(session:sessionEnd:)``).
public struct SeriesForm: Sendable, Equatable {
    /// The form with no `closesAt`: a date belongs to one session.
    public let definition: FormDefinition
    /// When each session's form closes, relative to that session; nil when it does not close by itself.
    public let closeRule: SessionCloseRule?

    /// A series' form from its parts; a `closesAt` in `definition` is dropped, and so is every
    /// "did this help?" question: it asks about one session's actions, never every week's
    /// (docs/decisions/0078-did-this-help.md).
    public init(definition: FormDefinition, closeRule: SessionCloseRule?) {
        var general = HelpQuestion.removingAll(from: definition)
        general.closesAt = nil
        self.definition = general
        self.closeRule = closeRule
    }

    /// The series' form as one session's form says it: the same definition, its close time (if
    /// any) read as "that long after the session ends" (a problem at `closesAt` when that is more
    /// than a year).
    public static func of(session definition: FormDefinition, sessionEnd: Date) -> Result<SeriesForm, FieldProblem> {
        guard let closesAt = definition.closesAt else { return .success(SeriesForm(definition: definition, closeRule: nil)) }
        return SessionCloseRule.of(closesAt: closesAt, sessionEnd: sessionEnd).map {
            SeriesForm(definition: definition, closeRule: $0)
        }
    }

    /// The form a session ending at `sessionEnd` starts with: the whole definition, translations
    /// included, closing by the rule after that session's own end.
    public func definition(forSessionEnding sessionEnd: Date) -> FormDefinition {
        var session = self.definition
        session.closesAt = self.closeRule?.closesAt(sessionEnd: sessionEnd)
        return session
    }
}
