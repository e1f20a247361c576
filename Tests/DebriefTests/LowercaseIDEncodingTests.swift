@testable import Debrief
import Foundation
import Testing

/// Every id Debrief writes is lower case; types that write their own ids skip the forwarding
/// encoder (``EncodesLowercaseIDs``), and must encode exactly as it would have.
@Suite("Lower-case ids in JSON")
struct LowercaseIDEncodingTests {
    /// The forwarding encoder's output, as every type without the marker gets it.
    static func forwarded<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        let api = JSONCoding.encoder
        encoder.outputFormatting = api.outputFormatting
        encoder.dateEncodingStrategy = api.dateEncodingStrategy
        return try encoder.encode(LowercaseUUIDs(value: value))
    }

    /// ``UUIDText`` writes from the bytes what Foundation's `uuidString` says, in lower case.
    @Test func anIDsTextIsFoundationsInLowerCase() {
        let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                     UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
                     UUID(uuid: (0x09, 0x0a, 0x9f, 0xa0, 0x0f, 0xf0, 0x10, 0x01, 0x99, 0xaa, 0x5a, 0xa5, 0x00, 0xff, 0x7f, 0x80))]
        for id in edges + (0..<2_000).map({ _ in UUID() }) {
            #expect(id.lowercasedText == id.uuidString.lowercased())
        }
    }

    @Test func anAcceptedSubmissionEncodesAsTheForwardingEncoderWouldHave() throws {
        let submission = AcceptedSubmission(
            responseID: UUID(uuidString: "0F8E3A7C-4B2D-4E6F-9A1B-2C3D4E5F6A7B")!,
            submittedAt: Date(timeIntervalSince1970: 1_800_000_000.125), changedAt: nil,
            answers: [
                Answer(questionKey: QuestionKey(rawValue: "topic")!, value: .choice(optionIds: ["roadmap"], otherText: "기타 \"x\"")),
                Answer(questionKey: QuestionKey(rawValue: "useful")!, value: .rating(4)),
                Answer(questionKey: QuestionKey(rawValue: "notes")!, value: .text("two\nlines")),
            ],
            replacedEarlier: false)
        let direct = try JSONCoding.encoder.encode(submission)
        #expect(direct == (try Self.forwarded(submission)))
        #expect(String(decoding: direct, as: UTF8.self).contains("\"id\":\"0f8e3a7c-4b2d-4e6f-9a1b-2c3d4e5f6a7b\""))
    }

    /// A chart inside a value with an id: the id still lower case, the chart's bytes JSONEncoder's
    /// own (it holds no id, so the forwarding encoder, which it now skips, changed nothing in it).
    @Test func aChartInsideAValueWithAnIDEncodesAsJSONEncoderAloneWould() throws {
        struct Report: Encodable {
            let id: UUID
            let chart: ChartSeries
            let charts: [ChartSeries]
        }
        let chart = ChartSeries(
            unit: "respondents", total: 7, totalDescription: "응답자 \"all\"",
            categories: [(category: "a", label: "Roadmap", count: 3), (category: "b", label: "기타", count: 4)])
        let withheld = chart.withheld(keepingCategories: true).hidingTotal()
        let report = Report(id: UUID(uuidString: "0F8E3A7C-4B2D-4E6F-9A1B-2C3D4E5F6A7B")!, chart: chart, charts: [withheld, chart])
        let plain = JSONEncoder()
        plain.outputFormatting = JSONCoding.encoder.outputFormatting
        let text = String(decoding: try JSONCoding.encoder.encode(report), as: UTF8.self)
        let expected = try [chart, withheld, chart].map { String(decoding: try plain.encode($0), as: UTF8.self) }
        #expect(text.contains("\"id\":\"0f8e3a7c-4b2d-4e6f-9a1b-2c3d4e5f6a7b\""))
        #expect(text.contains("\"chart\":" + expected[0]))
        #expect(text.contains("\"charts\":[" + expected[1] + "," + expected[2] + "]"))
        #expect(try JSONCoding.encoder.encode(chart) == (try Self.forwarded(chart)))
        // No id at any depth of a populated chart, which is what lets it skip the forwarding encoder.
        func holdsAnID(_ value: Any) -> Bool {
            value is UUID || Mirror(reflecting: value).children.contains { holdsAnID($0.value) }
        }
        #expect(!holdsAnID(chart) && !holdsAnID(withheld))
    }
}
