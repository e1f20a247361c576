import Foundation
import HTTPTypes
import Testing

/// How the tests take part in a room's questions the way clients must since issue 67: with an
/// identity the server issued (`POST /v1/f/{code}/room-questions/voter` for the API, the page's
/// cookie and its forms' `csrf` for a browser), never one a post makes up.
extension ParticipantAPI {
    /// A browser that opened the form's page while the room takes questions: its identity cookie
    /// (`name=value`, for the next request's `Cookie`) and the `csrf` field of the room's forms.
    struct RoomBrowser: Sendable {
        var cookie: String
        var csrf: String
    }

    /// Opens the form page as a new browser; the page issues its identity.
    func joinRoom(_ code: String) async throws -> RoomBrowser {
        let page = try await self.page("/f/\(code)")
        let cookie = try #require(RoomQuestionsPageTests.voterCookie(page), "the page issues the room's identity")
        return RoomBrowser(cookie: cookie, csrf: try #require(page.inputValue("csrf"), "the room's forms carry their proof"))
    }

    /// A page post of the room (a question, or a vote) as `browser`, proven with its `csrf`.
    func roomPagePost(_ uri: String, _ fields: [(String, String)], as browser: RoomBrowser, headers: HTTPFields = [:]) async throws
        -> ParticipantReply
    {
        try await self.post(uri, [("csrf", browser.csrf)] + fields, cookie: browser.cookie, headers: headers)
    }

    /// A new identity in the room of `code`, as the API issues it.
    func roomVoter(_ code: String) async throws -> String {
        let issued = try await self.send(.post, "/v1/f/\(code)/room-questions/voter")
        return try #require(issued.headers[RoomQuestionsTests.voter], "\(issued.status) \(issued.text)")
    }

    /// Posts `json` to the room of `code` as `voter` (a newly issued one when nil).
    func roomPost(_ code: String, json: [String: Any], as voter: String? = nil) async throws -> ParticipantReply {
        let voter = if let voter { voter } else { try await self.roomVoter(code) }
        return try await self.send(.post, "/v1/f/\(code)/room-questions", json: json, headers: [RoomQuestionsTests.voter: voter])
    }

    /// Votes (`up`) or takes back a vote on `question` as `voter` (a newly issued one when nil).
    func roomVote(_ code: String, _ question: String, up: Bool = true, as voter: String? = nil) async throws -> ParticipantReply {
        let voter = if let voter { voter } else { try await self.roomVoter(code) }
        return try await self.send(up ? .put : .delete, "/v1/f/\(code)/room-questions/\(question)/vote", headers: [RoomQuestionsTests.voter: voter])
    }
}
