import Debrief
import Foundation
import PQ

/// The frozen part of a published form, as participants reach it by its public code.
///
/// A published definition never changes (a host who needs other questions closes the form and
/// publishes a new version under a new code), so this value can be cached for the life of the
/// process. Its state (open or closed) is not part of it: that is read from the database, with
/// the database clock, every time it matters.
public struct PublishedForm: Sendable, Equatable {
    public var id: UUID
    public var meetingID: UUID
    public var code: String
    public var definition: FormDefinition

    public init(id: UUID, meetingID: UUID, code: String, definition: FormDefinition) {
        self.id = id
        self.meetingID = meetingID
        self.code = code
        self.definition = definition
    }
}

/// Published forms by code, kept in memory so the hot submit path does not read and decode the
/// definition's JSON on every request.
///
/// Bounded: when full, it starts over (a cheap, rare miss beats a cache that grows without
/// limit when someone probes many codes; only codes that exist are ever stored).
//
// `@unchecked Sendable` is safe because `entries` is only touched while `lock` is held.
public final class PublishedFormCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: PublishedForm] = [:]
    private let capacity: Int

    public init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    func get(_ code: String) -> PublishedForm? {
        self.lock.withLock { self.entries[code] }
    }

    func put(_ form: PublishedForm) {
        self.lock.withLock {
            if self.entries.count >= self.capacity { self.entries.removeAll(keepingCapacity: true) }
            self.entries[form.code] = form
        }
    }

    /// Forgets a code whose form is gone (its meeting was deleted).
    func remove(_ code: String) {
        _ = self.lock.withLock { self.entries.removeValue(forKey: code) }
    }
}
