@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import Testing

/// A series' picture in its roster mail (decision 92, issue 70 goal 5): the participant link and
/// the reminder open their HTML part with it, at the site's address, sized for a message and named
/// by the title; the plain part has no picture; the address serves the picture to anyone (the
/// participant opening the mail is signed in to nothing). A series without one mails none.
@Suite("Series pictures in roster mail")
struct SeriesPictureMailTests {
    /// The HTML part of each roster message written so far, by kind.
    static func htmlBodies(_ world: RosterSendStepTests.World) async throws -> [(kind: String, html: String, text: String)] {
        try await world.database.query(
            "SELECT kind, html_body, text_body FROM email_outbox WHERE roster_member_id IS NOT NULL ORDER BY created_at, recipient"
        ).map { row in (kind: try row.decode("kind"), html: try row.decode("html_body"), text: try row.decode("text_body")) }
    }

    @Test func theLinkAndTheReminderShowTheSeriesPicture() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            let png = ImageFixtures.pngHeader(width: 1_200, height: 600)
            let put = try await SeriesPictureFlowTests.put(
                world.api, series: world.fixture.seriesID, png, type: "image/png", token: world.fixture.hostToken)
            let path = try #require(put.string("url"), "\(put.text)")
            let img = #"<p><img src="\#(ParticipantAPI.configuration().publicBaseURL)\#(path)" width="560" height="280" alt="Picture of Retro 회고 · Retro 회고 모임 이미지""#

            _ = try await PersonalLinkTests.sendLinks(world)
            let pressed = try await world.api.send(.post, RosterRemindTests.remind(world), token: world.fixture.hostToken)
            #expect(pressed.status == .ok, "\(pressed.text)")
            let messages = try await Self.htmlBodies(world)
            #expect(messages.filter { $0.kind == "participant_link" }.count == 4 && messages.filter { $0.kind == "reminder" }.count == 4)
            for message in messages {
                #expect(message.html.hasPrefix(img), "\(message.kind): \(message.html)")
                #expect(!message.text.contains(path), "the plain part has no picture")
            }
            // The participant who opens the mail is signed in to nothing: the address serves them.
            let served = try await world.api.page(path)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "image/png")
        }
    }

    @Test func aSeriesWithoutAPictureMailsNone() async throws {
        try await RosterSendStepTests.run { world in
            _ = try await PersonalLinkTests.sendLinks(world)
            let messages = try await Self.htmlBodies(world)
            #expect(messages.count == 4)
            #expect(messages.allSatisfy { !$0.html.contains("<img") && $0.html.hasPrefix("<p>Hello ") }, "\(messages.map(\.html))")
        }
    }
}
