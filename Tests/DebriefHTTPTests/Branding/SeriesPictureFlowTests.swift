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

/// A series' picture through the API and the route that serves it (decision 92): editors and
/// above set, replace and remove it; a bad upload is a 422 (413 past the size) naming `picture`
/// and stores nothing; the bytes are served as what they are, with `nosniff`, a strong ETag and a
/// policy that runs nothing, to anyone only where the participant page is public; the participant
/// page shows it with its size and alt text.
@Suite("Series pictures: upload, serve, show")
struct SeriesPictureFlowTests {
    static func put(_ api: ParticipantAPI, series: String, _ bytes: Data, type: String?, token: String) async throws -> ParticipantReply {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if let type { headers[.contentType] = type }
        let response = try await api.client.executeRequest(
            uri: "/v1/series/\(series)/picture", method: .put, headers: headers, body: ByteBuffer(bytes: bytes))
        return ParticipantReply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
    }

    static func stored(_ database: Database) async throws -> [String] {
        try await database.query("SELECT p.sha256 FROM series_pictures p ORDER BY p.sha256").map { try $0.decode("sha256") }
    }

    @Test func anEditorSetsItAndAnyoneFetchesItAsWhatItIs() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let png = ImageFixtures.pngHeader(width: 1_200, height: 600)
            let put = try await Self.put(api, series: fixture.seriesID, png, type: "image/png", token: fixture.hostToken)
            #expect(put.status == .ok, "\(put.text)")
            let url = try #require(put.string("url"))
            #expect(url.hasPrefix("/series-pictures/") && !url.contains(fixture.seriesID))
            #expect(put.json?["width"] as? Int == 1_200 && put.json?["height"] as? Int == 600 && put.string("contentType") == "image/png")
            let etag = try #require(put.string("etag"))
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/picture", token: fixture.hostToken).string("url") == url)

            // Anyone, without a session: the participant page of the series is public.
            let served = try await api.send(.get, url)
            #expect(served.status == .ok)
            #expect(served.body == png)
            #expect(served.headers[.contentType] == "image/png")
            #expect(served.headers[.xContentTypeOptions] == "nosniff")
            #expect(served.headers[.eTag] == etag)
            #expect(served.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
            #expect(served.headers[.contentDisposition] == "inline; filename=\"series-picture.png\"")
            #expect(served.headers[.cacheControl] == "private, max-age=86400")
            let again = try await api.send(.get, url, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.isEmpty)

            // The participant page shows it, sized (640 wide at most) and named.
            let page = try await api.send(.get, "/f/\(fixture.code)")
            #expect(page.text.contains(#"<img class="series-picture" src="\#(url)" width="640" height="320" alt="Picture of Retro 회고">"#), "\(page.text)")

            // Replaced: a new address; the old one names nothing.
            let jpeg = ImageFixtures.jpeg(width: 800, height: 800)
            let replaced = try await Self.put(api, series: fixture.seriesID, jpeg, type: "image/jpeg", token: fixture.hostToken)
            #expect(replaced.status == .ok && replaced.string("url") != url && replaced.string("contentType") == "image/jpeg")
            #expect(try await api.send(.get, url).status == .notFound)
            let newURL = try #require(replaced.string("url"))
            #expect(try await api.send(.get, newURL).headers[.contentType] == "image/jpeg")

            #expect(try await api.send(.delete, "/v1/series/\(fixture.seriesID)/picture", token: fixture.hostToken).status == .noContent)
            #expect(try await api.send(.get, newURL).status == .notFound)
            #expect(try await api.send(.delete, "/v1/series/\(fixture.seriesID)/picture", token: fixture.hostToken).status == .notFound)
            #expect(try await Self.stored(database).isEmpty)
            #expect(!(try await api.send(.get, "/f/\(fixture.code)").text.contains("series-picture\"")))
        }
    }

    @Test func hostileUploadsAreRefusedNamingTheFieldAndStoreNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let good = ImageFixtures.png(width: 20, height: 20)
            #expect(try await Self.put(api, series: fixture.seriesID, good, type: "image/png", token: fixture.hostToken).status == .ok)
            let before = try await Self.stored(database)
            let hostile: [(String, Data, String?)] = [
                ("a 1×100,000 PNG header", ImageFixtures.pngHeader(width: 1, height: 100_000), "image/png"),
                ("a JPEG that claims 60,000 px", ImageFixtures.jpeg(width: 60_000, height: 60_000), "image/jpeg"),
                ("an SVG renamed .png", ImageFixtures.svg, "image/png"),
                ("an SVG as itself", ImageFixtures.svg, "image/svg+xml"),
                ("a PNG with a page after IEND", good + ImageFixtures.htmlPage, "image/png"),
                ("a JPEG with a ZIP after EOI", ImageFixtures.jpeg(width: 10, height: 10) + ImageFixtures.zipHeader, "image/jpeg"),
                ("a PNG with a script in a text chunk", ImageFixtures.png(width: 2, height: 2, textChunk: "<script>x</script>"), "image/png"),
                ("a GIF", ImageFixtures.gif, "image/png"),
                ("no type", good, nil),
            ]
            for (name, bytes, type) in hostile {
                let reply = try await Self.put(api, series: fixture.seriesID, bytes, type: type, token: fixture.hostToken)
                #expect(reply.status == .unprocessableContent, "\(name): \(reply.status) \(reply.text)")
                #expect(reply.problemPaths.count == 1 && reply.problemPaths.first?.hasPrefix("picture: ") == true, "\(name): \(reply.problemPaths)")
            }
            // 300 KB: cut at the transport (413, its declared length refused before a byte is
            // read, the connection closed).
            let big = try await Self.put(api, series: fixture.seriesID, ImageFixtures.png(ofSize: 300 * 1_024), type: "image/png", token: fixture.hostToken)
            #expect(big.status == .contentTooLarge, "\(big.text)")
            #expect(big.string("code") == "body_too_large")
            #expect(big.headers[.connection] == "close")
            #expect(try await Self.stored(database) == before, "nothing refused was stored")
        }
    }

    @Test func onlyEditorsAndAboveChangeItAndAPrivateSeriesPictureIsTheHostsOnly() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let good = ImageFixtures.png(width: 30, height: 30)
            let viewer = try await SeriesSharingTests.host(api), editor = try await SeriesSharingTests.host(api)
            let stranger = try await SeriesSharingTests.host(api)
            #expect(try await SeriesSharingTests.share(api, fixture, with: viewer, as: "viewer").status == .accepted)
            #expect(try await SeriesSharingTests.share(api, fixture, with: editor, as: "editor").status == .accepted)
            #expect(try await Self.put(api, series: fixture.seriesID, good, type: "image/png", token: viewer.token).status == .forbidden)
            #expect(try await Self.put(api, series: fixture.seriesID, good, type: "image/png", token: stranger.token).status == .notFound)
            #expect(try await Self.stored(database).isEmpty)
            #expect(try await Self.put(api, series: fixture.seriesID, good, type: "image/png", token: editor.token).status == .ok)
            #expect(try await api.send(.delete, "/v1/series/\(fixture.seriesID)/picture", token: viewer.token).status == .forbidden)
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/picture", token: viewer.token).status == .ok)
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/picture", token: stranger.token).status == .notFound)

            // A series with no published form: its picture is its hosts' only (a session cookie).
            let meeting = try await api.send(
                .post, "/v1/meetings", token: stranger.token,
                json: ["title": "Draft", "startsAt": "2031-01-06T10:00:00Z", "endsAt": "2031-01-06T11:00:00Z"])
            let series = try #require(meeting.string("seriesId"), "\(meeting.text)")
            let put = try await Self.put(api, series: series, good, type: "image/png", token: stranger.token)
            let url = try #require(put.string("url"), "\(put.text)")
            #expect(try await api.send(.get, url).status == .notFound)
            let browser = try #require(try await api.signIn(email: stranger.email).1)
            #expect(try await api.send(.get, url, headers: [.cookie: browser.cookie]).status == .ok)
            let otherBrowser = try #require(try await api.signIn(email: viewer.email).1)
            #expect(try await api.send(.get, url, headers: [.cookie: otherBrowser.cookie]).status == .notFound)
            #expect(try await api.send(.get, "/series-pictures/not-a-uuid").status == .notFound)
        }
    }
}
