@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PQ
import Testing

/// A team's look through the API and the routes that serve it (decision 95): its admins set the
/// logo (the upload rules of a series' picture: a bad upload is a 422, 413 past the size, naming
/// `logo`, and stores nothing) and the accent (refused below WCAG AA, naming `accent`); members
/// read it, others get 404; every change is a row of the read record; the accent's stylesheet and
/// the logo reach the participant page of the team's series.
@Suite("A team's look: logo, accent, stylesheet")
struct TeamLookFlowTests {
    typealias Host = SeriesSharingTests.Host

    static func putLogo(_ api: ParticipantAPI, team: String, _ bytes: Data, type: String?, token: String) async throws -> ParticipantReply {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if let type { headers[.contentType] = type }
        let response = try await api.client.executeRequest(
            uri: "/v1/teams/\(team)/logo", method: .put, headers: headers, body: ByteBuffer(bytes: bytes))
        return ParticipantReply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
    }

    static func storedLogos(_ database: Database) async throws -> [String] {
        try await database.query("SELECT l.sha256 FROM team_logos l ORDER BY l.sha256").map { try $0.decode("sha256") }
    }

    static func brandingRecord(_ database: Database) async throws -> [String] {
        try await database.query("SELECT detail FROM audit_record WHERE kind = 'branding.changed' ORDER BY id").map { try $0.decode("detail") }
    }

    /// A published series moved into a team its host made (so the host is the team's admin), with
    /// an editor and a viewer as members; the team's id.
    static func teamWithPublishedSeries(
        _ api: ParticipantAPI, _ database: Database, _ fixture: PublishedFixture
    ) async throws -> (team: String, admin: Host, editor: Host, viewer: Host) {
        let id = try await SeriesSharingTests.me(api, fixture.hostToken)
        _ = try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE id = \(try #require(UUID(uuidString: id)))")
        let admin = Host(email: "", token: fixture.hostToken, id: id)
        let team = try await TeamsTests.createTeam(api, admin)
        let editor = try await SeriesSharingTests.host(api), viewer = try await SeriesSharingTests.host(api)
        try await TeamsTests.add(api, team, admin, editor, "editor")
        try await TeamsTests.add(api, team, admin, viewer, "viewer")
        try await TeamsTests.moveIntoTeam(api, fixture.seriesID, team, offeredBy: admin, acceptedBy: admin)
        return (team, admin, editor, viewer)
    }

    @Test func anAdminSetsTheLogoMembersReadItAndEveryChangeIsRecorded() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let (team, admin, editor, viewer) = try await Self.teamWithPublishedSeries(api, database, fixture)
            let outsider = try await SeriesSharingTests.host(api)
            let png = ImageFixtures.png(width: 300, height: 120)

            #expect(try await Self.putLogo(api, team: team, png, type: "image/png", token: editor.token).status == .forbidden)
            #expect(try await Self.putLogo(api, team: team, png, type: "image/png", token: outsider.token).status == .notFound)
            #expect(try await Self.storedLogos(database).isEmpty)
            let put = try await Self.putLogo(api, team: team, png, type: "image/png", token: admin.token)
            #expect(put.status == .ok, "\(put.text)")
            let url = try #require(put.string("url"))
            #expect(url.hasPrefix("/team-logos/") && !url.contains(team))
            #expect(put.json?["width"] as? Int == 300 && put.json?["height"] as? Int == 120 && put.string("contentType") == "image/png")
            let etag = try #require(put.string("etag"))

            // Members read the look and the logo; outsiders get 404, members below admin 403 for a change.
            for member in [editor, viewer] {
                #expect(try await api.send(.get, "/v1/teams/\(team)/logo", token: member.token).string("url") == url)
                let look = try await api.send(.get, "/v1/teams/\(team)/look", token: member.token)
                #expect((look.json?["logo"] as? [String: Any])?["url"] as? String == url, "\(look.text)")
                #expect(look.json?["accent"] is NSNull && look.json?["stylesheetUrl"] is NSNull, "\(look.text)")
                #expect(try await api.send(.delete, "/v1/teams/\(team)/logo", token: member.token).status == .forbidden)
            }
            #expect(try await api.send(.get, "/v1/teams/\(team)/look", token: outsider.token).status == .notFound)
            #expect(try await api.send(.get, "/v1/teams/\(team)/logo", token: outsider.token).status == .notFound)

            // Served as what it is to anyone: a session of the team's series has a published form.
            let served = try await api.send(.get, url)
            #expect(served.status == .ok && served.body == png)
            #expect(served.headers[.contentType] == "image/png" && served.headers[.xContentTypeOptions] == "nosniff")
            #expect(served.headers[.eTag] == etag)
            #expect(served.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
            #expect(served.headers[.contentDisposition] == "inline; filename=\"team-logo.png\"")
            #expect(try await api.send(.get, url, headers: [.ifNoneMatch: etag]).status == .notModified)

            // Replaced under a new address; removed; each change a row of the read record.
            let replaced = try await Self.putLogo(api, team: team, ImageFixtures.jpeg(width: 64, height: 64), type: "image/jpeg", token: admin.token)
            let newURL = try #require(replaced.string("url"))
            #expect(newURL != url && replaced.string("contentType") == "image/jpeg")
            #expect(try await api.send(.get, url).status == .notFound)
            #expect(try await api.send(.delete, "/v1/teams/\(team)/logo", token: admin.token).status == .noContent)
            #expect(try await api.send(.get, newURL).status == .notFound)
            #expect(try await api.send(.delete, "/v1/teams/\(team)/logo", token: admin.token).status == .notFound)
            #expect(try await Self.storedLogos(database).isEmpty)
            #expect(try await Self.brandingRecord(database) == [
                "team \(team): logo set: image/png 300×120", "team \(team): logo set: image/jpeg 64×64", "team \(team): logo removed",
            ])
        }
    }

    @Test func hostileLogosAreRefusedNamingTheFieldAndStoreNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let (team, admin, _, _) = try await Self.teamWithPublishedSeries(api, database, fixture)
            let good = ImageFixtures.png(width: 20, height: 20)
            #expect(try await Self.putLogo(api, team: team, good, type: "image/png", token: admin.token).status == .ok)
            let before = try await Self.storedLogos(database)
            let recorded = try await Self.brandingRecord(database)
            let hostile: [(String, Data, String?)] = [
                ("a 1×100,000 PNG header", ImageFixtures.pngHeader(width: 1, height: 100_000), "image/png"),
                ("a JPEG that claims 60,000 px", ImageFixtures.jpeg(width: 60_000, height: 60_000), "image/jpeg"),
                ("an SVG renamed .png", ImageFixtures.svg, "image/png"),
                ("an SVG as itself", ImageFixtures.svg, "image/svg+xml"),
                ("a PNG with a page after IEND (a polyglot)", good + ImageFixtures.htmlPage, "image/png"),
                ("a JPEG with a ZIP after EOI (a polyglot)", ImageFixtures.jpeg(width: 10, height: 10) + ImageFixtures.zipHeader, "image/jpeg"),
                ("a PNG with a script in a text chunk", ImageFixtures.png(width: 2, height: 2, textChunk: "<script>x</script>"), "image/png"),
                ("a GIF", ImageFixtures.gif, "image/png"),
            ]
            for (name, bytes, type) in hostile {
                let reply = try await Self.putLogo(api, team: team, bytes, type: type, token: admin.token)
                #expect(reply.status == .unprocessableContent, "\(name): \(reply.status) \(reply.text)")
                #expect(reply.problemPaths.count == 1 && reply.problemPaths.first?.hasPrefix("logo: ") == true, "\(name): \(reply.problemPaths)")
            }
            let big = try await Self.putLogo(api, team: team, ImageFixtures.png(ofSize: 300 * 1_024), type: "image/png", token: admin.token)
            #expect(big.status == .contentTooLarge, "\(big.text)")
            #expect(big.string("code") == "body_too_large")
            #expect(try await Self.storedLogos(database) == before, "nothing refused was stored")
            #expect(try await Self.brandingRecord(database) == recorded, "nothing refused was recorded")
        }
    }

    @Test func anAccentBelowAAIsRefusedAndOneThatPassesGetsItsStylesheet() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let (team, admin, editor, _) = try await Self.teamWithPublishedSeries(api, database, fixture)
            for pale in ["#ffcc00", "#7aa7ff", "blue", "#12345"] {
                let refused = try await api.send(.put, "/v1/teams/\(team)/look", token: admin.token, json: ["accent": pale])
                #expect(refused.status == .unprocessableContent, "\(pale): \(refused.text)")
                #expect(refused.problemPaths.count == 1 && refused.problemPaths.first?.hasPrefix("accent: ") == true, "\(pale): \(refused.problemPaths)")
            }
            let yellow = try await api.send(.put, "/v1/teams/\(team)/look", token: admin.token, json: ["accent": "#ffcc00"])
            #expect(yellow.problemPaths.first?.contains("4.5:1") == true, "the refusal says how far off: \(yellow.problemPaths)")
            #expect(try await api.send(.put, "/v1/teams/\(team)/look", token: editor.token, json: ["accent": "#1a5e20"]).status == .forbidden)

            let set = try await api.send(.put, "/v1/teams/\(team)/look", token: admin.token, json: ["accent": "#1A5E20"])
            #expect(set.status == .ok, "\(set.text)")
            #expect(set.string("accent") == "#1a5e20" && set.string("stylesheetUrl") == "/team-styles/1a5e20.css")
            #expect(try await api.send(.get, "/v1/teams/\(team)/look", token: editor.token).string("accent") == "#1a5e20")

            let sheet = try await api.send(.get, "/team-styles/1a5e20.css")
            #expect(sheet.status == .ok)
            #expect(sheet.headers[.contentType] == "text/css; charset=utf-8")
            #expect(sheet.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(sheet.text.contains(":root { --accent: #1a5e20; --accent-text: #ffffff; }"), "\(sheet.text)")
            // No stylesheet for a colour that would not pass, nor for anything else.
            for name in ["ffcc00.css", "1A5E20.css", "1a5e20.js", "zzzzzz.css", "1a5e20"] {
                #expect(try await api.send(.get, "/team-styles/\(name)").status == .notFound, "\(name)")
            }

            #expect(try await api.send(.put, "/v1/teams/\(team)/look", token: admin.token, json: ["accent": NSNull()]).string("accent") == nil)
            #expect(try await Self.brandingRecord(database) == ["team \(team): accent set: #1a5e20", "team \(team): accent cleared"])
        }
    }
}
