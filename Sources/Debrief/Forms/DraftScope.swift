/// What saving a session's draft changes when the session follows its series' form
/// (docs/decisions/0063).
public enum DraftScope: String, Sendable, Equatable, CaseIterable {
    /// The series' form: every session that follows it takes the change (the default: a weekly
    /// form is written once). A session with its own copy saves only that copy either way.
    case series
    /// Only this session's copy, which from then on follows the series no more (it diverges).
    case session
}
