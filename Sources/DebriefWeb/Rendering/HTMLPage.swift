import Debrief
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// What the layout template needs on every page, around the page's own view (`page`).
struct PageFrame {
    /// `<html lang>`.
    var lang: String
    /// The language's phrases (``Localizer/table``), read as `{{t.name}}`.
    var t: [String: String]
    var title: String
    var stylesheet: String = Assets.stylesheet.url
    /// Stylesheets after the pages' own (a team's accent, decision 95): none on most pages.
    var styles: [String] = []
    /// The page's scripts (each its own file, `defer`red): none on most pages.
    var scripts: [String] = []
    /// The sign-out button's CSRF token, on pages of a signed-in host.
    var signOutToken: String?
    /// Whether the header links the admin page (the signed-in host is an admin).
    var showsAdmin = false
    /// "Times in Europe/Berlin": on a signed-in host's page, the zone of every time on it, named once.
    var zoneNote: String?
    /// The hint next to a time the host types ("Times are in Europe/Berlin.").
    var zoneHint: String
    var page: Any
}

/// Renders pages and fragments into responses with the headers HTML needs.
struct PageWriter {
    let renderer: PageRenderer
    let language: Language
    var localizer: Localizer { Localizer(self.language) }

    /// A writer in the language the request prefers; throws when the templates failed to load.
    init(_ request: Request) throws {
        try self.init(language: Language(request.headers))
    }

    /// A writer in `language` (a participant page follows the language its form is shown in).
    init(language: Language) throws {
        self.renderer = try PageRenderer.bundled.get()
        self.language = language
    }

    /// A whole page: `template` (which extends `layout`) around `view`.
    func page(
        _ template: String, title: String, view: Any, status: HTTPResponse.Status = .ok,
        policy: String = ContentSecurityPolicy.page, script: String? = nil, signOutToken: String? = nil, showsAdmin: Bool = false,
        alsoScripts: [String] = [], alsoStyles: [String] = []
    ) throws -> Response {
        let frame = PageFrame(
            lang: self.language.rawValue, t: self.localizer.table, title: title, styles: alsoStyles, scripts: [script].compactMap { $0 } + alsoScripts,
            signOutToken: signOutToken, showsAdmin: showsAdmin,
            zoneNote: DateText.hostZoneName.map { self.localizer(.timesIn, ["zone": $0]) },
            zoneHint: self.localizer(.timeZoneFieldHint, ["zone": DateText.zoneName]), page: view)
        return self.response(try self.renderer.render(template, frame), status: status, policy: policy)
    }

    /// The HTML of a part of a page (the dashboard's live panel), rendered with the same
    /// phrases; a caller may keep it (``DashboardPanelCache``).
    func fragmentHTML(_ template: String, view: Any) throws -> String {
        let frame = PageFrame(
            lang: self.language.rawValue, t: self.localizer.table, title: "",
            zoneHint: self.localizer(.timeZoneFieldHint, ["zone": DateText.zoneName]), page: view)
        return try self.renderer.render(template, frame)
    }

    /// A part of a page, as a response.
    func fragment(html: String) -> Response {
        self.response(html, status: .ok, policy: ContentSecurityPolicy.page)
    }

    private func response(_ html: String, status: HTTPResponse.Status, policy: String) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8",
                .contentSecurityPolicy: policy,
                .contentLanguage: self.language.rawValue,
                // The language follows Accept-Language and signed-in pages follow the cookie.
                .vary: "Accept-Language, Cookie",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}

extension Response {
    /// `303 See Other` to a local path: where a form post sends the browser next.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}

extension PageWriter {
    /// A page of the signed-in host: the header with its navigation and sign-out button.
    func hostPage(
        _ template: String, title: String, view: Any, context: AppRequestContext, status: HTTPResponse.Status = .ok,
        policy: String = ContentSecurityPolicy.page, script: String? = nil
    ) throws -> Response {
        try self.page(
            template, title: title, view: view, status: status, policy: policy, script: script,
            signOutToken: context.sessionCSRFToken, showsAdmin: context.account?.role == .admin)
    }
}
