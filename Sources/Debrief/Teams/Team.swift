import Foundation

/// A team as its member reads it: its name and what the reader is to it.
public struct Team: Sendable, Equatable {
    public var id: UUID
    public var name: String
    public var createdAt: Date
    /// The reader's role; installation admins who are no member read it as `admin`.
    public var viewerRole: TeamRole
    public var memberCount: Int
    public var seriesCount: Int

    public init(id: UUID, name: String, createdAt: Date, viewerRole: TeamRole, memberCount: Int, seriesCount: Int) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.viewerRole = viewerRole
        self.memberCount = memberCount
        self.seriesCount = seriesCount
    }
}

/// One member of a team.
public struct TeamMember: Sendable, Equatable {
    public var accountID: UUID
    public var email: String
    public var displayName: String
    public var role: TeamRole
    public var addedAt: Date
    /// Whether company sign-in added the membership from the provider's groups claim (and each
    /// sign-in keeps it in step); false when a team admin added it by hand
    /// (docs/decisions/0093-team-members-from-sign-in.md).
    public var fromProvider: Bool

    public init(accountID: UUID, email: String, displayName: String, role: TeamRole, addedAt: Date, fromProvider: Bool = false) {
        self.accountID = accountID
        self.email = email
        self.displayName = displayName
        self.role = role
        self.addedAt = addedAt
        self.fromProvider = fromProvider
    }
}

/// One series a team owns, as its members' lists show it.
public struct TeamSeries: Sendable, Equatable {
    public var seriesID: UUID
    /// The title of its latest session ("" while it has none).
    public var title: String
    public var sessionCount: Int
    public var latestStartsAt: Date?

    public init(seriesID: UUID, title: String, sessionCount: Int, latestStartsAt: Date?) {
        self.seriesID = seriesID
        self.title = title
        self.sessionCount = sessionCount
        self.latestStartsAt = latestStartsAt
    }
}
