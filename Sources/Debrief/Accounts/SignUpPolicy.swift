/// Who may create an account by signing up (`debrief serve --signup open|closed`).
///
/// See docs/decisions/0016-sign-up-policy.md: a fresh installation needs its first account, an
/// installation that has one should not take strangers unless its operator says so.
public enum SignUpPolicy: String, Sendable, CaseIterable {
    /// Anyone may sign up; accounts are hosts.
    case open
    /// Only with an admin's one-time invitation link (or an admin creates the account).
    case closed
    /// The default when nothing is configured: the first account of an installation that has none
    /// signs up freely and becomes its admin; after that, as `closed`.
    case firstAccountThenClosed
}
