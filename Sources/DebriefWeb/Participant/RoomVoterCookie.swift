import Hummingbird

/// Where the participant's pages keep their identity in the room's questions (``RoomVoters``,
/// docs/decisions/0075): the one place that names the cookie, reads it and sets it.
///
/// It carries the same signed token a JSON client sends as `Debrief-Voter`, so a page and the API
/// count one participant the same way; its attributes are the receipt's (``ReceiptCookie``: the
/// form's path, `HttpOnly`, `SameSite=Lax`, partitioned inside a frame on an allowed site). It is
/// set only by a post (a question or a vote), never by reading the page: a participant who only
/// reads gets no cookie. A post from another site carries no `Lax` cookie, so it acts as a new
/// participant and can spend nobody else's vote.
struct RoomVoterCookie {
    static let name = "debrief_room_voter"

    let attributes: ReceiptCookie

    /// The token the browser sent, if any (checked by ``RoomVoters``, which makes a new identity
    /// for a forged or another form's token).
    static func token(_ request: Request) -> String? {
        request.cookies[Self.name]?.value
    }

    /// Keeps `issued`, the token of a new identity, for the form `code`.
    func set(_ issued: String, code: String, on response: inout Response, request: Request) {
        self.attributes.set(issued, named: Self.name, code: code, on: &response, request: request)
    }
}
