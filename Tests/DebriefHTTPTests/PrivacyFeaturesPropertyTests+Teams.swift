import Foundation
import Testing

/// The second reader of the privacy check (``PrivacyFeaturesPropertyTests``), in a generated role:
/// a co-host, or a member of a team that owns the series (decision 90). Every rule of k,
/// withholding and disclosure must hold for each alike.
extension PrivacyFeaturesPropertyTests {
    static let readerRoles = ["viewer", "team viewer", "team editor", "team admin"]

    /// Gives `email` its `role` on the series: a viewer share, or (for a team role) the host makes
    /// a team, adds them in that role, offers the series to the team and accepts it as its admin.
    static func admit(_ api: ParticipantAPI, _ email: String, as role: String, series: String, hostToken token: String) async throws {
        guard role.hasPrefix("team ") else {
            let share = try await api.send(.post, "/v1/series/\(series)/shares", token: token, json: ["email": email, "role": role])
            try #require(share.status == .accepted, "\(share.text)")
            return
        }
        let created = try await api.send(.post, "/v1/teams", token: token, json: ["name": "Readers"])
        let team = try #require(created.string("id"), "\(created.text)")
        let added = try await api.send(
            .post, "/v1/teams/\(team)/members", token: token, json: ["email": email, "role": String(role.dropFirst("team ".count))])
        try #require(added.status == .accepted, "\(added.text)")
        let offered = try await api.send(.post, "/v1/series/\(series)/transfer-to-team", token: token, json: ["teamId": team])
        try #require(offered.status == .accepted, "\(offered.text)")
        let offers = try #require(try await api.send(.get, "/v1/transfers", token: token).json?["transfers"] as? [[String: Any]])
        let offer = try #require(offers.first { $0["seriesId"] as? String == series }?["id"] as? String)
        let accepted = try await api.send(.post, "/v1/transfers/\(offer)/accept", token: token)
        try #require(accepted.status == .ok, "\(accepted.text)")
        let read = try await api.send(.get, "/v1/teams/\(team)/series", token: token).json?["items"] as? [[String: Any]]
        try #require(read?.count == 1, "the series is the team's")
    }
}
