import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/series/{id}/settings`: a series' title, zone, default length and place on one form with one
/// Save, no script (docs/decisions/0073-series-settings.md). The same use case as
/// `PATCH /v1/series/{id}`: a bad field is named beside it and in the summary, nothing stored;
/// a changed zone says that every session kept its time.
struct SeriesSettingsPageController {
    let meetings: MeetingActions

    struct SettingsPage {
        struct ErrorLink {
            var href: String
            var text: String
        }

        var heading: String
        var action: String
        var backHref: String
        var csrf: String
        var title: String
        var timeZone: String
        var defaultDuration: String
        var defaultPlace: String
        var notice: String?
        var titleError: String?
        var timeZoneError: String?
        var durationError: String?
        var placeError: String?
        var errorLinks: [ErrorLink] = [] {
            didSet { self.hasErrors = !self.errorLinks.isEmpty }
        }
        /// Stored, not computed: templates read values by reflection.
        var hasErrors = false
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("series")
        group.get(":id/settings", use: self.show)
        group.post(":id/settings", use: self.save)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.requireID("id", "series")
        let viewer = try context.requireViewer()
        try await self.meetings.requireSeriesEdit(id, by: viewer)
        let settings = try await self.meetings.seriesSettings(id, visibleTo: viewer)
        let writer = try PageWriter(request)
        let page = self.page(id, settings, writer.localizer, context)
        return try writer.hostPage("series-settings", title: page.heading, view: page, context: context)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.requireID("id", "series")
        let viewer = try context.requireViewer()
        try await self.meetings.requireSeriesEdit(id, by: viewer)
        let fields = try await context.postedFields(request)
        let writer = try PageWriter(request)
        let t = writer.localizer
        // A blank optional field removes its default; a number that is not one is named as such.
        let minutes = (fields["defaultDurationMinutes"] ?? "").trimmingCharacters(in: .whitespaces)
        let input = SeriesSettingsInput(
            title: fields["title"], timeZone: fields["timeZone"],
            defaultDurationMinutes: minutes.isEmpty ? .clear : .set(Int(minutes) ?? Int.min),
            defaultPlace: (fields["defaultPlace"] ?? "").isEmpty ? .clear : .set(fields["defaultPlace"] ?? ""))
        do {
            let change = try await self.meetings.updateSeriesSettings(id, by: viewer, input)
            var page = self.page(id, change.settings, t, context)
            page.notice = change.timeZoneChanged
                ? t(.seriesSettingsZoneMoved, ["from": change.previousTimeZone, "to": change.settings.timeZone])
                : t(.seriesSettingsSaved)
            return try writer.hostPage("series-settings", title: page.heading, view: page, context: context)
        } catch let failure as ValidationFailure {
            let current = try await self.meetings.seriesSettings(id, visibleTo: viewer)
            var page = self.page(id, current, t, context)
            page.title = fields["title"] ?? ""
            page.timeZone = fields["timeZone"] ?? ""
            page.defaultDuration = fields["defaultDurationMinutes"] ?? ""
            page.defaultPlace = fields["defaultPlace"] ?? ""
            let errors = FieldErrors(failure, t)
            page.titleError = errors["title"]
            page.timeZoneError = errors["timeZone"]
            page.durationError = errors["defaultDurationMinutes"]
            page.placeError = errors["defaultPlace"]
            page.errorLinks = [
                ("title", page.titleError, t(.titleLabel)), ("timeZone", page.timeZoneError, t(.meetingZoneLabel)),
                ("defaultDurationMinutes", page.durationError, t(.seriesSettingsDurationLabel)),
                ("defaultPlace", page.placeError, t(.seriesSettingsPlaceLabel)),
            ].compactMap { field, error, label in error.map { SettingsPage.ErrorLink(href: "#\(field)", text: "\(label): \($0)") } }
            return try writer.hostPage("series-settings", title: page.heading, view: page, context: context, status: .unprocessableContent)
        }
    }

    private func page(_ id: UUID, _ settings: SeriesSettings, _ t: Localizer, _ context: AppRequestContext) -> SettingsPage {
        let path = "/series/\(id.lowercasedText)/settings"
        return SettingsPage(
            heading: t(.seriesSettingsHeading, ["title": settings.title]), action: path, backHref: "/m",
            csrf: context.sessionCSRFToken ?? "", title: settings.title, timeZone: settings.timeZone,
            defaultDuration: settings.defaultDurationMinutes.map(String.init) ?? "", defaultPlace: settings.defaultPlace ?? "")
    }
}
