import Debrief
import DebriefActions
import DebriefStore
import Foundation

/// What `meetings.mustache` shows, the host's home page (issue 68 goal 7): on the first page
/// their nearest meeting (``HomeNearestBlock``); then their series, the one with the latest
/// session first, each opening on the session the series clock features (happening now, else
/// next, else the last one: ``SeriesClock/featured(at:)``), with every session in the order they
/// happen behind "All n sessions" (their form's state and response count) and a link to plan
/// the next one; a search by title; paging.
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
        /// "Now", "Next" or "Last" on the session the series shows first.
        var badge: String? = nil
    }

    struct Series {
        var id: String
        var title: String
        var sessionCount: String
        /// "Shared with you · Viewer" on a series shared with the host; nil on their own.
        var sharedBadge: String?
        /// Planning the next session needs the editor role at least; it starts from the featured
        /// session, so a planned series opens its next planned session (decision 83).
        var nextHref: String?
        /// The session the series clock features, with its badge (none for an empty clock).
        var featured: [Session]
        /// Every session in the order they happen, behind "All n sessions"; empty for a series
        /// of one (its featured row is all there is).
        var sessions: [Session]
        var allSessions: String
        /// The series' picture (decision 92); nil when it has none.
        var picture: PicturePart? = nil
    }

    /// The nearest meeting on the first page without a search; nil otherwise or when none is ahead.
    var nearest: HomeNearestBlock?
    /// Whether to say "No meeting is planned ahead" (the first page, nothing ahead).
    var nothingAhead: Bool
    var series: [Series]
    var query: String
    var emptyText: String
    var newerHref: String?
    var olderHref: String?

    static let perPage = 20

    init(
        home: MeetingActions.HomeSeries, nearest: HomeNearestBlock?, statuses: [UUID: MeetingStore.SessionStatus], query: String,
        page: Int, language: Language
    ) {
        let t = Localizer(language)
        let firstPage = page <= 1 && query.isEmpty
        self.nearest = firstPage ? nearest : nil
        self.nothingAhead = firstPage && nearest == nil
        self.series = home.entries.compactMap { entry in
            guard let latest = entry.sessions.first else { return nil }
            let row = { (meeting: Meeting) -> Session in
                let status = statuses[meeting.id]
                let state = Self.state(status?.formState, t)
                return Session(
                    href: "/m/\(meeting.id.lowercasedText)", title: meeting.title,
                    otherTitle: meeting.title == latest.title ? nil : meeting.title,
                    startsAt: DateText.meeting(meeting.startsAt, zone: meeting.seriesTimeZone, language),
                    session: t(.sessionNumber, ["n": String(meeting.sessionNumber)]),
                    state: state.label, stateKind: state.kind,
                    responses: [.open, .closed].contains(status?.formState) ? String(status?.responses ?? 0) : "–")
            }
            let featured = home.clocks[entry.seriesID]?.featured(at: home.at).flatMap { featured in
                entry.sessions.first { $0.id == featured.session.meetingID }.map { ($0, featured.as) }
            }
            var featuredRow = featured.map { row($0.0) }
            featuredRow?.badge = featured.map { Self.badge($0.1, t) }
            let from = featured?.0 ?? latest
            return Series(
                id: entry.seriesID.lowercasedText, title: latest.title,
                sessionCount: entry.sessions.count == 1 ? t(.seriesOneSession) : t(.seriesSessions, ["n": String(entry.sessions.count)]),
                sharedBadge: [.editor, .viewer].contains(latest.role)
                    ? t(.sharedWithYou, ["role": SeriesRolePhrase.name(latest.role, t)]) : nil,
                nextHref: from.role.may(.edit) ? "/m/\(from.id.lowercasedText)/next" : nil,
                featured: featuredRow.map { [$0] } ?? [],
                sessions: entry.sessions.count > 1 || featuredRow == nil
                    ? entry.sessions.sorted { ($0.startsAt, $0.sessionNumber) < ($1.startsAt, $1.sessionNumber) }.map(row) : [],
                allSessions: t(HomePhrase.homeAllSessions, ["n": String(entry.sessions.count)]),
                picture: entry.picture.map { PicturePart($0, title: latest.title, t: t) })
        }
        self.query = query
        self.emptyText = query.isEmpty ? t(.noMeetings) : t(.noSearchResults, ["q": query])
        self.newerHref = page > 1 ? Self.href(query: query, page: page - 1) : nil
        self.olderHref = home.hasMore ? Self.href(query: query, page: page + 1) : nil
    }

    /// The words on the featured session.
    static func badge(_ featured: SeriesClock.Featured, _ t: Localizer) -> String {
        switch featured {
        case .now: return t(HomePhrase.homeNowBadge)
        case .next: return t(HomePhrase.homeNextBadge)
        case .previous: return t(HomePhrase.homeLastBadge)
        }
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
