/// The body of a profile edit. An absent (or JSON null) field means "leave unchanged".
public struct ProfilePatchInput: Codable, Sendable, Equatable {
    /// The new display name, if it changes.
    public var displayName: String?
    /// The new time zone (an IANA name), if it changes.
    public var timeZone: String?

    /// Creates a patch; absent fields are left unchanged.
    public init(displayName: String? = nil, timeZone: String? = nil) {
        self.displayName = displayName
        self.timeZone = timeZone
    }

    /// The validated patch, or the problems (paths `displayName`, `timeZone`).
    public func validate() -> Result<ProfilePatch, ValidationFailure> {
        var problems = ProblemCollector()
        var name: String?
        if displayName != nil {
            name = AccountRules.checkDisplayName(displayName, at: "displayName", into: &problems)
        }
        var zone: String?
        if timeZone != nil {
            zone = HostTimeZone.check(timeZone, at: "timeZone", into: &problems)
        }
        return problems.result { ProfilePatch(displayName: name, timeZone: zone) }
    }
}

/// A validated profile edit; nil fields stay as they are.
public struct ProfilePatch: Sendable, Equatable {
    /// The new, normalized display name, or nil to keep the current one.
    public var displayName: String?
    /// A valid IANA time zone name, or nil to keep the current one.
    public var timeZone: String?

    /// Creates a patch from already-valid parts.
    public init(displayName: String? = nil, timeZone: String? = nil) {
        self.displayName = displayName
        self.timeZone = timeZone
    }
}
