import Debrief
import DebriefHTTP
import Crypto
import Foundation
import Hummingbird

/// The pages' static files (`Web/Assets`), read once, served with long caching.
///
/// Pages link them as `/assets/NAME?v=HASH` with a hash of the content, so a new release is
/// fetched at once while an unchanged file is never asked for again (`immutable`).
struct Assets: Sendable {
    struct File: Sendable {
        var name: String
        var contentType: String
        var content: Data
        /// First 16 hex digits of the content's SHA-256.
        var version: String
        var url: String { "/assets/\(self.name)?v=\(self.version)" }

        init(name: String, contentType: String) {
            self.init(name: name, contentType: contentType, parts: [name])
        }

        /// A file served as `name`, kept in `Assets/` as `parts` (a long script by concern), joined in
        /// order; empty (so not found) when a part is missing.
        init(name: String, contentType: String, parts: [String]) {
            self.name = name
            self.contentType = contentType
            let pieces = parts.map { part in
                Bundle.module.url(forResource: "Assets/\(part)", withExtension: nil).flatMap { try? Data(contentsOf: $0) }
            }
            self.content = pieces.contains(nil) ? Data() : pieces.reduce(into: Data()) { $0.append($1 ?? Data()) }
            self.version = SHA256.hash(data: self.content).prefix(8).map { String(format: "%02x", $0) }.joined()
        }
    }

    /// The pages' one stylesheet, kept as the screen's rules and paper's (`print.css`).
    static let stylesheet = File(name: "debrief.css", contentType: "text/css; charset=utf-8", parts: ["debrief.css", "print.css"])
    static let dashboardScript = File(name: "dashboard.js", contentType: "text/javascript; charset=utf-8")
    /// Fills the browser's time zone into sign-up, sign-in and the account page.
    static let timeZoneScript = File(name: "time-zone.js", contentType: "text/javascript; charset=utf-8")
    /// The form builder's drag, keyboard and instant add/remove: one script, kept by concern in
    /// `Assets/builder/` (the first part opens the function they share, the last closes it).
    static let builderScript = File(name: "builder.js", contentType: "text/javascript; charset=utf-8", parts: [
        "builder/builder-page.js", "builder/builder-numbering.js", "builder/builder-follow-ups.js",
        "builder/builder-preview.js", "builder/builder-moves.js", "builder/builder-edits.js",
    ])
    /// Hides and shows follow-up questions on the participant page.
    static let followUpScript = File(name: "follow-up.js", contentType: "text/javascript; charset=utf-8")
    /// Redraws the thanks page's and the presenter view's results from the room's live stream.
    static let roomScript = File(name: "room.js", contentType: "text/javascript; charset=utf-8")
    /// Refetches the room's questions (the participant's list, the presenter's top three) when
    /// their live stream says the list changed (docs/decisions/0075).
    static let roomQuestionsScript = File(name: "room-questions.js", contentType: "text/javascript; charset=utf-8")
    /// Puts the reactions' counts in place on the presenter view and the dashboard when the hosts'
    /// stream of them says they changed (docs/decisions/0100).
    static let reactionsScript = File(name: "reactions.js", contentType: "text/javascript; charset=utf-8")
    /// The question kinds' own participant scripts (a ranking's `ranking.js`), each kind's page part naming its file.
    static let all = [stylesheet, dashboardScript, timeZoneScript, builderScript, followUpScript, roomScript, roomQuestionsScript, reactionsScript]
        + QuestionKind.allCases.compactMap { $0.page?.participantScript }

    /// `GET /assets/debrief.css`, `GET /assets/dashboard.js` and the other scripts.
    static func addRoutes(to router: Router<AppRequestContext>) {
        for file in Self.all {
            router.get("assets/\(file.name)") { _, _ -> Response in
                guard !file.content.isEmpty else { throw APIError.notFound("asset") }
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: file.contentType,
                        .cacheControl: "public, max-age=31536000, immutable",
                        .eTag: "\"\(file.version)\"",
                    ],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.content)))
            }
        }
    }
}
