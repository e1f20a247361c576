import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The team pages (issue 70): `/teams`, `/teams/{teamId}` and its overview, in English and
/// Korean, forms without script; a team outside the host's is the 404 page.
@Suite("Team pages")
struct TeamPagesTests {
    @Test func aHostMakesATeamAddsAMemberAndReadsItsOverviewInBothLanguages() async throws {
        try await ParticipantAPI.run { api, _ in
            let admin = try await SeriesSharingTests.host(api)
            let editor = try await SeriesSharingTests.host(api)
            let session = try #require(try await api.signIn(email: admin.email).1)
            let empty = try await api.page("/teams", cookie: session.cookie)
            #expect(empty.status == .ok && empty.isHTML)
            #expect(empty.text.contains("Make a team") && empty.text.contains("You are in no team yet."))
            #expect(empty.text.contains("href=\"/teams\""), "the host's navigation links Teams")
            let korean = try await api.page("/teams", language: "ko", cookie: session.cookie)
            #expect(korean.text.contains("팀 만들기") && korean.text.contains("아직 속한 팀이 없어요."))

            let refused = try await api.post("/teams", [("csrf", session.csrf), ("name", "")], cookie: session.cookie)
            #expect(refused.status == .unprocessableContent && refused.text.contains("aria-invalid=\"true\""))
            let made = try await api.post("/teams", [("csrf", session.csrf), ("name", "Platform")], cookie: session.cookie)
            #expect(made.status == .seeOther)
            let path = try #require(made.headers[.location])
            #expect(path.hasPrefix("/teams/"))
            let added = try await api.post(path + "/members", [("csrf", session.csrf), ("email", editor.email), ("role", "editor")], cookie: session.cookie)
            #expect(added.status == .ok, "\(added.text)")
            #expect(added.text.contains("it is now a member as Editor"))
            let page = try await api.page(path, cookie: session.cookie)
            #expect(page.text.contains(editor.email) && page.text.contains("By an admin"))
            #expect(page.text.contains("href=\"\(path)/overview\""))
            let koreanTeam = try await api.page(path, language: "ko", cookie: session.cookie)
            #expect(koreanTeam.text.contains("관리자가 추가") && koreanTeam.text.contains("팀 한눈에 보기"))

            // The editor sees the team, without the admins' controls and links.
            let editorSession = try #require(try await api.signIn(email: editor.email).1)
            let asEditor = try await api.page(path, cookie: editorSession.cookie)
            #expect(asEditor.status == .ok)
            #expect(asEditor.text.contains(editor.email) && !asEditor.text.contains("member-email"))
            let notAllowed = try await api.post(
                path + "/members", [("csrf", editorSession.csrf), ("email", admin.email), ("role", "viewer")], cookie: editorSession.cookie)
            #expect(notAllowed.status == .forbidden)

            let overview = try await api.page(path + "/overview", cookie: editorSession.cookie)
            #expect(overview.status == .ok && overview.text.contains("Overview: Platform"), "\(overview.status)")
            #expect(overview.text.contains("The series share no question yet"))
            let koreanOverview = try await api.page(path + "/overview", language: "ko", cookie: editorSession.cookie)
            #expect(koreanOverview.text.contains("한눈에 보기: Platform"))
        }
    }

    @Test func aTeamOutsideTheHostsIsTheNotFoundPage() async throws {
        try await ParticipantAPI.run { api, _ in
            let admin = try await SeriesSharingTests.host(api)
            let outsider = try await SeriesSharingTests.host(api)
            let team = try await TeamsTests.createTeam(api, admin)
            let session = try #require(try await api.signIn(email: outsider.email).1)
            for path in ["/teams/\(team)", "/teams/\(team)/overview", "/teams/\(UUID().uuidString)"] {
                let page = try await api.page(path, cookie: session.cookie)
                #expect(page.status == .notFound && page.isHTML, "\(path): \(page.status)")
            }
            let post = try await api.post(
                "/teams/\(team)/members", [("csrf", session.csrf), ("email", outsider.email), ("role", "admin")], cookie: session.cookie)
            #expect(post.status == .notFound)
            #expect(try await api.page("/teams").status == .seeOther, "signed out: to the sign-in page")
        }
    }
}
