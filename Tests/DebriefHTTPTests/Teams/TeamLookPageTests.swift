@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `/teams/{teamId}/look` (decision 95): a team's admin uploads the logo through a form without
/// script (multipart/form-data) and sets the accent; the participant page of the team's series
/// shows them. A bad upload or colour is the page again with a 422 naming the field, storing
/// nothing; a member below admin gets the 403 page, an outsider the 404 page.
@Suite("Team pages: the look")
struct TeamLookPageTests {
    /// A multipart post of `fields` and, when given, one file part `logo` sent as `type`.
    static func upload(
        _ api: ParticipantAPI, _ path: String, cookie: String, _ fields: [(String, String)], file: Data?, type: String? = "image/png"
    ) async throws -> ParticipantReply {
        let boundary = "----debrief-look-5c1e"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let file {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"logo\"; filename=\"logo.png\"\r\n".utf8)
            if let type { body += Array("Content-Type: \(type)\r\n".utf8) }
            body += Array("\r\n".utf8) + [UInt8](file)
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: cookie]
        let response = try await api.client.executeRequest(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
        return ParticipantReply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
    }

    /// The team's admin (the fixture's host), signed in to the pages; the team's id and its look page.
    static func signedInAdmin(
        _ api: ParticipantAPI, _ team: String, _ fixture: PublishedFixture
    ) async throws -> (session: BrowserSession, look: String) {
        let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
        let session = try #require(try await api.signIn(email: email).1)
        return (session, "/teams/\(team)/look")
    }

    @Test func theAdminUploadsALogoAndSetsTheColourThroughTheFormsAndParticipantsSeeThem() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let (team, _, _, _) = try await TeamLookFlowTests.teamWithPublishedSeries(api, database, fixture)
            let (session, look) = try await Self.signedInAdmin(api, team, fixture)

            let teamPage = try await api.page("/teams/\(team)", cookie: session.cookie)
            #expect(teamPage.text.contains("href=\"\(look)\" id=\"look-link\""), "the team page links the look for its admin")
            let empty = try await api.page(look, cookie: session.cookie)
            #expect(empty.status == .ok && empty.isHTML)
            #expect(empty.text.contains("enctype=\"multipart/form-data\"") && empty.text.contains("type=\"file\" id=\"logo\" name=\"logo\""))
            #expect(empty.text.contains("id=\"no-logo\"") && empty.text.contains("type=\"color\" id=\"accent\" name=\"accent\" value=\"#0b57d0\""))
            #expect(!empty.text.contains("/team-styles/"))
            let korean = try await api.page(look, language: "ko", cookie: session.cookie)
            #expect(korean.text.contains("로고와 색: Platform") && korean.text.contains("로고 올리기"), "\(korean.text.prefix(2000))")

            let png = ImageFixtures.png(width: 300, height: 120)
            let uploaded = try await Self.upload(api, look + "/logo", cookie: session.cookie, [("csrf", session.csrf)], file: png)
            #expect(uploaded.status == .seeOther && uploaded.headers[.location] == look, "\(uploaded.status) \(uploaded.text.prefix(2000))")
            let url = try #require(try await api.send(.get, "/v1/teams/\(team)/logo", token: fixture.hostToken).string("url"))
            let shown = try await api.page(look, cookie: session.cookie)
            #expect(shown.text.contains(#"<img class="team-logo" id="current-logo" src="\#(url)" width="120" height="48""#), "\(shown.text)")
            let participant = try await api.send(.get, "/f/\(fixture.code)")
            #expect(participant.text.contains(#"<img class="team-logo" src="\#(url)""#), "the participant page shows the uploaded logo")
            #expect(try await api.send(.get, url).body == png)

            let coloured = try await api.post(look + "/accent", [("csrf", session.csrf), ("accent", "#0b57d0"), ("accentText", "#1A5E20")], cookie: session.cookie)
            #expect(coloured.status == .seeOther && coloured.headers[.location] == look, "a typed colour wins: \(coloured.text.prefix(2000))")
            let withColour = try await api.page(look, cookie: session.cookie)
            #expect(withColour.text.contains(#"<link rel="stylesheet" href="/team-styles/1a5e20.css">"#), "the preview is in the team's colour")
            #expect(withColour.text.contains("colour: #1a5e20") && withColour.text.contains("class=\"accent-swatch\""))
            #expect(try await api.send(.get, "/f/\(fixture.code)").text.contains("/team-styles/1a5e20.css"))
            let picked = try await api.post(look + "/accent", [("csrf", session.csrf), ("accent", "#5b2a86"), ("accentText", "")], cookie: session.cookie)
            #expect(picked.status == .seeOther)
            #expect(try await api.send(.get, "/v1/teams/\(team)/look", token: fixture.hostToken).string("accent") == "#5b2a86")

            #expect(try await api.post(look + "/logo/remove", [("csrf", session.csrf)], cookie: session.cookie).status == .seeOther)
            #expect(try await api.post(look + "/logo/remove", [("csrf", session.csrf)], cookie: session.cookie).status == .seeOther, "a second click")
            #expect(try await api.post(look + "/accent", [("csrf", session.csrf), ("accent", "")], cookie: session.cookie).status == .seeOther)
            let cleared = try await api.page(look, cookie: session.cookie)
            #expect(cleared.text.contains("id=\"no-logo\"") && cleared.text.contains("uses Debrief&#39;s blue."))
            #expect(try await TeamLookFlowTests.storedLogos(database).isEmpty)
            #expect(try await TeamLookFlowTests.brandingRecord(database).count == 5, "each change recorded by the one owner")
        }
    }

    @Test func aBadUploadOrColourIsThePageAgainNamingTheFieldAndStoresNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let (team, _, _, _) = try await TeamLookFlowTests.teamWithPublishedSeries(api, database, fixture)
            let (session, look) = try await Self.signedInAdmin(api, team, fixture)
            let refused: [(String, Data?, String?)] = [
                ("an SVG", ImageFixtures.svg, "image/svg+xml"),
                ("an SVG sent as a PNG", ImageFixtures.svg, "image/png"),
                ("a PNG sent with no type", ImageFixtures.png(width: 4, height: 4), nil),
                ("no file at all", nil, nil),
            ]
            for (name, file, type) in refused {
                let reply = try await Self.upload(api, look + "/logo", cookie: session.cookie, [("csrf", session.csrf)], file: file, type: type)
                #expect(reply.status == .unprocessableContent, "\(name): \(reply.status)")
                #expect(reply.isHTML && reply.text.contains("<li>logo: ") && reply.text.contains("id=\"logo-error\""), "\(name): \(reply.text)")
            }
            // Past the server's body limit (256 KB by default) every request is a 413, as the API's upload.
            let big = try await Self.upload(
                api, look + "/logo", cookie: session.cookie, [("csrf", session.csrf)], file: ImageFixtures.png(ofSize: 300 * 1_024))
            #expect(big.status == .contentTooLarge)
            let forged = try await Self.upload(api, look + "/logo", cookie: session.cookie, [("csrf", "wrong")], file: ImageFixtures.png(width: 4, height: 4))
            #expect(forged.status == .forbidden, "the CSRF token is checked in the multipart post")

            let pale = try await api.post(look + "/accent", [("csrf", session.csrf), ("accent", "#000000"), ("accentText", "#ffcc00")], cookie: session.cookie)
            #expect(pale.status == .unprocessableContent)
            #expect(pale.text.contains("<li>accent: ") && pale.text.contains("id=\"accent-error\"") && pale.text.contains("4.5:1"), "\(pale.text)")
            #expect(pale.text.contains("name=\"accentText\" value=\"#ffcc00\""), "the typed colour is shown again")
            let forgedColour = try await api.post(look + "/accent", [("csrf", "wrong"), ("accent", "#1a5e20")], cookie: session.cookie)
            #expect(forgedColour.status == .forbidden)

            #expect(try await TeamLookFlowTests.storedLogos(database).isEmpty, "nothing refused was stored")
            #expect(try await api.send(.get, "/v1/teams/\(team)/look", token: fixture.hostToken).json?["accent"] is NSNull)
            #expect(try await TeamLookFlowTests.brandingRecord(database).isEmpty, "nothing refused was recorded")
        }
    }

    @Test func aFileOverTheReadersLimitIsRefusedByItWhereTheServerTakesLargerBodies() async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.maxBodyBytes = 1 << 20
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let fixture = try await api.publish()
            let (team, _, _, _) = try await TeamLookFlowTests.teamWithPublishedSeries(api, database, fixture)
            let (session, look) = try await Self.signedInAdmin(api, team, fixture)
            let big = try await Self.upload(
                api, look + "/logo", cookie: session.cookie, [("csrf", session.csrf)], file: ImageFixtures.png(ofSize: 300 * 1_024))
            #expect(big.status == .unprocessableContent, "\(big.status)")
            #expect(big.text.contains("<li>logo: ") && big.text.contains("256 KB"), "the refusal names the field and the limit: \(big.text)")
            let huge = try await Self.upload(
                api, look + "/logo", cookie: session.cookie, [("csrf", session.csrf)], file: ImageFixtures.png(ofSize: 600 * 1_024))
            #expect(huge.status == .contentTooLarge && huge.isHTML && huge.text.contains("<li>logo: "), "\(huge.status) \(huge.text)")
            #expect(try await TeamLookFlowTests.storedLogos(database).isEmpty)
        }
    }

    @Test func anEditorCannotChangeTheLookAndAnOutsiderIsNotToldTheTeamExists() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let (team, _, editor, _) = try await TeamLookFlowTests.teamWithPublishedSeries(api, database, fixture)
            let outsider = try await SeriesSharingTests.host(api)
            let look = "/teams/\(team)/look"
            let png = ImageFixtures.png(width: 4, height: 4)

            let asEditor = try #require(try await api.signIn(email: editor.email).1)
            #expect(!(try await api.page("/teams/\(team)", cookie: asEditor.cookie)).text.contains("look-link"), "no link below admin")
            let page = try await api.page(look, cookie: asEditor.cookie)
            #expect(page.status == .forbidden && page.isHTML, "\(page.status)")
            #expect(try await Self.upload(api, look + "/logo", cookie: asEditor.cookie, [("csrf", asEditor.csrf)], file: png).status == .forbidden)
            #expect(try await api.post(look + "/accent", [("csrf", asEditor.csrf), ("accentText", "#1a5e20")], cookie: asEditor.cookie).status == .forbidden)
            #expect(try await api.post(look + "/logo/remove", [("csrf", asEditor.csrf)], cookie: asEditor.cookie).status == .forbidden)

            let asOutsider = try #require(try await api.signIn(email: outsider.email).1)
            #expect(try await api.page(look, cookie: asOutsider.cookie).status == .notFound)
            #expect(try await Self.upload(api, look + "/logo", cookie: asOutsider.cookie, [("csrf", asOutsider.csrf)], file: png).status == .notFound)
            #expect(try await api.post(look + "/accent", [("csrf", asOutsider.csrf), ("accentText", "#1a5e20")], cookie: asOutsider.cookie).status == .notFound)
            let signedOut = try await api.page(look)
            #expect(signedOut.status == .seeOther && signedOut.headers[.location]?.hasPrefix("/signin") == true)

            #expect(try await TeamLookFlowTests.storedLogos(database).isEmpty)
            #expect(try await TeamLookFlowTests.brandingRecord(database).isEmpty)
        }
    }
}
