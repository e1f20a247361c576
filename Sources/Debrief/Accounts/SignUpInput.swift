/// The body of a sign-up request as decoded from JSON. Every field is optional so that a
/// missing field becomes a "is required" problem with a path, not a decoding failure.
public struct SignUpInput: Codable, Sendable, Equatable {
    /// The address to sign in with.
    public var email: String?
    /// The chosen password (never logged, never echoed back).
    public var password: String?
    /// The name shown to other people.
    public var displayName: String?
    /// The IANA zone the host's pages show times in (`Europe/Berlin`); absent or null leaves the
    /// account without one (its pages use UTC until the host picks one).
    public var timeZone: String?

    /// Creates an input; every field defaults to absent.
    public init(email: String? = nil, password: String? = nil, displayName: String? = nil, timeZone: String? = nil) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.timeZone = timeZone
    }

    /// The validated sign-up, or every problem found (paths `email`, `password`,
    /// `displayName`, `timeZone`).
    public func validate() -> Result<SignUp, ValidationFailure> {
        var problems = ProblemCollector()
        var email: EmailAddress?
        switch EmailAddress.parse(self.email, path: "email") {
        case .success(let parsed): email = parsed
        case .failure(let problem): problems.add(problem)
        }
        let password = AccountRules.checkPassword(self.password, at: "password", into: &problems)
        let name = AccountRules.checkDisplayName(displayName, at: "displayName", into: &problems)
        // The same rule as the profile's `PATCH /v1/me`: a name given must be a zone.
        let zone = self.timeZone == nil ? nil : HostTimeZone.check(self.timeZone, at: "timeZone", into: &problems)
        return problems.result {
            guard let email, let password, let name else { return nil }
            return SignUp(email: email, password: password, displayName: name, timeZone: zone)
        }
    }
}

/// A validated sign-up request.
public struct SignUp: Sendable, Equatable {
    /// The normalized address.
    public var email: EmailAddress
    /// The password exactly as typed (to be hashed, then forgotten).
    public var password: String
    /// The NFC-normalized, trimmed display name.
    public var displayName: String
    /// A zone ``HostTimeZone`` accepts, or nil.
    public var timeZone: String?

    /// Creates a sign-up from already-valid parts.
    public init(email: EmailAddress, password: String, displayName: String, timeZone: String? = nil) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.timeZone = timeZone
    }
}
