/// The settings of a free-text question.
public struct ShortAnswerSpec: Sendable, Equatable {
    /// `maxLength` when the form does not say.
    public static let defaultMaxLength = 500
    /// Accepted values of `maxLength`.
    public static let maxLengthRange = 1...2000
    /// Longest placeholder, in Unicode code points as sent (see ``TextRules``).
    public static let placeholderMaxLength = 200

    /// Longest accepted answer, in Unicode code points as sent (see ``TextRules``).
    public var maxLength: Int
    /// Hint shown in the empty input, if any.
    public var placeholder: String?

    /// Creates a spec from already-valid parts.
    public init(maxLength: Int = ShortAnswerSpec.defaultMaxLength, placeholder: String? = nil) {
        self.maxLength = maxLength
        self.placeholder = placeholder
    }
}

/// The settings of a rating question: an integer scale `min...max`.
///
/// Invariants: `min` is 0 or 1; `max` is in `min + 1 ... 10`; labels at most 60
/// characters.
public struct RatingSpec: Sendable, Equatable {
    /// Accepted lower ends of the scale.
    public static let minRange = 0...1
    /// Highest accepted upper end.
    public static let maxUpperBound = 10
    /// Longest end label, in Unicode code points as sent (see ``TextRules``).
    public static let labelMaxLength = 60

    /// Lowest value (0 or 1).
    public var min: Int
    /// Highest value.
    public var max: Int
    /// What `min` means, e.g. "Not at all".
    public var minLabel: String?
    /// What `max` means, e.g. "Very".
    public var maxLabel: String?

    /// Creates a spec from already-valid parts.
    public init(min: Int = 1, max: Int = 5, minLabel: String? = nil, maxLabel: String? = nil) {
        self.min = min
        self.max = max
        self.minLabel = minLabel
        self.maxLabel = maxLabel
    }

    /// True for a 0–10 scale, which is reported as a Net Promoter Score.
    public var isNPS: Bool { min == 0 && max == 10 }

    /// The accepted answers. Empty-safe: an inverted spec yields `min...min`.
    public var range: ClosedRange<Int> { min...Swift.max(min, max) }
}
