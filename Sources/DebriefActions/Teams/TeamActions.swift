import Debrief
import DebriefStore
import Foundation

/// Teams that own series (docs/decisions/0090-teams-own-series.md): create, read and rename a
/// team, its members and their roles, its series, and offering a series to a team. Who may do
/// what to a team is ``TeamRole/may(_:)``'s, settled before the body is read (a viewer's
/// malformed body is a 403, not a lesson in the format); what a member may do on the team's
/// series is ``SeriesRole/may(_:)``'s, through MeetingVisibility.
public struct TeamActions: Sendable {
    let teams: TeamStore
    let transfers: SeriesTransferStore
    let shares: SeriesShareStore
    /// A member's role change is recorded, naming the team (decisions 91 and 97).
    let audit: AuditRecord

    public init(teams: TeamStore, transfers: SeriesTransferStore, shares: SeriesShareStore, audit: AuditRecord) {
        self.teams = teams
        self.transfers = transfers
        self.shares = shares
        self.audit = audit
    }

    public func teams(of viewer: Viewer) async throws -> [Team] {
        try await self.teams.teams(of: viewer)
    }

    public func create(by viewer: Viewer, _ input: () async throws -> TeamInput) async throws -> Team {
        let name = try await input().validate().get()
        return try await self.teams.create(named: name, by: viewer)
    }

    public func team(_ id: UUID, visibleTo viewer: Viewer) async throws -> Team {
        try await self.teams.team(id, visibleTo: viewer)
    }

    public func rename(_ id: UUID, by viewer: Viewer, _ input: () async throws -> TeamInput) async throws -> Team {
        try await self.require(id, viewer, .manage)
        return try await self.teams.rename(id, to: try await input().validate().get(), by: viewer)
    }

    public func members(of id: UUID, visibleTo viewer: Viewer) async throws -> [TeamMember] {
        try await self.teams.members(of: id, visibleTo: viewer)
    }

    /// Adds (or re-roles) the host at the body's address; returns the validated request, answered
    /// alike whether the address has a proven account or not.
    @discardableResult
    public func add(to id: UUID, by viewer: Viewer, _ input: () async throws -> TeamMemberInput) async throws -> TeamMemberRequest {
        try await self.require(id, viewer, .manage)
        let request = try await input().validate().get()
        try await self.teams.add(to: id, by: viewer, request)
        return request
    }

    @discardableResult
    public func change(
        _ account: UUID, in id: UUID, by viewer: Viewer, _ input: () async throws -> TeamRoleInput
    ) async throws -> TeamRole {
        try await self.require(id, viewer, .manage)
        let role = try await input().validate().get()
        try await self.teams.change(account, in: id, to: role, by: viewer)
        let detail = "team \(id.lowercasedText): member \(account.lowercasedText) is \(role.rawValue)"
        try await self.audit.record(AuditEvent(.roleChanged, team: id, detail: detail), by: viewer)
        return role
    }

    public func remove(_ account: UUID, from id: UUID, by viewer: Viewer) async throws {
        try await self.teams.remove(account, from: id, by: viewer)
    }

    public func series(of id: UUID, visibleTo viewer: Viewer) async throws -> [TeamSeries] {
        try await self.teams.series(of: id, visibleTo: viewer)
    }

    /// Offers the series to the body's team; the owner's (or its team admin's) to do, settled
    /// before the body. The team's admins accept it among their transfer offers. Recorded as a
    /// transfer to a person is: a series' row, naming the team in its detail (decision 97: a
    /// series' rows name no team in `team_id`).
    @discardableResult
    public func offer(series id: UUID, by viewer: Viewer, _ input: () async throws -> SeriesTeamTransferInput) async throws -> UUID {
        let sharing = try await self.shares.sharing(series: id, visibleTo: viewer)
        guard sharing.viewerRole.may(.manage) else { throw SeriesAction.manage.refusal }
        let team = try await input().validate().get()
        try await self.transfers.offer(series: id, by: viewer, toTeam: team)
        try await self.audit.record(AuditEvent(.transferOffered, series: id, detail: "team \(team.lowercasedText)"), by: viewer)
        return team
    }

    private func require(_ id: UUID, _ viewer: Viewer, _ action: TeamAction) async throws {
        try await self.teams.require(id, visibleTo: viewer, toDo: action)
    }
}
