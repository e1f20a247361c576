import Debrief
import DebriefStore
import Foundation
import Logging
import ServiceLifecycle

/// The e-mail use cases: password reset by mail, the roster's addresses and unsubscribes, the
/// scheduler's pass that writes roster mail, and the host's delivery log.
public struct MailActions: Sendable {
    let outbox: MailOutbox
    let resets: PasswordResetStore
    let roster: RosterMailStore
    public let settings: MailSettings
    let caps: MailCaps
    let resetLimits: PasswordResetStore.Limits
    /// The base of links in messages (`--public-url`).
    let publicBaseURL: String
    /// The address-proof links (nil in tests that build mail without them: nothing is sent).
    public var addressProofs: AddressProofLinks?

    public init(
        outbox: MailOutbox, resets: PasswordResetStore, roster: RosterMailStore, settings: MailSettings, caps: MailCaps,
        resetLimits: PasswordResetStore.Limits = .init(), publicBaseURL: String
    ) {
        self.outbox = outbox
        self.resets = resets
        self.roster = roster
        self.settings = settings
        self.caps = caps
        self.resetLimits = resetLimits
        self.publicBaseURL = publicBaseURL
    }

    public var isConfigured: Bool { self.settings.isConfigured }

    // MARK: - Password reset

    /// Asks for a reset link for `rawEmail`. An invalid address is a 422 naming `email`; past the
    /// client's limit, `rateLimited`; otherwise the same (nothing) whether or not an account has
    /// the address. Without e-mail configured nothing is written (the page says to ask an admin).
    @discardableResult
    public func requestPasswordReset(email rawEmail: String?, client: String, korean: Bool) async throws -> Bool {
        let email = try EmailAddress.parse(rawEmail).mapError { ValidationFailure($0) }.get()
        guard self.isConfigured else { return false }
        return try await self.resets.request(email: email, client: client, limits: self.resetLimits, mailCap: self.caps.perAccountPerHour) { token in
            let link = "\(self.publicBaseURL)/password-reset/\(token)"
            let texts = MailTexts.passwordReset(link: link, korean: korean)
            return OutgoingMail(
                accountID: nil, kind: .passwordReset, recipient: email.normalized, subject: texts.subject, text: texts.text,
                html: texts.html)
        }
    }

    public func isResetLinkUsable(_ token: String) async throws -> Bool {
        try await self.resets.isUsable(token)
    }

    /// Sets the new password through the link (`password` checked like sign-up's: a 422 naming it).
    public func completePasswordReset(token: String, password rawPassword: String?) async throws {
        guard let password = rawPassword, !password.isEmpty else { throw ValidationFailure(FieldProblem("password", "is required")) }
        if let problem = AccountRules.passwordProblem(password) { throw ValidationFailure(FieldProblem("password", problem)) }
        try await self.resets.complete(token, password: password)
    }

    // MARK: - Address proof (decision 54)

    /// Mails `account` a link that proves its address (sign-up, "send the link again"). False
    /// when no e-mail is configured (the account page then says to ask an admin) or the address
    /// is proven already; `rateLimited` past the per-account hourly limit of reset links.
    @discardableResult
    public func sendAddressProof(to account: Account, korean: Bool) async throws -> Bool {
        guard self.isConfigured, let proofs = self.addressProofs, !AddressProof.counts(account) else { return false }
        return try await proofs.issue(
            for: account.id, perAccountPerHour: self.resetLimits.perAccountPerHour, mailCap: self.caps.perAccountPerHour
        ) { token, address in
            let texts = MailTexts.addressProof(link: "\(self.publicBaseURL)/confirm-address/\(token)", korean: korean)
            return OutgoingMail(
                accountID: account.id, kind: .addressProof, recipient: address, subject: texts.subject, text: texts.text, html: texts.html)
        }
    }

    public func isAddressProofLinkUsable(_ token: String) async throws -> Bool {
        try await self.addressProofs?.isUsable(token) ?? false
    }

    /// Uses a confirmation link (the page's POST; never a GET, which mail scanners prefetch).
    public func confirmAddress(token: String) async throws {
        guard let proofs = self.addressProofs else { throw DebriefError(.gone, "this confirmation link was used already or has expired") }
        try await proofs.confirm(token)
    }

    // MARK: - Invitations

    /// Writes an admin's invitation link to `recipient` (validated by the caller with
    /// ``EmailAddress/parse(_:)``), counted against the admin's hourly mail cap. The dedupe key is
    /// the invitation's link, so a retried form post never mails one invitation twice. Nil when
    /// no e-mail is configured (the admin page then only shows the link to copy).
    public func mailInvitation(
        link: String, to recipient: EmailAddress, by admin: Account, expiresAt: Date, korean: Bool
    ) async throws -> MailOutbox.Enqueued? {
        guard self.isConfigured else { return nil }
        // The admin's zone, named (``LocalTime``, decision 59): never a raw ISO instant.
        let expires = LocalTime.text(expiresAt, zone: admin.timeZone, language: korean ? .korean : .english)
        let texts = MailTexts.invitation(link: link, inviter: admin.displayName, expires: expires, korean: korean)
        let mail = OutgoingMail(
            accountID: admin.id, kind: .invitation, dedupeKey: "invitation:\(link)", recipient: recipient.normalized,
            subject: texts.subject, text: texts.text, html: texts.html)
        return try await self.outbox.enqueue(mail, perAccountPerHour: self.caps.perAccountPerHour)
    }

    // MARK: - Roster

    public func rosterAddresses(series: UUID, by viewer: Viewer) async throws -> [RosterMailStore.Entry] {
        try await self.roster.list(series: series, by: viewer)
    }

    /// Sets a member's address; empty removes it, an invalid one is a 422 naming `email`.
    @discardableResult
    public func setRosterEmail(series: UUID, member: UUID, by viewer: Viewer, email raw: String?) async throws -> RosterMailStore.Entry {
        let trimmed = raw?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let email = trimmed.isEmpty ? nil : try EmailAddress.parse(trimmed).mapError { ValidationFailure($0) }.get()
        return try await self.roster.setEmail(series: series, member: member, by: viewer, to: email)
    }

    /// Sets (or, with nil, removes) a member's address already parsed by the caller (the JSON
    /// API, which refuses an empty one: removing is its own request there).
    @discardableResult
    public func setRosterEmail(series: UUID, member: UUID, by viewer: Viewer, to email: EmailAddress?) async throws -> RosterMailStore.Entry {
        try await self.roster.setEmail(series: series, member: member, by: viewer, to: email)
    }

    public func unsubscribeName(token: String) async throws -> String? {
        try await self.roster.memberName(unsubscribeToken: token)
    }

    /// Suppresses the address of the link's member, for its series or with `everywhere` for all
    /// mail from this installation; an unknown link is not found.
    public func unsubscribe(token: String, everywhere: Bool = false) async throws {
        guard try await self.roster.unsubscribe(token: token, everywhere: everywhere) else {
            throw DebriefError.notFound("unsubscribe link")
        }
    }

    /// One pass of the roster scheduler: writes the participant link of each meeting that ended
    /// and, when its form closes within the lead, the one reminder, to every subscribed member
    /// with an address. Idempotent (each message has a dedupe key), so instances may overlap.
    /// Returns how many messages were written.
    @discardableResult
    public func writeDueRosterMail() async throws -> Int {
        guard self.isConfigured else { return 0 }
        var written = 0
        for due in try await self.roster.due(reminderLead: self.settings.reminderLead) {
            let link = "\(self.publicBaseURL)/f/\(due.formCode)"
            let unsubscribe = "\(self.publicBaseURL)/unsubscribe/\(due.mailToken)"
            for reminder in due.closingSoon ? [false, true] : [false] {
                let texts = MailTexts.roster(
                    title: due.title, name: due.name, link: link, unsubscribe: unsubscribe, closes: due.closesAt, zone: due.timeZone,
                    reminder: reminder)
                let mail = OutgoingMail(
                    accountID: due.hostID, kind: reminder ? .reminder : .participantLink,
                    dedupeKey: "\(reminder ? "reminder" : "link"):\(due.meetingID.uuidString.lowercased()):\(due.memberID.uuidString.lowercased())",
                    recipient: due.email, subject: texts.subject, text: texts.text, html: texts.html, unsubscribeURL: unsubscribe,
                    meetingID: due.meetingID, rosterMemberID: due.memberID)
                // Past the hourly cap or the day's roster allowance nothing is written: the next
                // pass tries again (same dedupe key), so the mail waits rather than being lost.
                if case .written = try await self.outbox.enqueue(mail, caps: self.caps) { written += 1 }
            }
        }
        return written
    }

    // MARK: - Delivery log

    public func deliveryLog(of viewer: Viewer, limit: Int = 100) async throws -> [MailOutbox.LogEntry] {
        try await self.outbox.log(account: viewer.accountID, limit: limit)
    }
}

/// Runs ``MailActions/writeDueRosterMail()`` every poll interval.
public struct RosterMailScheduler: Service {
    let mail: MailActions
    let logger: Logger

    public init(mail: MailActions, logger: Logger) {
        self.mail = mail
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                try await self.mail.writeDueRosterMail()
            } catch {
                self.logger.warning("could not write roster mail", metadata: ["error": "\(error)"])
            }
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.mail.settings.pollInterval) }
        }
    }
}
