import Foundation

/// Which account a bearer token belongs to, remembered for a moment so that a signed-in request
/// usually runs no token query (docs/decisions/0038-token-cache.md).
///
/// - **How long**: an entry is trusted for `trust` at most, and never past the token's expiry.
/// - **Changes made here**: ``TokenStore`` forgets an account's entries as soon as it revokes
///   tokens of the account or a store changes the account through it
///   (``TokenStore/revoking(_:)``), before the change is answered, so the very next request on
///   this instance sees it.
/// - **Changes made elsewhere** (another instance, `debrief admin`, hand-written SQL): triggers
///   announce every change to `accounts` and `access_tokens` on ``channel`` with the account's
///   id, and the instance's change listener forgets the account. Nothing is remembered until the
///   listener says it hears them (``startedHearingChanges()``), and everything is forgotten each
///   time it starts again after a lost connection.
/// - **A lookup racing a change**: a lookup takes a ``Ticket`` before it asks the database; what
///   it found is not remembered when anything was forgotten in between, since the answer may
///   predate the change.
///
/// Only tokens that were found are remembered: an unknown token costs a query, so guessing
/// cannot fill the cache.
//
// `@unchecked Sendable`: every stored property is only touched while `lock` is held.
public final class TokenCache: @unchecked Sendable {
    /// The `NOTIFY` channel of account and token changes (migration 0036); the payload is the
    /// account's id.
    public static let channel = "debrief_accounts"

    /// Taken before a lookup; see ``remember(_:for:expiresAt:ticket:)``.
    public struct Ticket: Sendable {
        fileprivate let generation: UInt64
    }

    /// Whom a token acts for, and its kind (which places accept it).
    struct Holder {
        let account: Account
        let kind: TokenKind
    }

    private struct Entry {
        let holder: Holder
        let trustedUntil: ContinuousClock.Instant
    }

    public let trust: Duration
    private let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    /// Advanced by every forget: a lookup that began before one cannot be remembered.
    private var generation: UInt64 = 0
    /// Whether changes made elsewhere are heard; until then nothing is remembered.
    private var hearsChanges = false

    /// `trust` zero remembers nothing (every request asks the database).
    public init(trust: Duration = .seconds(2), capacity: Int = 10_000) {
        self.trust = max(.zero, trust)
        self.capacity = max(1, capacity)
    }

    private var isEnabled: Bool { self.trust > .zero }

    /// The remembered holder of a token (by its hash), while still trusted.
    func holder(forTokenHash hash: String, now: ContinuousClock.Instant = .now) -> Holder? {
        guard self.isEnabled else { return nil }
        return self.lock.withLock {
            guard let entry = self.entries[hash] else { return nil }
            guard entry.trustedUntil > now else {
                self.entries[hash] = nil
                return nil
            }
            return entry.holder
        }
    }

    func ticket() -> Ticket {
        self.lock.withLock { Ticket(generation: self.generation) }
    }

    /// Remembers what a lookup that took `ticket` found, unless something was forgotten since.
    func remember(
        _ account: Account, kind: TokenKind, for hash: String, expiresAt: Date, ticket: Ticket, now: ContinuousClock.Instant = .now
    ) {
        guard self.isEnabled else { return }
        let untilExpiry = Duration.milliseconds(Int64(max(0, expiresAt.timeIntervalSinceNow) * 1000))
        let trustedUntil = now + min(self.trust, untilExpiry)
        self.lock.withLock {
            guard self.hearsChanges, ticket.generation == self.generation else { return }
            // Full: start over rather than track use; entries are refilled by one query each.
            if self.entries.count >= self.capacity { self.entries.removeAll(keepingCapacity: true) }
            self.entries[hash] = Entry(holder: Holder(account: account, kind: kind), trustedUntil: trustedUntil)
        }
    }

    /// The account or its tokens changed: its entries are dropped.
    public func forget(account id: UUID) {
        self.lock.withLock {
            self.generation += 1
            self.entries = self.entries.filter { $0.value.holder.account.id != id }
        }
    }

    /// The change listener began listening, first or again after a lost connection: what was
    /// remembered before may have missed a change, so everything is dropped, and from now on
    /// lookups are remembered.
    public func startedHearingChanges() {
        self.lock.withLock {
            self.generation += 1
            self.entries.removeAll()
            self.hearsChanges = true
        }
    }
}
