import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import Hummingbird

/// The participant side of a series' stable code (docs/decisions/0050): `/f/{seriesCode}` sends
/// the browser on to the form of the session happening now by the series clock (`/f/{formCode}`,
/// docs/decisions/0083), or says that none is, when the next one starts (in the series' zone and
/// the visitor's language), and offers the previous session's form while it still takes answers.
///
/// A redirect, not the form under the series code: the page the participant answers, its posts,
/// its cookie and its idempotency key all belong to one session, so a session that changes while
/// the page is open cannot receive answers meant for the one before.
enum SeriesCodePage {
    struct NoSession {
        struct PreviousForm {
            var text: String
            var link: String
            var href: String
        }

        var nextSession: String
        var previousForm: PreviousForm?
    }

    /// The response for `code` when it is a series' code; rethrows `notFound` when it is not.
    static func response(
        code: String, request: Request, participants: ParticipantActions, notFound: any Error
    ) async throws -> Response {
        let session: SeriesSession
        do {
            session = try await participants.currentSession(seriesCode: code)
        } catch let error as DebriefError where error.code == .notFound {
            throw notFound
        }
        // A picked language travels on to the form (which ignores one it does not have).
        let lang = request.uri.queryParameters.get("lang").flatMap { LanguageTag(rawValue: $0) }
        switch session {
        case .open(let formCode):
            var response = Response.seeOther("/f/\(formCode)" + (lang.map { "?lang=\($0.rawValue)" } ?? ""))
            // The current session changes from week to week: no cache may keep this answer.
            response.headers[.cacheControl] = "no-store"
            return response
        case .noneOpen(let next, let previous, let zone):
            let writer = try PageWriter(language: lang.flatMap { Language($0) } ?? Language(request.headers))
            let t = writer.localizer
            let view = NoSession(
                nextSession: next.map { t(SeriesPhrase.seriesNextSession, ["time": DateText.participant($0, zone: zone, writer.language)]) }
                    ?? t(SeriesPhrase.seriesNoNextSession),
                previousForm: previous.map {
                    NoSession.PreviousForm(
                        text: t(SeriesPhrase.seriesPreviousFormOpen), link: t(SeriesPhrase.seriesPreviousFormLink),
                        href: "/f/\($0)" + (lang.map { "?lang=\($0.rawValue)" } ?? ""))
                })
            var response = try writer.page("participant-no-session", title: t(SeriesPhrase.seriesNoSessionHeading), view: view)
            response.headers[.cacheControl] = "no-store"
            return response
        }
    }
}
