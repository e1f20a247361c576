import Foundation

/// The body that creates or renames a team, `{"name"}`.
public struct TeamInput: Codable, Sendable, Equatable {
    public var name: String?

    public init(name: String? = nil) {
        self.name = name
    }

    /// The longest name, in code points (openapi.yaml states the same).
    public static let maxNameLength = 120

    /// The trimmed name, or the problem at `name`.
    public func validate() -> Result<String, ValidationFailure> {
        guard let raw = self.name else { return .failure(ValidationFailure(problems: [FieldProblem("name", "is required")])) }
        let name = TextRules.normalized(raw, lines: .single)
        if TextRules.isBlank(name) { return .failure(ValidationFailure(problems: [FieldProblem("name", "must not be blank")])) }
        if let problem = TextRules.problem(in: name, as: raw, lines: .single, maxLength: Self.maxNameLength) {
            return .failure(ValidationFailure(problems: [FieldProblem("name", problem)]))
        }
        return .success(name)
    }
}

/// The body that adds a member, `{"email", "role"}`: a host by their proven address.
public struct TeamMemberInput: Codable, Sendable, Equatable {
    public var email: String?
    /// `admin`, `editor` or `viewer`.
    public var role: String?

    public init(email: String? = nil, role: String? = nil) {
        self.email = email
        self.role = role
    }

    /// The validated member, or every problem (paths `email`, `role`).
    public func validate() -> Result<TeamMemberRequest, ValidationFailure> {
        var problems = ProblemCollector()
        var email: EmailAddress?
        switch EmailAddress.parse(self.email, path: "email") {
        case .success(let parsed): email = parsed
        case .failure(let problem): problems.add(problem)
        }
        let role = TeamRoleInput.role(self.role, into: &problems)
        return problems.result {
            guard let email, let role else { return nil }
            return TeamMemberRequest(email: email, role: role)
        }
    }
}

/// A validated new member: a host, by address, and their role.
public struct TeamMemberRequest: Sendable, Equatable {
    public var email: EmailAddress
    public var role: TeamRole

    public init(email: EmailAddress, role: TeamRole) {
        self.email = email
        self.role = role
    }
}

/// The body that changes a member's role, `{"role"}`.
public struct TeamRoleInput: Codable, Sendable, Equatable {
    public var role: String?

    public init(role: String? = nil) {
        self.role = role
    }

    public func validate() -> Result<TeamRole, ValidationFailure> {
        var problems = ProblemCollector()
        let role = Self.role(self.role, into: &problems)
        return problems.result { role }
    }

    static func role(_ text: String?, into problems: inout ProblemCollector) -> TeamRole? {
        let allowed = "admin, editor or viewer"
        guard let text else {
            problems.add("role", "is required (\(allowed))")
            return nil
        }
        guard let role = TeamRole(rawValue: text) else {
            problems.add("role", "must be \(allowed)")
            return nil
        }
        return role
    }
}

/// The body that offers a series to a team, `{"teamId"}`.
public struct SeriesTeamTransferInput: Codable, Sendable, Equatable {
    public var teamID: String?

    public init(teamID: String? = nil) {
        self.teamID = teamID
    }

    enum CodingKeys: String, CodingKey {
        case teamID = "teamId"
    }

    public func validate() -> Result<UUID, ValidationFailure> {
        guard let text = self.teamID else { return .failure(ValidationFailure(problems: [FieldProblem("teamId", "is required")])) }
        guard let id = UUID(uuidString: text) else { return .failure(ValidationFailure(problems: [FieldProblem("teamId", "must be a team's id")])) }
        return .success(id)
    }
}
