import Foundation

/// How many HTTP exports may run at once (docs/decisions/0012-export-capacity.md).
public struct ExportLimits: Sendable, Equatable {
    /// Exports in progress for one account; more get 429.
    public var perAccount: Int
    /// Exports in progress on this instance; more get 429. Keep it well below the pool size: each
    /// export holds a pooled connection while its COPY runs.
    public var total: Int
    /// The largest CSV an HTTP export spools; larger ones are refused (the CLI has no such bound).
    public var spoolMaxBytes: Int
    /// Where spool files are created (and at once unlinked).
    public var spoolDirectory: String

    public init(
        perAccount: Int = 2, total: Int = 4, spoolMaxBytes: Int = 1 << 30,
        spoolDirectory: String = FileManager.default.temporaryDirectory.path
    ) {
        self.perAccount = max(1, perAccount)
        self.total = max(1, total)
        self.spoolMaxBytes = max(1, spoolMaxBytes)
        self.spoolDirectory = spoolDirectory
    }
}

/// Admits HTTP exports within ``ExportLimits``: a slot per export in progress, per account and in
/// all, from the request until its response has been written (or dropped).
///
/// In memory and per instance, like the participant rate limits: it protects this instance's
/// connection pool, which is per instance too.
//
// `@unchecked Sendable` is safe because the counters are only touched while `lock` is held.
final class ExportAdmission: @unchecked Sendable {
    let limits: ExportLimits
    private let lock = NSLock()
    private var total = 0
    private var byAccount: [UUID: Int] = [:]

    init(limits: ExportLimits) {
        self.limits = limits
    }

    /// A slot for one export of `account`, or nil when a limit is reached.
    func admit(_ account: UUID) -> Slot? {
        let admitted = self.lock.withLock {
            let mine = self.byAccount[account, default: 0]
            guard self.total < self.limits.total, mine < self.limits.perAccount else { return false }
            self.total += 1
            self.byAccount[account] = mine + 1
            return true
        }
        return admitted ? Slot(admission: self, account: account) : nil
    }

    /// Exports in progress (for tests and logs).
    var inProgress: Int { self.lock.withLock { self.total } }

    fileprivate func release(_ account: UUID) {
        self.lock.withLock {
            self.total -= 1
            let left = self.byAccount[account, default: 1] - 1
            self.byAccount[account] = left > 0 ? left : nil
        }
    }

    /// One admitted export. Released once: explicitly when the response ends, or when the last
    /// reference goes (a response Hummingbird never wrote still frees its slot).
    //
    // `@unchecked Sendable`: `released` is only touched while `lock` is held.
    final class Slot: @unchecked Sendable {
        private let admission: ExportAdmission
        private let account: UUID
        private let lock = NSLock()
        private var released = false

        fileprivate init(admission: ExportAdmission, account: UUID) {
            self.admission = admission
            self.account = account
        }

        func release() {
            let first = self.lock.withLock {
                defer { self.released = true }
                return !self.released
            }
            if first { self.admission.release(self.account) }
        }

        deinit {
            self.release()
        }
    }
}
