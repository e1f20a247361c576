@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 68's smaller items (h) and (i): a ranking's percent says it is a share of points on the
/// room's pages (thanks and presenter, in the table, the chart and the live bars' words), and a
/// number question's trend shows its mean in the table and names it as a number's, not a rating's.
@Suite("Results pages: what a percent and a mean are of")
struct ResultsLabelsTests {
    @Test(arguments: [("en", "55.6% of points", "{percent}% of points"), ("ko", "점수의 55.6%", "점수의 {percent}%")])
    func aRankingSaysItsPercentIsAShareOfPoints(_ language: String, _ share: String, _ template: String) async throws {
        try await ParticipantAPI.run { api, _ in
            var form = RankingQuestionFlowTests.form(privacyThreshold: 3)
            form["sharesResultsWithParticipants"] = true
            form["sharesResultsLive"] = true
            let fixture = try await api.publish(form)
            for order in RankingQuestionFlowTests.orders {
                let sent = try await api.submit(fixture.code, ["answers": [["questionKey": "next", "ranking": order]]])
                #expect(sent.status == .created, "\(sent.text)")
            }
            let owner = try await ChatChannelPageTests.owner(api, fixture)
            let thanks = try await api.page("/f/\(fixture.code)/thanks", language: language)
            let presenter = try await api.page("/m/\(fixture.meetingID)/present", language: language, cookie: owner.cookie)
            for page in [thanks, presenter] {
                #expect(page.status == .ok)
                // The numbers table and the chart's bar (Flaky tests: 5 of 9 points).
                #expect(page.text.contains(#"<td class="number">\#(share)</td>"#), "\(page.text.prefix(4000))")
                #expect(page.text.contains("5 · \(share)"), "the chart's bar")
                #expect(!page.text.contains(#"<td class="number">55.6%</td>"#))
                // The live bars' words for it (`room.js` fills in each event's number).
                #expect(page.text.contains("&quot;share&quot;:&quot;\(template)&quot;"), "\(page.text.prefix(4000))")
            }
        }
    }

    @Test(arguments: [("en", "Mean value", "Mean value per session"), ("ko", "평균값", "회차별 평균값과")])
    func aNumbersTrendShowsItsMeanNamedByTheKind(_ language: String, _ heading: String, _ measure: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(NumberQuestionFlowTests.form(privacyThreshold: 1))
            for value in [30, 45] {
                #expect(try await api.submit(fixture.code, ["answers": [["questionKey": "minutes", "number": value]]]).status == .created)
            }
            let start = Date().addingTimeInterval(2 * 86_400)
            let next = try #require(
                try await api.send(
                    .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                    json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))]
                ).string("id"))
            let code = try #require(try await api.send(.post, "/v1/meetings/\(next)/form/publish", token: fixture.hostToken).string("code"))
            for value in [60, 90] {
                #expect(try await api.submit(code, ["answers": [["questionKey": "minutes", "number": value]]]).status == .created)
            }
            let owner = try await ChatChannelPageTests.owner(api, fixture)
            let trends = try await api.page("/m/\(next)/trends", language: language, cookie: owner.cookie)
            #expect(trends.status == .ok)
            // The numbers table: the mean of each session (37.5, then 75) under the kind's name for it.
            #expect(trends.text.contains(#"<th scope="col">\#(heading)</th>"#), "\(trends.text.prefix(6000))")
            #expect(trends.text.contains("<td>37.5</td>") && trends.text.contains("<td>75</td>"), "\(trends.text.prefix(6000))")
            // The chart names a number's mean, not a rating's.
            #expect(trends.text.contains(measure))
            #expect(!trends.text.contains("Mean rating") && !trends.text.contains("평균 평점"))
        }
    }

    @Test func eachKindNamesItsOwnMean() {
        #expect(QuestionKind.rating.descriptor.meanName(.en) == "Mean rating")
        #expect(QuestionKind.number.descriptor.meanName(.ko) == "평균값")
        #expect(QuestionKind.choice.descriptor.meanName(.en) == nil)
    }
}
