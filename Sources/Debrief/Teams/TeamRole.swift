import Foundation

/// What a member is to a team (docs/decisions/0090-teams-own-series.md). On each of the team's
/// series a member has the rights of a co-host of that kind (``seriesRole``); an admin also
/// decides the team's members, and so has an owner's rights on its series.
public enum TeamRole: String, Sendable, Codable, CaseIterable, Comparable {
    case viewer
    case editor
    case admin

    /// The rights this member has on each of the team's series: ``SeriesRole/may(_:)`` decides
    /// from there (MeetingVisibility's `role(of:)` maps the same in SQL).
    public var seriesRole: SeriesRole {
        switch self {
        case .viewer: .viewer
        case .editor: .editor
        case .admin: .owner
        }
    }

    /// Whether this member may do `action` to the team itself.
    public func may(_ action: TeamAction) -> Bool {
        switch action {
        case .read: true
        case .manage: self == .admin
        }
    }

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .admin: 2
        }
    }

    public static func < (lhs: TeamRole, rhs: TeamRole) -> Bool { lhs.rank < rhs.rank }
}

/// What a request does to a team (not to its series: those ask ``SeriesAction``).
public enum TeamAction: String, Sendable {
    /// See the team, its members and its series.
    case read
    /// Add, change and remove members; rename; accept a series into the team; offer one out.
    case manage

    /// The refusal a member below this action gets (being a member means the team is no secret).
    public var refusal: DebriefError {
        switch self {
        case .read: DebriefError(.forbidden, "you are not a member of this team")
        case .manage: DebriefError(.forbidden, "only an admin of this team can do this")
        }
    }
}
