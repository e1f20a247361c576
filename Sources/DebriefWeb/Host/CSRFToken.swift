import Crypto
import Foundation

/// Tokens that prove a form post came from one of our pages.
///
/// A token is HMAC-SHA256, keyed by a secret only the browser's HttpOnly cookie holds (the
/// session token, the sign-in form's nonce, or the room's identity), over what the form is for. A page on another
/// site can make the browser send the cookie, but it can neither read the cookie nor our page,
/// so it cannot compute the token. Nothing is stored, and every instance agrees.
enum CSRFToken {
    enum Purpose: String {
        /// Forms of a signed-in host (sign-out and whatever follows).
        case session
        /// The sign-in form, keyed by its nonce cookie (a forged sign-in into another account).
        case signIn = "sign-in"
        /// The sign-up form, keyed by its own nonce cookie.
        case signUp = "sign-up"
        /// The participant page's posts and votes in the room's questions, keyed by the
        /// browser's room identity (``RoomVoterCookie``).
        case roomQuestions = "room-questions"
    }

    static func make(secret: String, for purpose: Purpose) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(purpose.rawValue.utf8), using: Self.key(secret))
        return Data(code).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `candidate` is the token for `secret` and `purpose`, compared in constant time.
    static func isValid(_ candidate: String?, secret: String?, for purpose: Purpose) -> Bool {
        guard let candidate, let secret, let code = Self.decode(candidate) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(purpose.rawValue.utf8), using: Self.key(secret))
    }

    private static func key(_ secret: String) -> SymmetricKey {
        SymmetricKey(data: Data(secret.utf8))
    }

    private static func decode(_ text: String) -> Data? {
        guard text.utf8.count <= 64 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
