import Debrief
import DebriefStore
import Foundation
import Logging
import ServiceLifecycle

/// The e-mail use cases: password reset by mail, the roster's addresses and unsubscribes, the
/// scheduler's pass that writes the roster mail hosts asked for, and the host's delivery log.
public struct MailActions: Sendable {
    let outbox: MailOutbox
    let resets: PasswordResetStore
    let roster: RosterMailStore
    public let settings: MailSettings
    /// Who mail comes from; nil when this server sends no e-mail (a first-class state in which
    /// the pages show links to copy): the composition root sets it exactly when it has a transport.
    public let sender: MailSender?
    let caps: MailCaps
    let resetLimits: PasswordResetStore.Limits
    /// The base of links in messages (`--public-url`).
    let publicBaseURL: String
    /// The address-proof links (nil in tests that build mail without them: nothing is sent).
    let addressProofs: AddressProofLinks?
    /// "Now" for the reminder times' pass, which asks the series clock (decision 83).
    let clock: WallClock

    public init(
        outbox: MailOutbox, resets: PasswordResetStore, roster: RosterMailStore, settings: MailSettings, sender: MailSender?,
        caps: MailCaps, resetLimits: PasswordResetStore.Limits = .init(), publicBaseURL: String, addressProofs: AddressProofLinks? = nil,
        clock: WallClock = .system
    ) {
        self.clock = clock
        self.addressProofs = addressProofs
        self.outbox = outbox
        self.resets = resets
        self.roster = roster
        self.settings = settings
        self.sender = sender
        self.caps = caps
        self.resetLimits = resetLimits
        self.publicBaseURL = publicBaseURL
    }

    public var isConfigured: Bool { self.sender != nil }

    // MARK: - Password reset

    /// Asks for a reset link for `rawEmail`. An invalid address is a 422 naming `email`; past the
    /// client's limit, `rateLimited`; otherwise the same (nothing) whether or not an account has
    /// the address. Without e-mail configured nothing is written (the page says to ask an admin).
    @discardableResult
    public func requestPasswordReset(email rawEmail: String?, client: String, language: Language) async throws -> Bool {
        let email = try EmailAddress.parse(rawEmail).mapError { ValidationFailure($0) }.get()
        guard self.isConfigured else { return false }
        return try await self.resets.request(email: email, client: client, limits: self.resetLimits, mailCap: self.caps.perAccountPerHour) { token in
            let link = "\(self.publicBaseURL)/password-reset/\(token)"
            let texts = MailTexts.passwordReset(link: link, language: language)
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
    public func sendAddressProof(to account: Account, language: Language) async throws -> Bool {
        guard self.isConfigured, let proofs = self.addressProofs, !AddressProof.counts(account) else { return false }
        return try await proofs.issue(
            for: account.id, perAccountPerHour: self.resetLimits.perAccountPerHour, mailCap: self.caps.perAccountPerHour
        ) { token, address in
            let texts = MailTexts.addressProof(link: "\(self.publicBaseURL)/confirm-address/\(token)", language: language)
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
        link: String, to recipient: EmailAddress, by admin: Account, expiresAt: Date, language: Language
    ) async throws -> MailOutbox.Enqueued? {
        guard self.isConfigured else { return nil }
        // The admin's zone, named (``LocalTime``, decision 59): never a raw ISO instant.
        let expires = LocalTime.text(expiresAt, zone: admin.timeZone, language: language.tag)
        let texts = MailTexts.invitation(link: link, inviter: admin.displayName, expires: expires, language: language)
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

    /// The roster mail page's one Save, checked: `typed` is what was typed for each member (empty
    /// removes the address). Every address is parsed; any that is not one plain address makes a
    /// 422 naming each bad field (`emails.<memberId>`), and nothing is stored. Returns only the
    /// changes (a member's address as it would become), for the caller to count and store with
    /// ``setRosterEmails(series:by:_:)``.
    public func rosterEmailChanges(series: UUID, by viewer: Viewer, typed: [(member: UUID, email: String)]) async throws -> [(member: UUID, email: EmailAddress?)] {
        var problems: [FieldProblem] = []
        var wanted: [(member: UUID, email: EmailAddress?)] = []
        for (member, raw) in typed {
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                wanted.append((member, nil))
                continue
            }
            switch EmailAddress.parse(trimmed) {
            case .success(let email): wanted.append((member, email))
            case .failure(let problem):
                problems.append(FieldProblem(FieldPath.field("emails", member.lowercasedText), problem.message))
            }
        }
        if !problems.isEmpty { throw ValidationFailure(problems: problems) }
        let current = Dictionary(
            try await self.roster.list(series: series, by: viewer).map { ($0.memberID, $0.email) }, uniquingKeysWith: { first, _ in first })
        return wanted.filter { change in
            guard let stored = current[change.member] else { return false }
            return stored != change.email?.normalized
        }
    }

    /// Stores the changes of ``rosterEmailChanges(series:by:typed:)`` in one transaction. Storing
    /// an address never sends mail: sending is its own step (``RosterSendActions``).
    @discardableResult
    public func setRosterEmails(series: UUID, by viewer: Viewer, _ changes: [(member: UUID, email: EmailAddress?)]) async throws -> Int {
        try await self.roster.setEmails(series: series, by: viewer, changes)
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

    /// One pass of the roster scheduler: writes what hosts asked for and nothing else — the
    /// participant link of each member chosen by a press of "Send the link", worded for whether
    /// they were present, and the reminder of a series whose host turned it on
    /// (``RosterMailStore/due(meeting:window:)``). Idempotent (each message has a dedupe key), so
    /// instances may overlap. `meeting` limits the pass to one session (a host's press of Send
    /// writes its own messages at once). Returns how many messages were written.
    @discardableResult
    public func writeDueRosterMail(meeting: UUID? = nil) async throws -> Int {
        guard self.isConfigured else { return 0 }
        // The series' reminder times come due first: each starts its round once (decision 77).
        try await self.roster.reminders.startDueRounds(at: self.clock.now(), caps: self.caps)
        var written = 0
        for due in try await self.roster.due(meeting: meeting) {
            // Each message carries its member's own link to the session (decision 77), kept
            // (hashed) only when the message is written.
            let link = PersonalLink.mint(meeting: due.meetingID, member: due.memberID)
            let mail = self.rosterMessage(due, link: link)
            // Past the hourly cap or the day's roster allowance nothing is written: the next
            // pass tries again (same dedupe key), so the mail waits rather than being lost.
            if case .written = try await self.outbox.enqueue(mail, caps: self.caps, carrying: link) { written += 1 }
        }
        return written
    }

    /// The message of one due roster mail, rendered as it is written (a retry sends the same).
    func rosterMessage(_ due: RosterMailStore.Due, link: PersonalLink) -> OutgoingMail {
        let unsubscribe = "\(self.publicBaseURL)/unsubscribe/\(due.mailToken)"
        let wording: MailTexts.RosterWording
        switch due.kind {
        case .link(let present): wording = present.map { $0 ? .thanks : .missed } ?? .plain
        case .reminder: wording = .reminder
        }
        let key: String
        switch due.kind {
        case .link: key = "link:\(due.meetingID.lowercasedText):\(due.memberID.lowercasedText)"
        case .reminder(let round, _): key = "reminder:\(round.lowercasedText):\(due.memberID.lowercasedText)"
        }
        var round: (id: UUID, charged: Bool)?
        if case .reminder(let id, let charged) = due.kind { round = (id, charged) }
        let texts = self.rosterTexts(
            title: due.title, name: due.name, formCode: due.formCode, personalLink: link.token, unsubscribe: unsubscribe,
            closesAt: due.closesAt, zone: due.timeZone, wording: wording, picture: due.picture, oneTap: due.oneTap)
        return OutgoingMail(
            accountID: due.accountID, kind: wording == .reminder ? .reminder : .participantLink, dedupeKey: key,
            recipient: due.email, subject: texts.subject, text: texts.text, html: texts.html, unsubscribeURL: unsubscribe,
            meetingID: due.meetingID, rosterMemberID: due.memberID, reminderRound: round?.id, chargedWithRound: round?.charged ?? false)
    }

    /// The words of a roster message, for the message itself and for the send page's preview
    /// (one place renders them, the close time included).
    func rosterTexts(
        title: String, name: String, formCode: String, personalLink: String?, unsubscribe: String, closesAt: Date?, zone: String,
        wording: MailTexts.RosterWording, picture: PictureReference?, oneTap: OneTapQuestion? = nil
    ) -> MailTexts.Rendered {
        let link = "\(self.publicBaseURL)/f/\(formCode)" + (personalLink.map { "?p=\($0)" } ?? "")
        // Each tap is the same link with the answer named: it opens the form filled in (decision 103).
        let separator = personalLink == nil ? "?" : "&"
        let taps = oneTap.map { question in
            MailTexts.OneTapRow(prompt: question.prompt, taps: question.taps.map { tap in
                (tap.label, "\(link)\(separator)\(OneTapQuestion.queryName)=\(tap.label.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? tap.label)")
            })
        }
        return MailTexts.roster(
            title: title, name: name, link: link, unsubscribe: unsubscribe,
            closes: closesAt, zone: zone, wording: wording, picture: picture.map { ("\(self.publicBaseURL)\($0.path)", $0) },
            oneTap: taps)
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
