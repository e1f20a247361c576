import Foundation

/// What the read record names (docs/decisions/0091-the-read-record.md): the kind of an event,
/// stored as its raw value in `audit_record.kind`.
public enum AuditKind: String, Sendable, Codable, CaseIterable {
    /// The responses list of a session (the moderation page).
    case responsesList = "responses.list"
    /// One response, as the list shows it.
    case responseRead = "response.read"
    /// A question's answers (`GET /v1/meetings/{id}/questions/{key}/answers`).
    case answersRead = "answers.read"
    /// An export of any layout and format, over HTTP or by `debrief export`.
    case export
    case shareGranted = "share.granted"
    case shareRevoked = "share.revoked"
    case transferOffered = "transfer.offered"
    case transferCancelled = "transfer.cancelled"
    case transferAccepted = "transfer.accepted"
    case transferDeclined = "transfer.declined"
    /// A member's role changed (a team's, an account's).
    case roleChanged = "role.changed"
    /// A team's look changed (logo, colour, a series' picture).
    case brandingChanged = "branding.changed"
    /// An installation admin signed in (password or company sign-in).
    case adminSignIn = "signin.admin"
}

/// One event to append: its kind and its object. The series is filled in from the meeting when
/// only the meeting is named, so a series' readers find every row of its sessions. An event about
/// a team itself (its export, its look, a member's role) names the team (decision 97).
public struct AuditEvent: Sendable, Equatable {
    public var kind: AuditKind
    public var seriesID: UUID?
    public var meetingID: UUID?
    public var teamID: UUID?
    /// The object's detail: an export's layout and format, a question's key, a share's role and
    /// account. At most 400 characters (longer is cut).
    public var detail: String

    public init(_ kind: AuditKind, series: UUID? = nil, meeting: UUID? = nil, team: UUID? = nil, detail: String = "") {
        self.kind = kind
        self.seriesID = series
        self.meetingID = meeting
        self.teamID = team
        self.detail = detail
    }
}

/// Where a request came from: the client address as ``TrustedProxies`` derives it (behind a
/// trusted proxy, the one it names) and the user agent, each cut to what the table keeps.
public struct AuditOrigin: Sendable, Equatable {
    public var address: String
    public var userAgent: String

    public init(address: String, userAgent: String?) {
        self.address = Self.cut(address, to: 100)
        self.userAgent = Self.cut(userAgent ?? "", to: 200)
    }

    /// The operator at the server's shell (`debrief export`).
    public static func shell(_ command: String) -> AuditOrigin { AuditOrigin(address: "local", userAgent: command) }

    /// A request whose origin nobody bound (a use case called outside a request: tests, jobs).
    public static let unknown = AuditOrigin(address: "unknown", userAgent: nil)

    /// At most `limit` Unicode scalars (PostgreSQL's `char_length`), control characters dropped.
    static func cut(_ text: String, to limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.properties.generalCategory != .control {
            guard scalars.count < limit else { break }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}

/// One row of the record, as its readers see it.
public struct AuditEntry: Sendable, Equatable, Codable {
    public var id: Int64
    public var at: Date
    /// Nil for the operator at the server's shell.
    public var accountId: UUID?
    /// The account's address when the event happened.
    public var accountEmail: String?
    public var kind: String
    public var seriesId: UUID?
    public var meetingId: UUID?
    /// The team an event about a team itself names (its export, its look, a member's role).
    public var teamId: UUID?
    public var detail: String
    public var clientAddress: String
    public var userAgent: String
}

/// Which rows a reader asks for: every filter optional, `since` inclusive, `until` exclusive.
public struct AuditFilter: Sendable, Equatable {
    public var since: Date?
    public var until: Date?
    public var series: UUID?
    public var account: UUID?

    public init(since: Date? = nil, until: Date? = nil, series: UUID? = nil, account: UUID? = nil) {
        self.since = since
        self.until = until
        self.series = series
        self.account = account
    }
}

/// Whose rows a reader reads (decision 97): every row, or a team's — the rows that name the
/// team and those of every series the team owns now (a series that moves takes its rows along).
public enum AuditScope: Sendable, Equatable {
    case installation
    case team(UUID)
}

/// A page of the record, newest first, and the cursor of the next one.
public struct AuditPage: Sendable, Equatable {
    public var items: [AuditEntry]
    public var nextCursor: String?
}
