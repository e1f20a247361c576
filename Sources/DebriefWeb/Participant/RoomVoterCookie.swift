import Debrief
import DebriefActions
import DebriefHTTP
import Hummingbird

/// Where the participant's pages keep their identity in the room's questions (``RoomVoters``,
/// docs/decisions/0075): the one place that names the cookie, issues it, reads it and proves a
/// post with it.
///
/// It carries the same signed token a JSON client sends as `Debrief-Voter`, so a page and the API
/// count one participant the same way; its attributes are the receipt's (``ReceiptCookie``: the
/// form's path, `HttpOnly`, `SameSite=Lax`, partitioned inside a frame on an allowed site).
///
/// Issued by the page that shows the room's section to a browser without a valid one, under the
/// per-address rate of identities (``Admission/roomIdentity(address:code:)``); never by a post
/// (issue 67: a post without one made a new participant, so no cap could count a client that
/// drops it). A post or a vote must carry it *and* the page's `csrf` field, the ``CSRFToken`` of
/// every other page form, keyed by this cookie's token: a page on another site can make the
/// browser send the cookie (inside an allowed frame, or from a sibling site), but it cannot read
/// the cookie or our page, so it cannot compute the token.
struct RoomVoterCookie {
    static let name = "debrief_room_voter"

    let attributes: ReceiptCookie

    /// What a page knows of the browser's identity as it renders the room's section.
    struct Identity {
        var voter: RoomQuestionActions.RoomVoter?
        /// The `csrf` value of the section's forms; empty when the browser has no identity.
        var csrf = ""
        /// A token this render issued, for ``set(_:code:on:request:)``.
        var issued: String?
    }

    /// The browser's identity in the room of `code`, when its cookie holds one this server issued
    /// for that form.
    static func identity(_ request: Request, code: String, questions: RoomQuestionActions) async throws -> Identity {
        guard let token = Self.token(request), let voter = try await questions.voter(token, code: code) else { return Identity() }
        return Identity(voter: voter, csrf: Self.csrf(token))
    }

    /// A new identity in the room of `code` for a browser that has none, when the room takes
    /// questions and `issuing` (the admission and the client's address) allows another from that
    /// address; past the rate the page shows without one, and its posts are refused until a
    /// reload finds the rate again.
    static func issue(code: String, questions: RoomQuestionActions, issuing: (admission: Admission, address: String)) async throws
        -> Identity
    {
        do {
            try issuing.admission.roomIdentity(address: issuing.address, code: code)
            let token = try await questions.issueVoter(code: code)
            return Identity(voter: try await questions.voter(token, code: code), csrf: Self.csrf(token), issued: token)
        } catch let refused as APIError where refused.status == .tooManyRequests {
            return Identity()
        } catch let off as DebriefError where off.code == .conflict {
            return Identity()
        }
    }

    /// The token the browser sent, if any (checked by ``RoomVoters`` through the actions).
    static func token(_ request: Request) -> String? {
        request.cookies[Self.name]?.value
    }

    /// The `csrf` field of the room's forms for the identity `token`.
    static func csrf(_ token: String) -> String {
        CSRFToken.make(secret: token, for: .roomQuestions)
    }

    /// The participant a post or vote of the page comes from: the cookie's identity, once the
    /// post's `csrf` field proves it was made on our page. 400 naming the cookie without one
    /// (a cross-site post carries no `Lax` cookie), 403 `csrf_failed` for a wrong field, 400 for
    /// a token this server did not issue for this form.
    static func proven(_ request: Request, _ fields: FormFields, code: String, questions: RoomQuestionActions) async throws
        -> RoomQuestionActions.RoomVoter
    {
        guard let token = Self.token(request) else {
            throw APIError.badRequest(Self.name, "is missing: reload the page to take part in the room's questions")
        }
        guard CSRFToken.isValid(fields["csrf"], secret: token, for: .roomQuestions) else {
            throw APIError(.forbidden, code: "csrf_failed", detail: "the form's CSRF token is missing or wrong; reload the page")
        }
        guard let voter = try await questions.voter(token, code: code) else {
            throw APIError.badRequest(Self.name, "is not an identity this server issued for this form: reload the page")
        }
        return voter
    }

    /// Keeps `issued`, the token of a new identity, for the form `code`.
    func set(_ issued: String, code: String, on response: inout Response, request: Request) {
        self.attributes.set(issued, named: Self.name, code: code, on: &response, request: request)
    }
}
