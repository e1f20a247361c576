import Debrief
import DebriefStore
import Foundation

/// A series' settings (docs/decisions/0073-series-settings.md): the one use case the JSON API
/// (`PATCH /v1/series/{id}`) and the page (`/series/{id}/settings`) both call.
extension MeetingActions {
    /// The series' settings, for anyone who may see it.
    public func seriesSettings(_ id: UUID, visibleTo viewer: Viewer) async throws -> SeriesSettings {
        try await self.meetings.seriesSettings(id, visibleTo: viewer)
    }

    /// `notFound` when the viewer may not see the series, `forbidden` when they may not change
    /// it: asked before a body is read.
    public func requireSeriesEdit(_ id: UUID, by viewer: Viewer) async throws {
        try await self.meetings.requireSeries(id, visibleTo: viewer, toDo: .edit)
    }

    /// Checks the input (a 422 naming each bad field, nothing stored), then saves it behind the
    /// series' gate; every session's viewers are told, since titles and times read differently.
    public func updateSeriesSettings(
        _ id: UUID, by viewer: Viewer, _ input: SeriesSettingsInput
    ) async throws -> MeetingStore.SeriesSettingsChange {
        let patch = try input.validate().get()
        let change = try await self.meetings.updateSeriesSettings(id, by: viewer, patch)
        for session in try await self.meetings.series(id, visibleTo: viewer) { self.notifier?.changed(meeting: session.id) }
        return change
    }
}
