import Foundation

/// The body of a request to share a series, `{"email", "role"}`, as decoded from JSON. Every
/// field is optional so a missing one is an "is required" problem with its path.
public struct SeriesShareInput: Codable, Sendable, Equatable {
    /// The other host's sign-in address.
    public var email: String?
    /// `editor` or `viewer`.
    public var role: String?

    public init(email: String? = nil, role: String? = nil) {
        self.email = email
        self.role = role
    }

    /// The validated share, or every problem (paths `email`, `role`).
    public func validate() -> Result<SeriesShareRequest, ValidationFailure> {
        var problems = ProblemCollector()
        var email: EmailAddress?
        switch EmailAddress.parse(self.email, path: "email") {
        case .success(let parsed): email = parsed
        case .failure(let problem): problems.add(problem)
        }
        let role = Self.role(self.role, into: &problems)
        return problems.result {
            guard let email, let role else { return nil }
            return SeriesShareRequest(email: email, role: role)
        }
    }

    static func role(_ text: String?, into problems: inout ProblemCollector) -> SeriesRole? {
        let allowed = SeriesRole.shareable.map(\.rawValue).joined(separator: " or ")
        guard let text else {
            problems.add("role", "is required (\(allowed))")
            return nil
        }
        guard let role = SeriesRole(rawValue: text), SeriesRole.shareable.contains(role) else {
            problems.add("role", "must be \(allowed)")
            return nil
        }
        return role
    }
}

/// A validated share: another host, by address, and the role they get.
public struct SeriesShareRequest: Sendable, Equatable {
    public var email: EmailAddress
    /// Only ``SeriesRole/shareable`` roles (editor, viewer).
    public var role: SeriesRole
}

/// The body of a transfer of ownership, `{"email"}`.
public struct SeriesTransferInput: Codable, Sendable, Equatable {
    /// The sign-in address of the host who becomes the owner.
    public var email: String?

    public init(email: String? = nil) {
        self.email = email
    }

    /// The new owner's address, or the problem at `email`.
    public func validate() -> Result<EmailAddress, ValidationFailure> {
        EmailAddress.parse(self.email, path: "email").mapError { ValidationFailure(problems: [$0]) }
    }
}

/// One host a series is shared with.
public struct SeriesShare: Sendable, Equatable {
    public var accountID: UUID
    public var email: String
    public var displayName: String
    public var role: SeriesRole
    public var createdAt: Date

    public init(accountID: UUID, email: String, displayName: String, role: SeriesRole, createdAt: Date) {
        self.accountID = accountID
        self.email = email
        self.displayName = displayName
        self.role = role
        self.createdAt = createdAt
    }
}

/// Who has access to a series: its owner, the hosts it is shared with, and what the reader is.
public struct SeriesSharing: Sendable, Equatable {
    public var seriesID: UUID
    /// The series' host: its owner, or only its keeper while a team owns it (``team``).
    public var owner: SeriesShare
    public var shares: [SeriesShare]
    /// The role of the account that read this.
    public var viewerRole: SeriesRole
    /// The team that owns the series (decision 90), nil while a host does.
    public var team: OwningTeam?

    /// A team that owns a series, as its sharing page names it.
    public struct OwningTeam: Sendable, Equatable {
        public var id: UUID
        public var name: String

        public init(id: UUID, name: String) {
            self.id = id
            self.name = name
        }
    }

    public init(seriesID: UUID, owner: SeriesShare, shares: [SeriesShare], viewerRole: SeriesRole, team: OwningTeam? = nil) {
        self.seriesID = seriesID
        self.owner = owner
        self.shares = shares
        self.viewerRole = viewerRole
        self.team = team
    }
}
