import DebriefActions
import DebriefHTTP

/// Calendars as one feature: the series' private feed (`/v1/calendar/{token}.ics`), a session's
/// `.ics` download, a series planned from an event or a rule (`/v1/series/from-calendar`), and
/// their pages (`/m/{id}/calendar…`, `/m/from-calendar`).
///
/// A new meeting that repeats is planned by the same ``CalendarImport``, so the meetings'
/// routes keep their own use of ``CalendarActions``; this feature holds what is the calendar's alone.
public struct CalendarFeature: Feature {
    let calendar: CalendarActions
    let meetings: MeetingActions
    /// The templates a series from a calendar may start its form from.
    let forms: FormActions

    public init(calendar: CalendarActions, meetings: MeetingActions, forms: FormActions) {
        self.calendar = calendar
        self.meetings = meetings
        self.forms = forms
    }

    public func addRoutes(to api: APIRoutes) {
        let calendar = CalendarController(calendar: self.calendar, admission: api.admission)
        calendar.addPublicRoutes(to: api.v1)
        calendar.addParticipantRoutes(to: api.participant)
        calendar.addCookieReadableRoutes(to: api.cookieReadable)
        calendar.addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        let creation = MeetingCreation(
            meetings: self.meetings, imports: CalendarImport(calendar: self.calendar, admission: pages.participantRateLimit.admission),
            forms: self.forms)
        CalendarPageController(meetings: self.meetings, calendar: self.calendar, creation: creation).addRoutes(to: pages.signedIn)
    }
}
