import Foundation
@testable import DebriefStore
import Debrief
import PQ
import Testing

/// Every registered question kind has its store part (``StoreKindPart``, docs/decisions/0065),
/// and each kind reads its own stored rows back as the answer written.
@Suite("Store parts of the question kinds")
struct StoreKindPartTests {
    @Test func everyRegisteredKindHasAStorePart() {
        for kind in QuestionKind.allCases {
            #expect(kind.store != nil, "\(kind) has no <Kind>+Store.swift")
            #expect(kind.store?.kind == kind)
        }
    }

    /// Each kind's rows, read back by that kind (the kind of the row's question, SQL/0079), give
    /// the answer written: the rows are the kind's own codec, and no kind reads another's rows.
    @Test func theRowsOfAnAnswerOfEachKindReadBackAsThatAnswer() throws {
        let answers: [AnswerValue] = [
            .choice(optionIds: ["a", "b"], otherText: "mine"), .text("words"), .rating(4),
            .grid([GridRating(statementKey: "x", value: 2), GridRating(statementKey: "y", value: 5)]),
            .ranking(["b", "a", "c"]), .number(2.5), .date(try #require(DateDay("2024-02-29"))),
        ]
        #expect(Set(answers.map(\.kind)) == Set(QuestionKind.allCases), "every kind has a sample")
        for value in answers {
            let rows = AnswerRows([Answer(questionKey: try #require(QuestionKey(rawValue: "q1")), value: value)])
            #expect(!rows.questionKeys.isEmpty, "\(value.kind) writes rows")
            let store = try #require(value.kind.store)
            var read: AnswerValue?
            for index in rows.questionKeys.indices {
                let part = StoredAnswerPart(
                    optionID: rows.optionIds[index], otherText: rows.otherTexts[index], rating: rows.ratings[index],
                    text: rows.texts[index], statementKey: rows.statementKeys[index], numeric: rows.numerics[index])
                read = store.adding(part, toAnswer: read)
            }
            #expect(read == value, "\(value.kind)")
        }
    }
}
