import DebriefStore
import Foundation
import Mail

/// E-mail settings: where mail goes (nil: "no e-mail configured", a first-class state in which
/// the pages show links to copy), retries and the roster's schedule.
public struct MailSettings: Sendable {
    /// `--smtp-url`, `--mail-from` and friends; nil when the server sends no mail.
    public var smtp: SMTPSettings?
    /// The first retry waits this long; each further one twice as long, up to an hour.
    public var retryBase: Duration = .seconds(60)
    /// Attempts before a message is given up with the last reason.
    public var maxAttempts: Int = 8
    /// How often the delivery service and the roster scheduler look for work.
    public var pollInterval: Duration = .seconds(5)
    /// Messages sent at once by one instance.
    public var concurrency: Int = 2
    /// The one reminder goes out when the form closes within this.
    public var reminderLead: Duration = .seconds(24 * 3600)

    public init(smtp: SMTPSettings? = nil) {
        self.smtp = smtp
    }

    public var isConfigured: Bool { self.smtp != nil }

    /// The wait before attempt `attempts + 1`, with up to 20 % jitter so a burst of failures does
    /// not come back at once.
    func retryDelay(afterAttempts attempts: Int) -> Duration {
        let base = Double(self.retryBase.components.seconds) + Double(self.retryBase.components.attoseconds) / 1e18
        let delay = min(3600, base * pow(2, Double(max(0, attempts - 1))))
        return .milliseconds(Int(delay * 1000 * Double.random(in: 1...1.2)))
    }
}

/// Per-account mail allowances (the hourly cap and the roster's daily allowance): kept by the
/// store, which counts the outbox rows where it writes them.
public typealias MailCaps = DebriefStore.MailCaps

/// Sends one message; ``SMTPClient`` in production, a recorder in tests.
public protocol MailTransport: Sendable {
    func send(_ message: MailMessage) async -> SMTPResult
}

extension SMTPClient: MailTransport {}
