import DebriefStore
import Foundation

/// E-mail settings of the use cases: retries and the roster's schedule. Where mail goes is the
/// transport's (DebriefApp's `AppConfiguration.smtp`); whether any goes is the ``MailSender``
/// ``MailActions`` is given.
public struct MailSettings: Sendable {
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

    public init() {}

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
