import Foundation

/// A team's look (decision 95): its logo and its accent colour, shown on the participant page of
/// each of the team's series. Either may be absent (Debrief's own look then).
public struct TeamLook: Sendable, Equatable {
    public var teamID: UUID
    /// The team's name: the logo's alt text.
    public var teamName: String
    public var accent: AccentColour?
    public var logo: TeamLogo?

    public init(teamID: UUID, teamName: String, accent: AccentColour?, logo: TeamLogo?) {
        self.teamID = teamID
        self.teamName = teamName
        self.accent = accent
        self.logo = logo
    }

    /// The stylesheet that sets the accent (`/team-styles/{rrggbb}.css`), or nil without one. It
    /// is named by the colour, not the team: its content is the colour's alone, so it never
    /// changes under its address (a browser keeps it), and no team's id shows in a page.
    public var stylesheetPath: String? { self.accent.map(Self.stylesheetPath(for:)) }

    public static func stylesheetPath(for accent: AccentColour) -> String {
        "/team-styles/" + accent.description.dropFirst() + ".css"
    }
}

/// A team's logo as pages name it: where its bytes are served and its size (its bytes are a
/// ``StoredImage``).
public struct TeamLogo: Sendable, Equatable {
    /// The logo's public name, random and new at every upload.
    public var id: UUID
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// The SHA-256 of the bytes in hex: the strong ETag.
    public var sha256: String
    public var updatedAt: Date

    public init(id: UUID, format: ImageFormat, width: Int, height: Int, sha256: String, updatedAt: Date) {
        self.id = id
        self.format = format
        self.width = width
        self.height = height
        self.sha256 = sha256
        self.updatedAt = updatedAt
    }

    /// Where the bytes are served (`GET /team-logos/{id}`), relative to the site.
    public var path: String { Self.path(self.id) }

    public static func path(_ id: UUID) -> String { "/team-logos/" + id.lowercasedText }

    /// The width and height an `img` gets at most `maxHeight` high, keeping the ratio (at least
    /// 1 pixel wide): a logo sits in a header line.
    public func shown(maxHeight: Int) -> (width: Int, height: Int) {
        guard self.height > maxHeight else { return (self.width, self.height) }
        return (max(1, self.width * maxHeight / self.height), maxHeight)
    }
}
