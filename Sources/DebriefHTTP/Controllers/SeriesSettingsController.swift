import Debrief
import DebriefActions
import DebriefStore
import Foundation
import Hummingbird

/// `PATCH /v1/series/{id}` changes the series' settings (title, zone, default length and place; docs/decisions/0073-series-settings.md).
/// Who may is the series' gate (owner and co-hosts), settled before the body is read; the
/// rules are ``SeriesSettingsInput``'s and ``MeetingActions``'. This controller only translates.
struct SeriesSettingsController {
    let meetings: MeetingActions

    struct SettingsResponse: ResponseEncodable {
        var id: UUID
        var title: String
        var timeZone: String
        var defaultDurationMinutes: Int?
        var defaultPlace: String?
        /// How many sessions took the new title (those not yet ended, and the latest).
        var renamedSessions: Int
        /// Set when the zone changed: each session kept its instant, now read in the new zone.
        var timeZoneChange: ZoneChange?

        struct ZoneChange: Encodable {
            var from: String
            var to: String
            var sessionsKeepTheirTimes: Bool
        }

        init(_ id: UUID, _ change: MeetingStore.SeriesSettingsChange) {
            self.id = id
            self.title = change.settings.title
            self.timeZone = change.settings.timeZone
            self.defaultDurationMinutes = change.settings.defaultDurationMinutes
            self.defaultPlace = change.settings.defaultPlace
            self.renamedSessions = change.renamedSessions
            self.timeZoneChange = change.timeZoneChanged
                ? ZoneChange(from: change.previousTimeZone, to: change.settings.timeZone, sessionsKeepTheirTimes: true) : nil
        }
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.patch("series/:id") { request, context -> SettingsResponse in
            let id = try context.requireID("id", "series")
            let viewer = try context.requireViewer()
            try await self.meetings.requireSeriesEdit(id, by: viewer)
            let input = try await request.decodeJSON(as: SeriesSettingsInput.self, context: context)
            return SettingsResponse(id, try await self.meetings.updateSeriesSettings(id, by: viewer, input))
        }
    }
}
