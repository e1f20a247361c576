import Debrief
import DebriefStore
import Foundation

/// Co-hosts: a series' owner shares it with other hosts as editor or viewer, revokes shares, and
/// transfers ownership (docs/decisions/0033-co-hosts.md). Who may do which is ``SeriesRole``'s.
public struct SharingActions: Sendable {
    let shares: SeriesShareStore
    let meetings: MeetingStore
    let notifier: ResultsNotifier?

    public init(shares: SeriesShareStore, meetings: MeetingStore, notifier: ResultsNotifier? = nil) {
        self.shares = shares
        self.meetings = meetings
        self.notifier = notifier
    }

    public func sharing(series id: UUID, visibleTo viewer: Viewer) async throws -> SeriesSharing {
        try await self.shares.sharing(series: id, visibleTo: viewer)
    }

    /// Who may change the shares is settled before what the body says (a viewer's malformed body
    /// is a 403, not a 422 that would teach them the format).
    public func share(
        series id: UUID, by viewer: Viewer, _ input: () async throws -> SeriesShareInput
    ) async throws -> (share: SeriesShare, created: Bool) {
        try await self.requireOwner(series: id, viewer)
        return try await self.shares.share(series: id, by: viewer, try await input().validate().get())
    }

    public func revoke(series id: UUID, account: UUID, by viewer: Viewer) async throws {
        try await self.shares.revoke(series: id, account: account, by: viewer)
    }

    /// Transfers the series. Reports served from memory remember each session's host, so every
    /// session is announced as changed: the next read checks the new owner, here and elsewhere.
    public func transfer(series id: UUID, by viewer: Viewer, _ input: () async throws -> SeriesTransferInput) async throws -> SeriesSharing {
        try await self.requireOwner(series: id, viewer)
        let sharing = try await self.shares.transfer(series: id, by: viewer, to: try await input().validate().get())
        for session in try await self.meetings.series(id, visibleTo: viewer) { self.notifier?.changed(meeting: session.id) }
        return sharing
    }

    private func requireOwner(series id: UUID, _ viewer: Viewer) async throws {
        let sharing = try await self.shares.sharing(series: id, visibleTo: viewer)
        guard sharing.viewerRole.may(.manage) else { throw SeriesAction.manage.refusal }
    }
}
