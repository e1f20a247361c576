import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import Hummingbird

/// Signs the host in from the session cookie (``SessionCookie``) for the pages behind it; a
/// visitor without a valid session is sent to the sign-in page, to come back here afterwards.
struct HostSessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let accounts: AccountActions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = SessionCookie.token(in: request),
            // Only a page session: a sign-in or personal token set as the cookie is no session.
            let account = try await self.accounts.account(forToken: token, presentedAs: .sessionCookie)
        else {
            return .seeOther(Self.signInLocation(returningTo: request))
        }
        var signedIn = context
        signedIn.account = account
        signedIn.bearerToken = token
        // Every time this request's page shows or reads is in the host's zone (DateText).
        let zone = account.timeZone.flatMap { HostTimeZone.zone($0) == nil ? nil : $0 } ?? "UTC"
        return try await DateText.$hostZoneName.withValue(zone) { [signedIn] in
            try await self.accounts.readingYourWrites(as: account, { try await next(request, signedIn) }) { response in
                request.method.changesState && response.status.code < 400
            }
        }
    }

    /// `/signin?next=<this page>` (only a page a GET can show again; after a post, the list).
    static func signInLocation(returningTo request: Request) -> String {
        guard request.method == .get else { return "/signin" }
        var path = request.uri.path
        if let query = request.uri.query, !query.isEmpty { path += "?" + query }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return "/signin?next=" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/m")
    }
}

extension AppRequestContext {
    /// The CSRF token of the signed-in host's forms (see ``CSRFToken``).
    var sessionCSRFToken: String? {
        self.bearerToken.map { CSRFToken.make(secret: $0, for: .session) }
    }

    /// The fields of a signed-in host's form post (up to `limit` bytes), once its CSRF token is
    /// checked (``requireSessionCSRF(_:)``).
    func postedFields(_ request: Request, limit: Int = 16 * 1024) async throws -> FormFields {
        let fields = try await FormFields.read(request, limit: limit)
        try self.requireSessionCSRF(fields)
        return fields
    }

    /// The meeting of the path's `id`, for a host page that does `action`: not found for another
    /// host's meeting, the 403 page for a co-host whose role may not (docs/decisions/0033).
    func pathMeeting(_ meetings: MeetingActions, toDo action: SeriesAction = .read) async throws -> Meeting {
        try await meetings.find(try self.requireID("id", "meeting"), visibleTo: try self.requireViewer(), toDo: action)
    }

    /// Refuses (403) a post of a signed-in host whose `csrf` field is not the session's token.
    func requireSessionCSRF(_ fields: FormFields) throws {
        guard CSRFToken.isValid(fields["csrf"], secret: self.bearerToken, for: .session) else {
            throw APIError(.forbidden, code: "csrf_failed", detail: "the form's CSRF token is missing or wrong; reload the page")
        }
    }
}
