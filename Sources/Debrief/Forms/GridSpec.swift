/// One statement of a grid question, e.g. `{"key":"agenda","label":"The agenda was clear"}`.
public struct GridStatement: Sendable, Codable, Equatable, Hashable {
    /// Stable identifier within the question, 1–40 characters of `[a-z0-9_-]`; answers and CSV
    /// columns (`q3.agenda`) refer to it.
    public var key: String
    /// What participants rate, 1–200 characters, single line.
    public var label: String

    /// Creates a statement from already-valid parts.
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}

/// The settings of a grid question: several statements rated on one shared scale, the Likert
/// matrix (docs/decisions/0035).
///
/// Invariants (established by form validation): 2–20 statements with distinct keys and labels
/// distinct ignoring case; the scale follows ``RatingSpec``'s rules.
public struct GridSpec: Sendable, Equatable {
    /// Accepted number of statements.
    public static let statementCountRange = 2...20
    /// Longest statement label, in Unicode code points as sent (see ``TextRules``).
    public static let labelMaxLength = 200

    /// The statements, in display order.
    public var statements: [GridStatement]
    /// The scale every statement is rated on.
    public var scale: RatingSpec

    /// Creates a spec from already-valid parts.
    public init(statements: [GridStatement], scale: RatingSpec = RatingSpec()) {
        self.statements = statements
        self.scale = scale
    }

    /// The statement with `key`, if any.
    public func statement(withKey key: String) -> GridStatement? {
        statements.first { $0.key == key }
    }
}

/// One statement's rating in a grid answer.
public struct GridRating: Sendable, Equatable, Hashable {
    /// The rated statement's key.
    public var statementKey: String
    /// A value on the grid's scale.
    public var value: Int

    public init(statementKey: String, value: Int) {
        self.statementKey = statementKey
        self.value = value
    }
}
