/// What the store counted about how the responses were given (docs/decisions/0036): the input of
/// the report's `quality` section. Counted within the filter, but with the flagged responses in
/// (``ResultsFilter/includingFlagged``), so the numbers say what excluding them leaves out.
public struct QualityCounts: Sendable, Equatable {
    /// Responses whose opened time is known (a ticket, or a check-in), so whose duration is.
    public var timed: Int = 0
    /// Timed responses completed faster than the threshold.
    public var speeders: Int = 0
    /// Responses that straight-lined a grid.
    public var straightLined: Int = 0
    /// Responses with either flag (each counted once).
    public var flagged: Int = 0
    /// The median completion time of the timed responses, in seconds; nil without any.
    public var medianSeconds: Double?

    public init(timed: Int = 0, speeders: Int = 0, straightLined: Int = 0, flagged: Int = 0, medianSeconds: Double? = nil) {
        self.timed = timed
        self.speeders = speeders
        self.straightLined = straightLined
        self.flagged = flagged
        self.medianSeconds = medianSeconds
    }
}

/// The report's `quality` section: how many responses were flagged, under which threshold, and
/// whether the filter leaves them out. On an anonymous form a count of fewer than k responses is
/// withheld (null) like any other group, and so is the count of straight-liners when a grid
/// statement is withheld: all alike would tell its ratings (``Disclosure/Quality``). Nothing
/// flagged is ever deleted.
public struct ResponseQuality: Sendable, Equatable, Encodable {
    /// The speeder threshold in force, in seconds.
    public var speederThresholdSeconds: Int
    /// Whether that is the default from the form's length (no host setting).
    public var speederThresholdIsDefault: Bool
    /// Responses (within the other filters) whose completion time is known.
    public var timedResponses: Int
    /// Null when withheld (fewer than k on an anonymous form).
    public var speeders: Int?
    /// Null when withheld (fewer than k, or a withheld grid statement).
    public var straightLiners: Int?
    /// Responses with either flag, each once; null when withheld (with either of the above).
    public var flagged: Int?
    /// Whether the results above leave the flagged responses out (`excludeFlagged`).
    public var flaggedExcluded: Bool
    /// Median completion time of the timed responses, in seconds to one decimal; null without
    /// any, or when fewer than k are timed.
    public var medianCompletionSeconds: Double?

    /// The section for `counts` of `form` under `filter`, showing what `disclosure` lets it.
    public init(_ counts: QualityCounts, form: FormDefinition, filter: ResultsFilter, disclosure: Disclosure.Quality) {
        self.speederThresholdSeconds = SpeederThreshold.seconds(for: form)
        self.speederThresholdIsDefault = form.speederThresholdSeconds == nil
        self.timedResponses = counts.timed
        self.speeders = disclosure.speeders ? counts.speeders : nil
        self.straightLiners = disclosure.straightLiners ? counts.straightLined : nil
        self.flagged = disclosure.flagged ? counts.flagged : nil
        self.flaggedExcluded = filter.excludeFlagged
        self.medianCompletionSeconds = disclosure.medianCompletion ? counts.medianSeconds.map { ($0 * 10).rounded() / 10 } : nil
    }
}
