@testable import DebriefActions
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import Logging
import PQ
import Synchronization
import Testing

/// The e-mail outbox against real PostgreSQL (docs/decisions/0041-smtp-client.md): a crash
/// during sending loses nothing and the retry carries the same Message-ID; failures back off and
/// are given up with the server's reply; the per-account cap holds; an unsubscribed member's
/// queued mail is not sent; reset links are single use.
@Suite("Mail: the outbox")
struct MailOutboxTests {
    /// Answers with the next scripted result (the last one forever), recording every message.
    final class ScriptedTransport: MailTransport {
        let sent = Mutex<[DeliverableMail]>([])
        let script: Mutex<[MailDeliveryResult]>

        init(_ script: [MailDeliveryResult]) {
            self.script = Mutex(script)
        }

        func send(_ message: DeliverableMail) async -> MailDeliveryResult {
            self.sent.withLock { $0.append(message) }
            return self.script.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
        }
    }

    static let accepted = MailDeliveryResult(delivered: true, replyCode: 250, reply: "250 2.0.0 queued")

    static func account(_ database: Database, _ name: String) async throws -> UUID {
        try await AccountStore(database: database, hasher: PasswordHasher(cost: 4)).create(
            SignUp(email: try EmailAddress(parsing: "\(name)@example.com"), password: "correct horse battery", displayName: name)
        ).id
    }

    static func mail(_ account: UUID?, key: String? = nil) -> OutgoingMail {
        OutgoingMail(
            accountID: account, kind: .reminder, dedupeKey: key, recipient: "minji@example.org", subject: "주간 회의", text: "t",
            html: "<p>h</p>")
    }

    static func service(
        _ outbox: MailOutbox, _ transport: any MailTransport, maxAttempts: Int = 3, retryBase: Duration = .zero
    ) -> MailDeliveryService {
        var settings = MailSettings()
        settings.retryBase = retryBase
        settings.maxAttempts = maxAttempts
        return MailDeliveryService(
            outbox: outbox, transport: transport, settings: settings, sender: MailSender(address: "debrief@example.org"),
            logger: Logger(label: "test"))
    }

    /// A sender that dies mid-conversation (its connection is gone with the claiming transaction
    /// open) loses nothing: the claim rolls back, the message stays due with no attempt counted,
    /// and the next attempt sends it with the same Message-ID.
    @Test func aCrashWhileSendingLosesNothingAndTheRetryHasTheSameMessageID() async throws {
        try await TestDatabase.withMigrated { database in
            let outbox = MailOutbox(database: database)
            let account = try await Self.account(database, "rollback")
            _ = try await outbox.enqueue(Self.mail(account), perAccountPerHour: 10)
            let firstID = Mutex<String?>(nil)
            // The delivery service's claim, interrupted mid-attempt: cancel the task doing it.
            let blocked = Task {
                try await outbox.withNextDue { claimed in
                    firstID.withLock { $0 = DeliverableMail.messageID(for: claimed.id, from: "debrief@example.org") }
                    try? await Task.sleep(for: .seconds(3600))
                    return .sent(code: 250, reply: nil)
                }
            }
            while firstID.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(20)) }
            // The process "dies": its connection goes away with the transaction open. Waiting (up
            // to 10 s) until the backend has exited, and so released its row lock: without the wait
            // the retry below sometimes ran first, skipped the still-locked message and found none due.
            let terminated = try await database.query(
                """
                SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 10000)) AS n FROM pg_stat_activity
                WHERE state = 'idle in transaction' AND datname = current_database()
                """
            ).single().decode("n", as: Int.self)
            try #require(terminated == 1, "the claiming connection was ended")
            blocked.cancel()
            _ = try? await blocked.value
            let transport = ScriptedTransport([Self.accepted])
            #expect(try await Self.service(outbox, transport).deliverDue() == 1)
            let resent = try #require(transport.sent.withLock { $0.first })
            #expect(resent.messageID == firstID.withLock { $0 })
            let state = try await outbox.log(account: account)
            #expect(state.map(\.state) == [.sent])
            #expect(state.first?.attempts == 1)
        }
    }

    @Test func failuresAreRetriedThenGivenUpWithTheServersReply() async throws {
        try await TestDatabase.withMigrated { database in
            let outbox = MailOutbox(database: database)
            let account = try await Self.account(database, "refused")
            _ = try await outbox.enqueue(Self.mail(account), perAccountPerHour: 10)
            let transport = ScriptedTransport([
                MailDeliveryResult(delivered: false, replyCode: nil, reply: "Couldn't connect to server"),
                MailDeliveryResult(delivered: false, replyCode: 550, reply: "550 5.1.1 mailbox unavailable"),
            ])
            // A real backoff: each retry is due only after its delay has passed.
            let service = Self.service(outbox, transport, maxAttempts: 3, retryBase: .milliseconds(100))
            // One round attempts a message once, however short the backoff it scheduled.
            #expect(try await service.deliverDue() == 1)
            let waiting = try #require(try await outbox.log(account: account).first)
            #expect(waiting.state == .waiting)
            #expect(waiting.attempts == 1)
            for _ in 0..<1_200 where transport.sent.withLock({ $0.count }) < 3 {  // two minutes: only ends a broken run
                try await Task.sleep(for: .milliseconds(100))
                _ = try await service.deliverDue()
            }
            #expect(transport.sent.withLock { $0.count } == 3)
            let entry = try #require(try await outbox.log(account: account).first)
            #expect(entry.state == .gaveUp)
            #expect(entry.attempts == 3)
            #expect(entry.lastCode == 550)
            #expect(entry.lastError?.contains("gave up after 3 attempts: 550 5.1.1 mailbox unavailable") == true)
            // Every attempt of one message is the same message.
            #expect(Set(transport.sent.withLock { $0 }).count == 1)
        }
    }

    /// An address stored before ``EmailAddress`` refused header syntax (a roster member's
    /// `Ana <ana@…>` or a list) is never handed to SMTP: given up at once, with the reason.
    @Test(arguments: ["Ana <ana@example.org>", "ana@example.org, eve@example.org", "\"ana\"@example.org"])
    func anAddressTheRulesNowRefuseIsGivenUpUnsent(recipient: String) async throws {
        try await TestDatabase.withMigrated { database in
            let outbox = MailOutbox(database: database)
            let account = try await Self.account(database, "legacy")
            var mail = Self.mail(account)
            mail.recipient = recipient
            _ = try await outbox.enqueue(mail, perAccountPerHour: 10)
            let transport = ScriptedTransport([Self.accepted])
            #expect(try await Self.service(outbox, transport).deliverDue() == 1)
            #expect(transport.sent.withLock { $0.isEmpty }, "nothing reached the SMTP server")
            let entry = try #require(try await outbox.log(account: account).first)
            #expect(entry.state == .gaveUp)
            #expect(entry.lastError?.hasPrefix("not sent: the address must") == true, "\(entry.lastError ?? "")")
        }
    }

    @Test func theAccountCapAndTheDedupeKeyHold() async throws {
        try await TestDatabase.withMigrated { database in
            let outbox = MailOutbox(database: database)
            let account = try await Self.account(database, "capped")
            #expect(try await outbox.enqueue(Self.mail(account, key: "a"), perAccountPerHour: 2) != .overCap)
            #expect(try await outbox.enqueue(Self.mail(account, key: "a"), perAccountPerHour: 2) == .duplicate)
            #expect(try await outbox.enqueue(Self.mail(account, key: "b"), perAccountPerHour: 2) != .overCap)
            #expect(try await outbox.enqueue(Self.mail(account, key: "c"), perAccountPerHour: 2) == .overCap)
            #expect(try await outbox.log(account: account).count == 2)
        }
    }

    @Test func resetLinksAreSingleUseAndAnsweredAlikeForUnknownAddresses() async throws {
        try await TestDatabase.withMigrated { database in
            let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: 4))
            let id = try await Self.account(database, "reset")
            let resets = PasswordResetStore(database: database, accounts: accounts)
            let token = Mutex<String?>(nil)
            let limits = PasswordResetStore.Limits(perClientPerHour: 3, perAccountPerHour: 3)
            let compose: (String) -> OutgoingMail = { link in
                token.withLock { $0 = link }
                return Self.mail(nil)
            }
            #expect(try await resets.request(email: try EmailAddress(parsing: "reset@example.com"), client: "1.2.3.4", limits: limits, mailCap: 10, compose: compose))
            let link = try #require(token.withLock { $0 })
            // An unknown address composes a message too (the same work either way), but keeps none.
            #expect(!(try await resets.request(email: try EmailAddress(parsing: "nobody@example.com"), client: "1.2.3.4", limits: limits, mailCap: 10, compose: compose)))
            let decoy = try #require(token.withLock { $0 })
            #expect(decoy != link)
            #expect(!(try await resets.isUsable(decoy)), "the unknown address's link was never stored")
            #expect(try await resets.isUsable(link))
            try await resets.complete(link, password: "a brand new password")
            #expect(try await accounts.verify(id: id, password: "a brand new password") != nil)
            await #expect(throws: DebriefError.self) { try await resets.complete(link, password: "another new password") }
            // The client's third request is allowed, the fourth refused, whatever the address.
            _ = try await resets.request(email: try EmailAddress(parsing: "nobody@example.com"), client: "1.2.3.4", limits: limits, mailCap: 10, compose: compose)
            await #expect(throws: DebriefError.self) {
                try await resets.request(email: try EmailAddress(parsing: "reset@example.com"), client: "1.2.3.4", limits: limits, mailCap: 10, compose: compose)
            }
        }
    }
}
