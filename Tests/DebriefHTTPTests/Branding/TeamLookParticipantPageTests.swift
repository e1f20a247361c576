@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import Testing

/// The team's look where participants see it (decision 95): the participant page of a team's
/// series links the accent's stylesheet after the pages' own and shows the logo, named.
extension TeamLookFlowTests {
    @Test func theParticipantPageOfATeamsSeriesLinksItsStylesheetAndShowsItsLogo() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let before = try await api.send(.get, "/f/\(fixture.code)")
            #expect(!before.text.contains("team-logo") && !before.text.contains("/team-styles/"), "a person's series keeps Debrief's look")

            let (team, admin, _, _) = try await Self.teamWithPublishedSeries(api, database, fixture)
            let put = try await Self.putLogo(api, team: team, ImageFixtures.png(width: 300, height: 120), type: "image/png", token: admin.token)
            let url = try #require(put.string("url"), "\(put.text)")
            #expect(try await api.send(.put, "/v1/teams/\(team)/look", token: admin.token, json: ["accent": "#1a5e20"]).status == .ok)

            let page = try await api.send(.get, "/f/\(fixture.code)")
            #expect(page.status == .ok)
            // After the pages' own stylesheet, so its custom properties win; the logo a header line high.
            let link = #"<link rel="stylesheet" href="/team-styles/1a5e20.css">"#
            #expect(page.text.contains(link), "\(page.text.prefix(600))")
            if let own = page.text.range(of: "/assets/debrief.css"), let team = page.text.range(of: link) {
                #expect(own.lowerBound < team.lowerBound)
            }
            #expect(page.text.contains(#"<img class="team-logo" src="\#(url)" width="120" height="48" alt="Platform 플랫폼">"#), "\(page.text)")
            #expect(try await api.send(.get, url).status == .ok, "the page's logo is public with the page")

            #expect(try await api.send(.put, "/v1/teams/\(team)/look", token: admin.token, json: ["accent": ""]).status == .ok)
            #expect(try await api.send(.delete, "/v1/teams/\(team)/logo", token: admin.token).status == .noContent)
            let after = try await api.send(.get, "/f/\(fixture.code)")
            #expect(!after.text.contains("team-logo") && !after.text.contains("/team-styles/"))
        }
    }
}
