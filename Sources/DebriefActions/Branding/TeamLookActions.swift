import Debrief
import DebriefStore
import Foundation

/// A team's look (decision 95): its admins set, replace and remove the logo and set or clear
/// the accent; its members read it; the participant page of the team's series shows it. A logo
/// passes the domain's reader (``ImageUpload``, as a series' picture does) and an accent
/// ``AccentColour``'s contrast check before the store sees them, so a refusal stores nothing and
/// names its field. Every change is a `branding.changed` row of the read record (``AuditRecord``).
public struct TeamLookActions: Sendable {
    let looks: TeamLookStore
    let audit: AuditRecord

    /// The fields a refusal names (the JSON routes' bodies, the look page's inputs).
    public static let logoField = "logo"
    public static let accentField = "accent"

    public init(looks: TeamLookStore, audit: AuditRecord) {
        self.looks = looks
        self.audit = audit
    }

    public func look(team: UUID, by viewer: Viewer) async throws -> TeamLook {
        try await self.looks.look(team: team, by: viewer)
    }

    /// Reads `bytes` as sent with `declaredType` and stores them as the team's logo.
    public func putLogo(team: UUID, bytes: Data, declaredType: String?, by viewer: Viewer) async throws -> TeamLogo {
        let upload = try ImageUpload.read(bytes, declaredType: declaredType, field: Self.logoField)
        let logo = try await self.looks.putLogo(team: team, upload, by: viewer)
        try await self.record(team, "logo set: \(upload.format.mediaType) \(upload.width)×\(upload.height)", by: viewer)
        return logo
    }

    public func deleteLogo(team: UUID, by viewer: Viewer) async throws {
        try await self.looks.deleteLogo(team: team, by: viewer)
        try await self.record(team, "logo removed", by: viewer)
    }

    /// Sets the accent `text` (`#rrggbb`, at least WCAG AA on every surface it meets), or clears it
    /// when `text` is nil or blank.
    public func setAccent(team: UUID, _ text: String?, by viewer: Viewer) async throws -> TeamLook {
        let trimmed = text?.trimmingCharacters(in: .whitespaces) ?? ""
        let accent = trimmed.isEmpty ? nil : try AccentColour.read(trimmed, field: Self.accentField)
        let look = try await self.looks.setAccent(team: team, accent, by: viewer)
        try await self.record(team, accent.map { "accent set: \($0)" } ?? "accent cleared", by: viewer)
        return look
    }

    /// The logo's bytes behind a public id, if whoever asks may see them (``TeamLookStore/servedLogo(_:to:)``).
    public func servedLogo(_ logoID: UUID, to viewer: Viewer?) async throws -> StoredImage? {
        try await self.looks.servedLogo(logoID, to: viewer)
    }

    private func record(_ team: UUID, _ change: String, by viewer: Viewer) async throws {
        try await self.audit.record(AuditEvent(.brandingChanged, team: team, detail: "team \(team.lowercasedText): \(change)"), by: viewer)
    }
}
