/// One option of a choice question.
public struct ChoiceOption: Sendable, Codable, Equatable, Hashable {
    /// Stable identifier, 1–40 characters of `[a-z0-9_-]`; answers refer to it.
    public var id: String
    /// What participants see, 1–200 characters, single line.
    public var label: String

    /// Creates an option from already-valid parts.
    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}

/// The settings of a choice question.
///
/// Invariants (established by form validation): 2–20 options with distinct ids and
/// labels distinct ignoring case; `maxSelections` only when `allowsMultiple`, within
/// `1...options.count`.
public struct ChoiceSpec: Sendable, Equatable {
    /// Accepted number of options.
    public static let optionCountRange = 2...20
    /// The category of the participants' own answers in results (and the id no option may take
    /// beside `allowsOther`).
    public static let otherCategory = "other"
    /// Longest option label, in Unicode code points as sent (see ``TextRules``).
    public static let labelMaxLength = 200
    /// Longest "other" answer text, in Unicode code points as sent (see ``TextRules``).
    public static let otherTextMaxLength = 200

    /// The options, in display order.
    public var options: [ChoiceOption]
    /// Whether several options may be selected (checkboxes rather than radio buttons).
    public var allowsMultiple: Bool
    /// Upper bound on selections when `allowsMultiple`; nil means no bound.
    public var maxSelections: Int?
    /// Whether participants may type their own "other" option.
    public var allowsOther: Bool
    /// Whether each participant sees the options in an order of their own, against order
    /// effects (``OptionOrder``); the "other" option stays last. Set after creation.
    public var shuffleOptions: Bool = false

    /// Creates a spec from already-valid parts.
    public init(options: [ChoiceOption], allowsMultiple: Bool = false, maxSelections: Int? = nil, allowsOther: Bool = false) {
        self.options = options
        self.allowsMultiple = allowsMultiple
        self.maxSelections = maxSelections
        self.allowsOther = allowsOther
    }

    /// How many selections one answer may make, counting an "other" text as one.
    public var selectionLimit: Int {
        guard allowsMultiple else { return 1 }
        return maxSelections ?? (options.count + (allowsOther ? 1 : 0))
    }

    /// The option with `id`, if any.
    public func option(withID id: String) -> ChoiceOption? {
        options.first { $0.id == id }
    }
}
