/// The body of a profile edit. An absent (or JSON null) field means "leave unchanged".
public struct ProfilePatchInput: Codable, Sendable, Equatable {
    /// The new display name, if it changes.
    public var displayName: String?
    /// Months after which responses to the host's meetings are purged, 1–120; 0 keeps them.
    public var responseRetentionMonths: Int?

    /// The longest retention a host may set, in months (ten years).
    public static let maxRetentionMonths = 120

    /// Creates a patch; absent fields are left unchanged.
    public init(displayName: String? = nil, responseRetentionMonths: Int? = nil) {
        self.displayName = displayName
        self.responseRetentionMonths = responseRetentionMonths
    }

    /// The validated patch, or the problems (path `displayName`).
    public func validate() -> Result<ProfilePatch, ValidationFailure> {
        var problems = ProblemCollector()
        var name: String?
        if displayName != nil {
            name = AccountRules.checkDisplayName(displayName, at: "displayName", into: &problems)
        }
        if let months = self.responseRetentionMonths, !(0...Self.maxRetentionMonths).contains(months) {
            problems.add("responseRetentionMonths", "must be between 0 and \(Self.maxRetentionMonths)")
        }
        return problems.result { ProfilePatch(displayName: name, responseRetentionMonths: self.responseRetentionMonths) }
    }
}

/// A validated profile edit; nil fields stay as they are.
public struct ProfilePatch: Sendable, Equatable {
    /// The new, normalized display name, or nil to keep the current one.
    public var displayName: String?
    /// The new retention in months (0: keep responses), or nil to keep the current one.
    public var responseRetentionMonths: Int?

    /// Creates a patch from already-valid parts.
    public init(displayName: String? = nil, responseRetentionMonths: Int? = nil) {
        self.displayName = displayName
        self.responseRetentionMonths = responseRetentionMonths
    }
}
