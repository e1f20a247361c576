import Foundation
import Hummingbird

/// The cookies of the host's pages.
///
/// `debrief_session` holds a bearer token of ``TokenStore`` (the same kind `POST /v1/tokens`
/// issues), `HttpOnly; SameSite=Lax; Path=/`, with `Max-Age` running out when the token does.
/// It is `Secure` when the configured public URL is https; a plain-http public URL (a laptop,
/// the tests on 127.0.0.1, which browsers treat as a secure context anyway) gets no `Secure`,
/// since a browser would not send such a cookie back over http.
///
/// The cookie authenticates only the pages and the GET routes they embed (the live stream);
/// every JSON route that changes something still needs the `Authorization` header, so a page
/// on another site cannot use the cookie against the API.
public enum SessionCookie {
    public static let name = "debrief_session"
    /// The sign-in form's nonce, the secret its CSRF token is made with.
    public static let signInNonceName = "debrief_signin"

    public static func session(_ token: String, expiresAt: Date, secure: Bool, now: Date = Date()) -> Cookie {
        Cookie(
            name: Self.name, value: token, maxAge: max(0, Int(expiresAt.timeIntervalSince(now).rounded(.down))), path: "/",
            secure: secure, httpOnly: true, sameSite: .lax)
    }

    public static func signInNonce(_ nonce: String, secure: Bool) -> Cookie {
        Cookie(name: Self.signInNonceName, value: nonce, maxAge: 3600, path: "/signin", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// A cookie that deletes `name` (same path, expired).
    public static func cleared(_ name: String, path: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: path, secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// Whether cookies get `Secure`: exactly when people reach the service over https.
    public static func isSecure(publicBaseURL: String) -> Bool {
        publicBaseURL.lowercased().hasPrefix("https://")
    }

    /// The token in the request's session cookie, if it looks like one (printable ASCII, short).
    public static func token(in request: Request) -> String? {
        guard let value = request.cookies[Self.name]?.value, !value.isEmpty, value.utf8.count <= 200,
            value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        return value
    }
}
