/// The scope of a bearer token (migration 0039). Each place that accepts tokens accepts only its
/// own kinds (``TokenPresentation``), so a token copied from one place does not open another: a
/// script's 12-hour sign-in token set as the page cookie is no page session, and so cannot mint a
/// personal token or change the password from the pages.
public enum TokenKind: String, Sendable, CaseIterable {
    /// The browser session of the pages (`debrief_session`), issued by signing in or up there.
    case page
    /// Issued by `POST /v1/tokens` for a script, valid for the token lifetime (12 hours).
    case signIn = "sign_in"
    /// Named by the host on the account page for a script or an integration, valid for days.
    case personal
}

/// Where a request presented its token, and so which kinds it may be.
public enum TokenPresentation: Sendable {
    /// The pages' session cookie (also the GET routes the pages embed: the live stream, exports).
    case sessionCookie
    /// `Authorization: Bearer` on the JSON API.
    case bearerHeader

    /// The one rule of which kinds are accepted where.
    public var accepts: Set<TokenKind> {
        switch self {
        case .sessionCookie: return [.page]
        case .bearerHeader: return [.signIn, .personal]
        }
    }
}
