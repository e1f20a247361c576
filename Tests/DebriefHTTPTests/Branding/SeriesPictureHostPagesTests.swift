@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import Testing

/// A series' picture on the host's own pages (decision 92): the home page's card of the series and
/// the presenter of its sessions show it, sized as the participant page does and named by the
/// series' title; a series without one shows none, and another host never sees it.
@Suite("Series pictures on the home page and the presenter")
struct SeriesPictureHostPagesTests {
    /// A browser session of the fixture's host.
    static func session(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws -> String {
        let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
        return try #require(try await api.signIn(email: email).1).cookie
    }

    @Test func theHostsPagesShowThePictureOnlyWhereItIsSet() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let other = try await api.publish()
            let png = ImageFixtures.pngHeader(width: 1_200, height: 600)
            let put = try await SeriesPictureFlowTests.put(api, series: fixture.seriesID, png, type: "image/png", token: fixture.hostToken)
            let url = try #require(put.string("url"), "\(put.text)")
            let img = #"<img class="series-picture" src="\#(url)" width="640" height="320" alt="Picture of Retro 회고">"#
            let host = try await Self.session(api, fixture), otherHost = try await Self.session(api, other)
            let present = "/m/\(fixture.meetingID)/present"

            let home = try await api.page("/m", cookie: host)
            #expect(home.status == .ok)
            #expect(home.text.contains(img), "\(home.text)")
            let presenter = try await api.page(present, cookie: host)
            #expect(presenter.status == .ok)
            #expect(presenter.text.contains(img), "\(presenter.text)")

            // Another host: their own series has no picture, and the first one's is not theirs to see.
            let otherHome = try await api.page("/m", cookie: otherHost)
            #expect(otherHome.status == .ok && otherHome.text.contains("/m/\(other.meetingID)"))
            #expect(!otherHome.text.contains("series-picture") && !otherHome.text.contains(url))
            let otherPresenter = try await api.page("/m/\(other.meetingID)/present", cookie: otherHost)
            #expect(otherPresenter.status == .ok && !otherPresenter.text.contains("series-picture"))
            let notTheirs = try await api.page(present, cookie: otherHost)
            #expect(notTheirs.status == .notFound && !notTheirs.text.contains(url))

            // Removed: the pages are as they were before it.
            #expect(try await api.send(.delete, "/v1/series/\(fixture.seriesID)/picture", token: fixture.hostToken).status == .noContent)
            #expect(!(try await api.page("/m", cookie: host).text.contains("series-picture")))
            #expect(!(try await api.page(present, cookie: host).text.contains("series-picture")))
        }
    }
}
