import Debrief
import Foundation
import PQ

/// The current published version of a meeting's form, as participants reach it by its code.
///
/// A host may fix its wording while it is open (decision record 20): `revision` (the row's
/// `updated_at`) tells a cached copy from the stored one. A wording edit accepts exactly the
/// answers the form accepted before, so a submission validated against an older wording is
/// still right; the participant page compares revisions on every view and so shows the new
/// wording at once, on every instance. Its state (open or closed) is not part of it: that is read
/// from the database, with the database clock, every time it matters.
public struct PublishedForm: Sendable, Equatable {
    public var id: UUID
    public var meetingID: UUID
    /// The code this version was published under (every later version keeps it).
    public var code: String
    public var definition: FormDefinition
    public var revision: Date

    public init(id: UUID, meetingID: UUID, code: String, definition: FormDefinition, revision: Date = .distantPast) {
        self.id = id
        self.meetingID = meetingID
        self.code = code
        self.definition = definition
        self.revision = revision
    }
}

/// Current published forms by the code typed (a code printed for an earlier version opens the
/// current one), kept in memory so the hot submit path does not read and decode the
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

    func put(_ form: PublishedForm, for code: String) {
        self.lock.withLock {
            if self.entries.count >= self.capacity { self.entries.removeAll(keepingCapacity: true) }
            self.entries[code] = form
        }
    }

    /// Forgets every code of a meeting whose form is gone (the meeting was deleted) or has a new
    /// version. A scan, on a rare event.
    func remove(meeting meetingID: UUID) {
        self.lock.withLock { self.entries = self.entries.filter { $0.value.meetingID != meetingID } }
    }
}
