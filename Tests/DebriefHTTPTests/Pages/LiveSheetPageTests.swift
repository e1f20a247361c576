@testable import DebriefApp
import Foundation
import HTTPTypes
import Testing

/// The live sheet's page (docs/decisions/0101-live-sheet.md): the owner makes, rotates and
/// revokes the series' sheet on `/m/{id}/sheet` with plain forms (the address and its
/// `IMPORTDATA` formula shown once, in Korean too); a co-host reads that only the owner may.
@Suite("Pages: live sheet")
struct LiveSheetPageTests {
    static func sheetPath(_ text: String) -> String? {
        text.range(of: #"/v1/sheets/dbs_[A-Za-z0-9_-]+\.csv"#, options: .regularExpression).map { String(text[$0]) }
    }

    @Test func theOwnerMakesRotatesAndRevokesTheSheetOnThePage() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let id = fixture.meetingID.lowercased()
            let page = try await api.page("/m/\(id)/sheet", language: "ko", cookie: session.cookie)
            #expect(page.status == .ok && page.text.contains("실시간 시트 주소 만들기") && page.text.contains("이 시리즈에는 실시간 시트가 없어요."))
            #expect(!page.text.contains("<script"), "the page needs no script")
            let made = try await api.post("/m/\(id)/sheet", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(made.status == .ok)
            #expect(made.headers[.cacheControl] == "no-store", "the address is a credential shown once")
            let first = try #require(Self.sheetPath(made.text))
            #expect(made.text.contains("=IMPORTDATA(&quot;http"), "the formula is shown, escaped: \(made.text.prefix(3000))")
            #expect(try await api.send(.get, first).status == .ok)
            let again = try await api.page("/m/\(id)/sheet", cookie: session.cookie)
            #expect(Self.sheetPath(again.text) == nil && again.text.contains("A live sheet address is active since"), "shown once")
            let rotated = try await api.post("/m/\(id)/sheet", [("csrf", session.csrf)], cookie: session.cookie)
            let second = try #require(Self.sheetPath(rotated.text))
            let old = try await api.send(.get, first)
            #expect(second != first && old.status == .notFound)
            let revoked = try await api.post("/m/\(id)/sheet/revoke", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(revoked.status == .ok && !revoked.text.contains("dbs_") && revoked.text.contains("The live sheet address was revoked."))
            #expect(try await api.send(.get, second).status == .notFound)
            let forged = try await api.post("/m/\(id)/sheet", [("csrf", "wrong")], cookie: session.cookie)
            #expect(forged.status == .forbidden, "a post without the session's CSRF token makes no sheet")
        }
    }

    @Test func anEditorCoHostReadsThatOnlyTheOwnerMakesIt() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let editor = try await api.signUp()
            let shared = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken, json: ["email": editor, "role": "editor"])
            try #require(shared.status == .accepted, "\(shared.text)")
            let session = try #require(try await api.signIn(email: editor).1)
            let id = fixture.meetingID.lowercased()
            let page = try await api.page("/m/\(id)/sheet", cookie: session.cookie)
            #expect(page.status == .ok && page.text.contains("owner makes and revokes its live sheet."))
            #expect(!page.text.contains("action=\"/m/\(id)/sheet\""), "no button the server would refuse")
            let refused = try await api.post("/m/\(id)/sheet", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(refused.status == .forbidden)
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/sheet", token: fixture.hostToken).status == .notFound, "nothing made")
        }
    }
}
