import Foundation
import Testing

@testable import Debrief

/// ``LiveCounts``: the hosts' compact live event — the report's summary and the room's numbers,
/// none of the texts, timeline or chart shapes, and a size that follows the questions only.
@Suite("The hosts' live counts")
struct LiveCountsTests {
    @Test func itCarriesTheSummaryAndTheRoomsNumbersAndNothingWritten() throws {
        let report = ResultsReport(RoomViewTests.counts(responses: 10), filter: ResultsFilter())
        let counts = LiveCounts(report)
        #expect(counts.summary == report.summary)
        #expect(counts.generatedAt == report.generatedAt && counts.formVersion == 1 && counts.formState == .open)
        #expect(counts.questions == RoomView(report).questions)
        #expect(counts.questions[0].counts == [9, 0, 1] && counts.questions[1].mean == 2.1)
        #expect(counts.questions[3].statements?.map(\.withheld) == [false, true], "two rated Time: fewer than k")

        let json = try JSONCoding.string(counts)
        #expect(!json.contains("secret note") && !json.contains("secret other"), "no text anyone wrote: \(json)")
        // The room's word cloud alone: words all 10 used (k is 3), none used by fewer ("0", "1", …).
        #expect(counts.questions[2].words?.map(\.word) == ["note", "number", "secret"], "\(json)")
        #expect(!json.contains("timeline") && !json.contains("datasets") && !json.contains("newestAnswers"))
    }

    @Test func aWithheldQuestionHasNoNumbers() {
        let counts = LiveCounts(ResultsReport(RoomViewTests.counts(responses: 2), filter: ResultsFilter()))
        #expect(counts.summary.responses == 2, "the summary is the host's, as in the report")
        for question in counts.questions {
            #expect(question.withheld && question.counts == nil && question.mean == nil, "\(question.key): two answered, k is 3")
        }
    }

    @Test func itsSizeFollowsTheQuestionsNotTheAnswersOrTheFormsAge() throws {
        let small = try JSONCoding.encoder.encode(LiveCounts(ResultsReport(RoomViewTests.counts(responses: 10), filter: ResultsFilter())))
        let full = ResultsReport(RoomViewTests.counts(responses: 1_000_000), filter: ResultsFilter())
        let large = try JSONCoding.encoder.encode(LiveCounts(full))
        let report = try JSONCoding.encoder.encode(full)
        #expect(large.count - small.count < 150, "\(small.count) → \(large.count) bytes")
        #expect(large.count * 10 < report.count, "counts \(large.count) bytes, report \(report.count) bytes")
    }
}
