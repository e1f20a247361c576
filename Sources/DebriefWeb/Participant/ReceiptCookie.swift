import DebriefHTTP
import HTTPTypes
import Hummingbird

/// How the participant's one cookie, the receipt of an answer (`debrief_answered`,
/// ``BrowserReceipts``), is set: the one place that decides its attributes (docs/decisions/0068).
///
/// On a page of our own it is `SameSite=Lax`: a post from another site never carries it, so no
/// other site can change the answers it names. In a frame on another site a `Lax` cookie is
/// neither kept nor sent, so the answer's receipt — the one-response-per-browser limit and
/// "change my answers" — would be lost there. A post made in a frame (`Sec-Fetch-Dest: iframe`)
/// while embedding is on therefore gets `SameSite=None; Secure; Partitioned`: kept in the jar of
/// the site that frames the form (CHIPS), sent only under that site, never on our own pages nor
/// under any other site, so it gives no other site a way to post with it.
struct ReceiptCookie {
    static let name = "debrief_answered"
    /// How long a receipt is kept: the limit outlives a semester's weekly series.
    static let maxAge = 180 * 86_400

    /// `Secure` on our own pages: exactly when the public URL is https.
    var secures: Bool
    /// Whether any site may frame the participant's pages.
    var embedding: Bool

    /// Sets the receipt `value` of an answer to the form `code` on `response` to `request`.
    func set(_ value: String, code: String, on response: inout Response, request: Request) {
        self.set(value, named: Self.name, code: code, on: &response, request: request)
    }

    /// Sets the participant's cookie `name` (the receipt, or the room's voter identity,
    /// ``RoomVoterCookie``) for the form `code` with these attributes: every cookie a participant
    /// gets is set here.
    func set(_ value: String, named name: String, code: String, on response: inout Response, request: Request) {
        let path = "/f/\(code)"
        guard self.embedding, Self.isFramed(request) else {
            response.setCookie(
                Cookie(name: name, value: value, maxAge: Self.maxAge, path: path, secure: self.secures, httpOnly: true, sameSite: .lax))
            return
        }
        // Hummingbird's `Cookie` has no `Partitioned` attribute yet: appended to its text.
        let cookie = Cookie(name: name, value: value, maxAge: Self.maxAge, path: path, secure: true, httpOnly: true, sameSite: .none)
        response.headers[values: .setCookie].append(cookie.description + "; Partitioned")
    }

    /// Whether the browser loads `request` into a frame (Fetch Metadata; browsers without it
    /// get the `Lax` cookie, which a frame on another site drops: the limit then does not hold there).
    static func isFramed(_ request: Request) -> Bool {
        ["iframe", "frame"].contains(HTTPField.Name("Sec-Fetch-Dest").flatMap { request.headers[$0] } ?? "")
    }
}
