import Debrief
import DebriefStore
import Foundation

/// Co-hosts: a series' owner shares it with other hosts as editor or viewer, revokes shares, and
/// offers ownership to another host, who accepts or declines (docs/decisions/0033-co-hosts.md).
/// Who may do which is ``SeriesRole``'s. Neither sharing nor offering tells the caller whether an
/// address has an account.
public struct SharingActions: Sendable {
    let shares: SeriesShareStore
    let transfers: SeriesTransferStore
    let meetings: MeetingStore
    let notifier: ResultsNotifier?
    /// Every share and transfer is recorded (decision 91).
    let audit: AuditRecord

    public init(
        shares: SeriesShareStore, transfers: SeriesTransferStore, meetings: MeetingStore, audit: AuditRecord, notifier: ResultsNotifier? = nil
    ) {
        self.shares = shares
        self.transfers = transfers
        self.meetings = meetings
        self.audit = audit
        self.notifier = notifier
    }

    public func sharing(series id: UUID, visibleTo viewer: Viewer) async throws -> SeriesSharing {
        try await self.shares.sharing(series: id, visibleTo: viewer)
    }

    /// Shares the series with the host at the body's address (when it has an account); returns
    /// the validated request. Who may change the shares is settled before what the body says (a
    /// viewer's malformed body is a 403, not a 422 that would teach them the format).
    @discardableResult
    public func share(
        series id: UUID, by viewer: Viewer, _ input: () async throws -> SeriesShareInput
    ) async throws -> SeriesShareRequest {
        try await self.requireOwner(series: id, viewer)
        let request = try await input().validate().get()
        try await self.shares.share(series: id, by: viewer, request)
        try await self.audit.record(AuditEvent(.shareGranted, series: id, detail: "\(request.role.rawValue) \(request.email.normalized)"), by: viewer)
        return request
    }

    public func revoke(series id: UUID, account: UUID, by viewer: Viewer) async throws {
        try await self.shares.revoke(series: id, account: account, by: viewer)
        try await self.audit.record(AuditEvent(.shareRevoked, series: id, detail: account.lowercasedText), by: viewer)
    }

    /// Offers the series to the body's address (replacing an open offer); returns the address.
    @discardableResult
    public func offerTransfer(
        series id: UUID, by viewer: Viewer, _ input: () async throws -> SeriesTransferInput
    ) async throws -> EmailAddress {
        try await self.requireOwner(series: id, viewer)
        let email = try await input().validate().get()
        try await self.transfers.offer(series: id, by: viewer, to: email)
        try await self.audit.record(AuditEvent(.transferOffered, series: id, detail: email.normalized), by: viewer)
        return email
    }

    public func pendingTransfer(series id: UUID, visibleTo viewer: Viewer) async throws -> SeriesTransferStore.PendingTransfer? {
        try await self.transfers.pending(series: id, visibleTo: viewer)
    }

    public func cancelTransfer(series id: UUID, by viewer: Viewer) async throws {
        try await self.transfers.cancel(series: id, by: viewer)
        try await self.audit.record(AuditEvent(.transferCancelled, series: id), by: viewer)
    }

    public func transferOffers(to viewer: Viewer) async throws -> [SeriesTransferStore.Offer] {
        try await self.transfers.offers(to: viewer)
    }

    /// Accepts an offer. Reports served from memory remember each session's host, so every
    /// session is announced as changed: the next read checks the new owner, here and elsewhere.
    /// `credentials` says what becomes of the series' feed and chat channel made by others
    /// (required while there are some; ``SeriesTransferStore/accept(_:by:credentials:)``).
    public func acceptTransfer(_ offer: UUID, by viewer: Viewer, credentials: CredentialChoice? = nil) async throws -> SeriesSharing {
        let sharing = try await self.transfers.accept(offer, by: viewer, credentials: credentials)
        try await self.audit.record(AuditEvent(.transferAccepted, series: sharing.seriesID), by: viewer)
        for session in try await self.meetings.series(sharing.seriesID, visibleTo: viewer) { self.notifier?.changed(meeting: session.id) }
        return sharing
    }

    public func declineTransfer(_ offer: UUID, by viewer: Viewer) async throws {
        try await self.transfers.decline(offer, by: viewer)
        try await self.audit.record(AuditEvent(.transferDeclined, detail: offer.lowercasedText), by: viewer)
    }

    private func requireOwner(series id: UUID, _ viewer: Viewer) async throws {
        let sharing = try await self.shares.sharing(series: id, visibleTo: viewer)
        guard sharing.viewerRole.may(.manage) else { throw SeriesAction.manage.refusal }
    }
}
