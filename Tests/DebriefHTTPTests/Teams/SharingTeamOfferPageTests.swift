@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// The sharing page's offer to a team (issue 70, decision 90): the owner sees a form listing the
/// teams they administer (not those they only belong to), posts an offer (a 303 back, the offer
/// pending on the page), another admin of the team accepts it on `/transfers`, and the page then
/// names the team where it named the owner. An editor co-host's post is the 403 page, a team that
/// is not one of the viewer's is the page again with a 422 at `teamId`; neither offers anything.
@Suite("Sharing page: offer to a team")
struct SharingTeamOfferPageTests {
    typealias Host = SeriesSharingTests.Host

    struct Story {
        let fixture: PublishedFixture
        let owner: BrowserSession
        let admin: Host
        let team: String
        /// A team the owner is only a viewer of.
        let otherTeam: String
        let sharing: String
    }

    /// The fixture's host is an admin of the team "Platform 플랫폼" (made by `admin`) and a viewer
    /// of another host's team.
    static func story(_ api: ParticipantAPI, _ database: Database) async throws -> Story {
        let fixture = try await api.publish()
        let ownerID = try await SeriesSharingTests.me(api, fixture.hostToken)
        _ = try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE id = \(try #require(UUID(uuidString: ownerID)))")
        let owner = Host(email: "", token: fixture.hostToken, id: ownerID)
        let ownerEmail = try await TeamsTests.email(api, owner)
        let member = Host(email: ownerEmail, token: fixture.hostToken, id: ownerID)
        let admin = try await SeriesSharingTests.host(api)
        let team = try await TeamsTests.createTeam(api, admin)
        try await TeamsTests.add(api, team, admin, member, "admin")
        let stranger = try await SeriesSharingTests.host(api)
        let otherTeam = try await TeamsTests.createTeam(api, stranger)
        try await TeamsTests.add(api, otherTeam, stranger, member, "viewer")
        let session = try #require(try await api.signIn(email: ownerEmail).1)
        return Story(
            fixture: fixture, owner: session, admin: admin, team: team, otherTeam: otherTeam, sharing: "/m/\(fixture.meetingID)/sharing")
    }

    @Test func theOwnerOffersTheSeriesToTheirTeamAndAfterTheAdminAcceptsThePageNamesTheTeam() async throws {
        try await ParticipantAPI.run { api, database in
            let story = try await Self.story(api, database)
            let page = try await api.page(story.sharing, cookie: story.owner.cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<form method="post" action="\#(story.sharing)/team" novalidate>"#), "\(page.text)")
            #expect(page.text.contains(#"<option value="\#(story.team.lowercased())">Platform 플랫폼</option>"#))
            #expect(!page.text.contains(story.otherTeam.lowercased()), "a team the owner only belongs to is not offered")
            #expect(page.text.contains(#"<p id="series-owner"><strong>Owner:</strong> Host ("#))

            let offered = try await api.post(story.sharing + "/team", [("csrf", story.owner.csrf), ("teamId", story.team)], cookie: story.owner.cookie)
            #expect(offered.status == .seeOther && offered.headers[.location] == story.sharing, "\(offered.status) \(offered.text)")
            let pending = try await api.page(story.sharing, cookie: story.owner.cookie)
            #expect(pending.text.contains("Offered to the team Platform 플랫폼 on"), "\(pending.text)")
            #expect(pending.text.contains(#"id="transfer-pending""#), "the open offer has the cancel button")
            let korean = try await api.page(story.sharing, language: "ko", cookie: story.owner.cookie)
            #expect(korean.text.contains("Platform 플랫폼 팀에 넘기기를 제안했어요") && korean.text.contains("팀에 넘기기"))

            // The team's other admin accepts it among their offers, on the transfers page.
            let offers = try #require(try await api.send(.get, "/v1/transfers", token: story.admin.token).json?["transfers"] as? [[String: Any]])
            let offer = try #require(offers.first { ($0["team"] as? [String: Any])?["id"] as? String == story.team }?["id"] as? String)
            let adminSession = try #require(try await api.signIn(email: story.admin.email).1)
            let accepted = try await api.post("/transfers/\(offer)/accept", [("csrf", adminSession.csrf)], cookie: adminSession.cookie)
            #expect(accepted.status == .ok, "\(accepted.text)")

            let owned = try await api.page(story.sharing, cookie: story.owner.cookie)
            #expect(owned.text.contains(#"<p id="series-owner"><strong>Team:</strong> Platform 플랫폼</p>"#), "\(owned.text)")
            #expect(!owned.text.contains(#"id="transfer-pending""#), "the offer is answered")
            let ownedKorean = try await api.page(story.sharing, language: "ko", cookie: adminSession.cookie)
            #expect(ownedKorean.text.contains(#"<p id="series-owner"><strong>팀:</strong> Platform 플랫폼</p>"#), "\(ownedKorean.text)")
            #expect(!ownedKorean.text.contains("\(story.sharing)/team"), "the team that owns it is not offered again, and the admin has no other")
        }
    }

    @Test func anEditorIsRefusedAndABadTeamIsThePageAgainNamingTheFieldAndNothingIsOffered() async throws {
        try await ParticipantAPI.run { api, database in
            let story = try await Self.story(api, database)
            let series = try #require(UUID(uuidString: story.fixture.seriesID))
            func offers() async throws -> Int {
                try await database.query("SELECT count(*) AS n FROM series_transfer_offers WHERE series_id = \(series)").single().decode("n")
            }

            for bad in [UUID().uuidString, story.otherTeam.replacingOccurrences(of: "-", with: ""), "nope", ""] {
                let refused = try await api.post(story.sharing + "/team", [("csrf", story.owner.csrf), ("teamId", bad)], cookie: story.owner.cookie)
                #expect(refused.status == .unprocessableContent, "\(bad): \(refused.status)")
                #expect(refused.text.contains(#"<p class="error" id="team-offer-error">Choose one of the teams you administer.</p>"#), "\(bad)")
                #expect(refused.text.contains(#"name="teamId" aria-invalid="true""#), "\(bad)")
            }
            #expect(try await offers() == 0)

            let editor = try await SeriesSharingTests.host(api)
            #expect(try await SeriesSharingTests.share(api, story.fixture, with: editor, as: "editor").status == .accepted)
            let editorSession = try #require(try await api.signIn(email: editor.email).1)
            let editorPage = try await api.page(story.sharing, cookie: editorSession.cookie)
            #expect(editorPage.status == .ok && !editorPage.text.contains("\(story.sharing)/team"), "no form for a co-host")
            let forbidden = try await api.post(
                story.sharing + "/team", [("csrf", editorSession.csrf), ("teamId", story.team)], cookie: editorSession.cookie)
            #expect(forbidden.status == .forbidden && forbidden.text.contains("Not with your role"), "\(forbidden.status)")
            #expect(try await offers() == 0)
        }
    }
}
