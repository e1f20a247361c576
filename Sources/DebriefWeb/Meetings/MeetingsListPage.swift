import Debrief
import DebriefStore
import Foundation

/// What `meetings.mustache` shows: the host's series, the one with the latest session first, each
/// with its sessions (latest first: their form's state and response count) and a link to plan the
/// next one; a search by title; paging.
struct MeetingsListPage {
    struct Session {
        var href: String
        var title: String
        /// The session's own title, shown under its number when it differs from the series'.
        var otherTitle: String?
        var startsAt: String
        var session: String
        /// Where its form is ("Open", "Closed", "Draft", "No form yet") and, for the style, which.
        var state: String
        var stateKind: String
        /// Responses to its form (as the dashboard's tile counts them); "–" without a published form.
        var responses: String
    }

    struct Series {
        var id: String
        var title: String
        var sessionCount: String
        /// "Shared with you · Viewer" on a series shared with the host; nil on their own.
        var sharedBadge: String?
        /// Planning the next session needs the editor role at least.
        var nextHref: String?
        var sessions: [Session]
    }

    var series: [Series]
    var query: String
    var emptyText: String
    var newerHref: String?
    var olderHref: String?

    static let perPage = 20

    init(
        entries: [MeetingStore.SeriesEntry], statuses: [UUID: MeetingStore.SessionStatus], query: String, page: Int,
        hasMore: Bool, language: Language
    ) {
        let t = Localizer(language)
        self.series = entries.compactMap { entry in
            guard let latest = entry.sessions.first else { return nil }
            return Series(
                id: entry.seriesID.uuidString.lowercased(), title: latest.title,
                sessionCount: entry.sessions.count == 1 ? t(.seriesOneSession) : t(.seriesSessions, ["n": String(entry.sessions.count)]),
                sharedBadge: [.editor, .viewer].contains(latest.role)
                    ? t(.sharedWithYou, ["role": SeriesRolePhrase.name(latest.role, t)]) : nil,
                nextHref: latest.role.may(.edit) ? "/m/\(latest.id.uuidString.lowercased())/next" : nil,
                sessions: entry.sessions.map { meeting in
                    let status = statuses[meeting.id]
                    let state = Self.state(status?.formState, t)
                    return Session(
                        href: "/m/\(meeting.id.uuidString.lowercased())", title: meeting.title,
                        otherTitle: meeting.title == latest.title ? nil : meeting.title,
                        startsAt: DateText.dateTime(meeting.startsAt, language),
                        session: t(.sessionNumber, ["n": String(meeting.sessionNumber)]),
                        state: state.label, stateKind: state.kind,
                        responses: [.open, .closed].contains(status?.formState) ? String(status?.responses ?? 0) : "–")
                })
        }
        self.query = query
        self.emptyText = query.isEmpty ? t(.noMeetings) : t(.noSearchResults, ["q": query])
        self.newerHref = page > 1 ? Self.href(query: query, page: page - 1) : nil
        self.olderHref = hasMore ? Self.href(query: query, page: page + 1) : nil
    }

    /// The words of a form state, and its style's name.
    static func state(_ state: FormState?, _ t: Localizer) -> (label: String, kind: String) {
        switch state {
        case .open: return (t(.formOpen), "open")
        case .closed: return (t(.formClosed), "closed")
        case .draft: return (t(.formStateDraft), "draft")
        case nil: return (t(.formStateNone), "none")
        }
    }

    static func href(query: String, page: Int) -> String {
        var items: [URLQueryItem] = []
        if !query.isEmpty { items.append(URLQueryItem(name: "q", value: query)) }
        if page > 1 { items.append(URLQueryItem(name: "page", value: String(page))) }
        var components = URLComponents()
        components.path = "/m"
        components.queryItems = items.isEmpty ? nil : items
        return components.string ?? "/m"
    }
}
