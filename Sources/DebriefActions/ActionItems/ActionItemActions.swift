import Debrief
import DebriefStore
import Foundation

/// Action items of a session (decision 74): the one use case the JSON routes and the pages
/// share. Bodies are validated here (``ActionItemInput/validate()``) before the store is asked;
/// the store checks the meeting's gate, the cap and that owner and question are the session's.
public struct ActionItemActions: Sendable {
    let items: ActionItemStore

    public init(items: ActionItemStore) {
        self.items = items
    }

    public func list(meeting: UUID, by viewer: Viewer) async throws -> [ActionItem] {
        try await self.items.list(meeting: meeting, by: viewer)
    }

    /// The previous session's actions, for the review that opens this one (nil for a first session).
    public func review(meeting: UUID, by viewer: Viewer) async throws -> (previous: Meeting, items: [ActionItem])? {
        try await self.items.review(meeting: meeting, by: viewer)
    }

    public func create(meeting: UUID, by viewer: Viewer, _ input: ActionItemInput) async throws -> ActionItem {
        try await self.items.create(meeting: meeting, by: viewer, try input.validate().get())
    }

    public func update(meeting: UUID, action: UUID, by viewer: Viewer, _ input: ActionItemPatchInput) async throws -> ActionItem {
        try await self.items.update(meeting: meeting, action: action, by: viewer, try input.validate().get())
    }

    /// Sets the status alone: the review's buttons.
    public func mark(meeting: UUID, action: UUID, by viewer: Viewer, as status: ActionStatus) async throws -> ActionItem {
        try await self.items.update(meeting: meeting, action: action, by: viewer, ActionItemChange(status: status))
    }

    public func delete(meeting: UUID, action: UUID, by viewer: Viewer) async throws {
        try await self.items.delete(meeting: meeting, action: action, by: viewer)
    }
}
