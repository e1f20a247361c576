import Foundation

/// Counts what is held now (exports, downloads, streams) per key and in all, each key's count
/// within its cap. Entries whose count falls to zero are removed, so the table holds nothing for
/// what is not in use (a viewer who opened thousands of streams leaves no trace once they end).
//
// `@unchecked Sendable` is safe because `counts` and `total` are only touched while `lock` is held.
final class SlotTable: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var total = 0
    /// The most held at once since the last drain (see `whenDrained`).
    private var peak = 0
    let totalCap: Int
    /// Called (outside the lock) when what is held falls to half of a peak of at least
    /// `drainedFrom`: a burst has ended and its memory may be given back.
    private let whenDrained: (@Sendable () -> Void)?
    private let drainedFrom: Int

    init(totalCap: Int, whenDrainedFrom drainedFrom: Int = 0, whenDrained: (@Sendable () -> Void)? = nil) {
        self.totalCap = max(1, totalCap)
        self.drainedFrom = drainedFrom
        self.whenDrained = whenDrained
    }

    /// Why a slot was not given: the first key at its cap, or nil for the total.
    struct Full: Error, Equatable {
        var key: String?
    }

    /// One slot counted under each of `keys` (each with its cap) and in the total, all or none.
    func take(_ keys: [(key: String, cap: Int)]) -> Result<Slot, Full> {
        // A key named twice (a host exporting their own meeting is caller and owner) counts once.
        var unique: [(key: String, cap: Int)] = []
        for entry in keys where !unique.contains(where: { $0.key == entry.key }) { unique.append(entry) }
        let refusal: Full? = self.lock.withLock {
            guard self.total < self.totalCap else { return Full(key: nil) }
            if let full = unique.first(where: { self.counts[$0.key, default: 0] >= $0.cap }) { return Full(key: full.key) }
            self.total += 1
            self.peak = max(self.peak, self.total)
            for entry in unique { self.counts[entry.key, default: 0] += 1 }
            return nil
        }
        if let refusal { return .failure(refusal) }
        return .success(Slot(table: self, keys: unique.map(\.key)))
    }

    /// Slots held now, in all and under `key`.
    var inUse: Int { self.lock.withLock { self.total } }
    func inUse(_ key: String) -> Int { self.lock.withLock { self.counts[key, default: 0] } }
    /// Keys with a slot held (nothing is kept for the others).
    var keyCount: Int { self.lock.withLock { self.counts.count } }

    fileprivate func give(_ keys: [String]) {
        let drained: Bool = self.lock.withLock {
            self.total -= 1
            for key in keys {
                let left = self.counts[key, default: 1] - 1
                self.counts[key] = left > 0 ? left : nil
            }
            // A dictionary keeps its capacity when entries go: start again from an empty one
            // when nothing is held, so a burst's table is given back.
            if self.counts.isEmpty { self.counts = [:] }
            guard self.whenDrained != nil, self.peak >= self.drainedFrom, self.total * 2 <= self.peak else { return false }
            self.peak = self.total
            return true
        }
        if drained { self.whenDrained?() }
    }

    /// One held slot. Given back once: explicitly, or when the last reference goes (a response
    /// Hummingbird never wrote still frees its slot).
    //
    // `@unchecked Sendable`: `released` is only touched while `lock` is held.
    final class Slot: @unchecked Sendable {
        private let table: SlotTable
        private let keys: [String]
        private let lock = NSLock()
        private var released = false

        fileprivate init(table: SlotTable, keys: [String]) {
            self.table = table
            self.keys = keys
        }

        func release() {
            let first = self.lock.withLock {
                defer { self.released = true }
                return !self.released
            }
            if first { self.table.give(self.keys) }
        }

        deinit {
            self.release()
        }
    }
}
