import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/calendar`: the session's "add to my calendar" download and the series' private feed
/// (make, rotate, revoke: the owner's or an admin's; co-hosts read that it exists), and
/// `/m/from-calendar`: a new series from a pasted `.ics` event or a typed rule
/// (docs/calendar.md). The server decides who may do what, as on the API.
struct CalendarPageController {
    let meetings: MeetingActions
    let calendar: CalendarActions
    /// What a new series is made by, as on `/m/new`: the one bounded planner, and the template
    /// its form may start from.
    let creation: MeetingCreation

    struct CalendarPage {
        var heading: String
        var meetingTitle: String
        var dashboardHref: String
        var downloadHref: String
        var notice: String?
        var feedURL: String?
        var status: String
        var manages: Bool
        var active: Bool
        var issueAction: String
        var revokeAction: String
        var csrf: String
    }

    struct FromCalendarPage {
        var heading: String
        var ics: String
        var rule: String
        var title: String
        var place: String
        var startsAt: String
        var endsAt: String
        var zoneHint: String
        /// "Form": the template the new series' form starts from, as on `/m/new` (issue 68).
        var templateField: MeetingFormPage.TemplateField
        /// Each problem as "field: sentence", and a conflict's message.
        var errors: [String]
        var csrf: String
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get("from-calendar", use: self.newForm)
        group.post("from-calendar", use: self.create)
        group.get(":id/calendar", use: self.show)
        group.post(":id/calendar/feed", use: self.issue)
        group.post(":id/calendar/feed/revoke", use: self.revoke)
    }

    // MARK: - The session's calendar page

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context, try await context.pathMeeting(self.meetings))
    }

    @Sendable func issue(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .manage)
        _ = try await context.postedFields(request)
        let url = try await self.calendar.issueFeed(series: meeting.seriesID, by: try context.requireViewer())
        return try await self.render(request, context, meeting, notice: Localizer(Language(request.headers))(.feedIssued), feedURL: url)
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .manage)
        _ = try await context.postedFields(request)
        try await self.calendar.revokeFeed(series: meeting.seriesID, by: try context.requireViewer())
        return try await self.render(request, context, meeting, notice: Localizer(Language(request.headers))(.feedRevoked))
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, notice: String? = nil, feedURL: String? = nil
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let id = meeting.id.lowercasedText
        let manages = meeting.role.may(.manage)
        let feed = manages ? try await self.calendar.feed(series: meeting.seriesID, by: try context.requireViewer()) : nil
        let status = !manages ? t(.feedOwnerOnly)
            : feed.map { t(.feedActiveSince, ["date": DateText.dateTime($0.createdAt, writer.language)]) } ?? t(.feedNone)
        let page = CalendarPage(
            heading: t(.calendarHeading, ["title": meeting.title]), meetingTitle: meeting.title, dashboardHref: "/m/\(id)",
            downloadHref: "/v1/meetings/\(id)/calendar.ics", notice: notice, feedURL: feedURL, status: status, manages: manages,
            active: feed != nil, issueAction: "/m/\(id)/calendar/feed", revokeAction: "/m/\(id)/calendar/feed/revoke",
            csrf: context.sessionCSRFToken ?? "")
        var response = try writer.hostPage("calendar", title: page.heading, view: page, context: context)
        // The feed address is a credential shown once: no cache may keep the page.
        if feedURL != nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    // MARK: - A series from a calendar event

    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let start = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 / 3600).rounded(.down) + 25) * 3600)
        let page = FromCalendarPage(
            heading: writer.localizer(.fromCalendarHeading), ics: "", rule: "FREQ=WEEKLY;COUNT=10", title: "", place: "",
            startsAt: LocalDateTime.format(start), endsAt: LocalDateTime.format(start.addingTimeInterval(3600)),
            zoneHint: writer.localizer(.fromCalendarZone, ["zone": DateText.zoneName]),
            templateField: MeetingFormPage.TemplateField(
                templates: try await self.creation.forms.templates(for: try context.requireViewer()), selected: nil, writer.localizer),
            errors: [], csrf: context.sessionCSRFToken ?? "")
        return try writer.hostPage("from-calendar", title: page.heading, view: page, context: context)
    }

    /// The largest `.ics` file the page takes (`icsFile`): the reader's own limit, so a file is
    /// refused by size (413 naming the field) before anything reads it.
    static let maxUploadBytes = ICalendarEventReader.maxBytes
    /// The largest post: a pasted file form-encoded (up to 3 bytes a character) or an uploaded one
    /// beside it, and the short fields.
    static let maxPostBytes = ICalendarEventReader.maxBytes * 4 + Self.maxUploadBytes + 16 * 1024

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (fields, files) = try await FormFields.readUpload(request, limit: Self.maxPostBytes)
        try context.requireSessionCSRF(fields)
        let writer = try PageWriter(request)
        let t = writer.localizer
        func text(_ name: String) -> String? { fields[name].flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 } }
        let templates = try await self.creation.forms.templates(for: try context.requireViewer())
        func formPage(_ errors: [String]) -> FromCalendarPage {
            FromCalendarPage(
                heading: t(.fromCalendarHeading), ics: fields["ics"] ?? "", rule: fields["rule"] ?? "", title: fields["title"] ?? "",
                place: fields["place"] ?? "", startsAt: fields["startsAt"] ?? "", endsAt: fields["endsAt"] ?? "",
                zoneHint: t(.fromCalendarZone, ["zone": DateText.zoneName]),
                templateField: MeetingFormPage.TemplateField(templates: templates, selected: fields["templateId"], t), errors: errors,
                csrf: context.sessionCSRFToken ?? "")
        }
        // An uploaded file: refused by size or encoding before it is read, naming the field.
        var uploaded: String?
        if let file = files["icsFile"] {
            if file.count > Self.maxUploadBytes {
                let view = formPage(["icsFile: \(t(.fromCalendarFileTooLarge, ["kib": String(Self.maxUploadBytes / 1024)]))"])
                return try writer.hostPage("from-calendar", title: view.heading, view: view, context: context, status: .contentTooLarge)
            }
            guard let text = String(validating: file, as: UTF8.self) else {
                let view = formPage(["icsFile: \(t(.fromCalendarFileNotText))"])
                return try writer.hostPage("from-calendar", title: view.heading, view: view, context: context, status: .unprocessableContent)
            }
            uploaded = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
        }
        // An uploaded file wins, then a pasted one; the typed fields are read in the host's zone,
        // as on every page. All go through the same planner as the API.
        var input = CalendarSeriesInput(title: text("title"), place: text("place"))
        if let ics = uploaded ?? text("ics") {
            input.ics = ics
        } else {
            input.rule = text("rule")
            input.start = text("startsAt").flatMap(LocalDateTime.parse)
            input.end = text("endsAt").flatMap(LocalDateTime.parse)
            input.timeZone = DateText.zoneName
        }
        var page = formPage([])
        do {
            let sessions = try await self.creation.createFromCalendar(input, templateID: fields["templateId"], context: context)
            let first = sessions.first?.id.lowercasedText ?? ""
            return Response(status: .seeOther, headers: [.location: "/m/\(first)"])
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            page.errors = failure.problems.map { "\($0.path): \(errors[$0.path] ?? $0.message)" }
            page.templateField.error = errors["templateId"]
        } catch let error as DebriefError where error.code == .conflict {
            page.errors = [error.message]
        }
        return try writer.hostPage("from-calendar", title: page.heading, view: page, context: context, status: .unprocessableContent)
    }
}
