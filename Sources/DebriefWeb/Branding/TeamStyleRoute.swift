import Debrief
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /team-styles/{rrggbb}.css` (HEAD too): the stylesheet that gives a team's series its
/// accent (decision 95). The pages' policy is `style-src 'self'`, so the colour cannot be an inline
/// style: the participant page links this file after `debrief.css`, and it sets the custom
/// properties every accented rule there reads (`--accent`, `--accent-text`).
///
/// It is named by the colour, not by the team: its content is the colour's alone, so its
/// address never serves anything else (`immutable`, kept a year) and no team's id shows in a
/// participant's page. Only a colour ``AccentColour`` accepts (WCAG AA on every surface it
/// meets) has a stylesheet; any other name is 404, so no page can be given an unreadable accent.
struct TeamStyleRoute: Sendable {
    static let cacheControl = "public, max-age=31536000, immutable"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("team-styles/:file") { _, context -> Response in
            guard let file = context.parameters.get("file"), let accent = Self.accent(named: file) else { throw HTTPError(.notFound) }
            let headers: HTTPFields = [.contentType: "text/css; charset=utf-8", .cacheControl: Self.cacheControl]
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: Self.stylesheet(accent))))
        }
    }

    /// The colour a file name (`0b57d0.css`, lowercase as pages link it) names, if it passes.
    static func accent(named file: String) -> AccentColour? {
        guard file.hasSuffix(".css") else { return nil }
        let hex = String(file.dropLast(4))
        guard hex == hex.lowercased(), let accent = try? AccentColour.read("#" + hex, field: "accent") else { return nil }
        return accent
    }

    /// The stylesheet's text: the accent and the white text it carries (the pair checked).
    static func stylesheet(_ accent: AccentColour) -> String {
        """
        /* A team's accent (Debrief, decision 95): \(accent), at least 4.5:1 against white text and the page. */
        :root { --accent: \(accent); --accent-text: #ffffff; }

        """
    }
}
