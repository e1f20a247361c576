import Foundation

/// What an account is to one meeting series, and so to every session in it
/// (docs/decisions/0033-co-hosts.md); a team member is what their ``TeamRole`` maps to
/// (docs/decisions/0090-teams-own-series.md).
public enum SeriesRole: String, Sendable, Codable, CaseIterable, Comparable {
    /// Shared to see results and export them; changes nothing.
    case viewer
    /// Shared to run the meetings: edit sessions and forms, publish, take attendance, moderate.
    case editor
    /// The host who created the series (or received it by transfer), or an admin of the team
    /// that owns it (``TeamRole/seriesRole``).
    case owner
    /// An admin, who operates the service and may do what an owner may.
    case admin

    /// Whether this role may do `action`. The one place that decides it: the store asks it at
    /// its gate, inside the transaction of the write.
    public func may(_ action: SeriesAction) -> Bool {
        switch action {
        case .read: true
        case .edit: self >= .editor
        case .manage: self >= .owner
        }
    }

    /// The roles an owner can give to another host.
    public static let shareable: [SeriesRole] = [.editor, .viewer]

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .owner: 2
        case .admin: 3
        }
    }

    public static func < (lhs: SeriesRole, rhs: SeriesRole) -> Bool { lhs.rank < rhs.rank }
}

/// What a request does to a series or one of its sessions, as far as roles are concerned.
public enum SeriesAction: String, Sendable {
    /// See meetings, forms, attendance, results, trends, charts; export them.
    case read
    /// Change meetings, forms, attendance, the roster and responses; create the next session.
    case edit
    /// Decide who has access and whether the series exists: shares, transfer, trash.
    case manage

    /// The refusal a role below this action gets (a role at all means the series is no secret).
    public var refusal: DebriefError {
        switch self {
        case .read: DebriefError(.forbidden, "you may not see this meeting")
        case .edit: DebriefError(.forbidden, "you can view this meeting series but not change it; ask its owner for the editor role")
        case .manage: DebriefError(.forbidden, "only the owner of this meeting series can do this")
        }
    }
}
