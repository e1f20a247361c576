@testable import DebriefStore
import Debrief
import PQ
import Testing

/// Every registered question kind has its store part (``StoreKindPart``, docs/decisions/0065),
/// and each stored row of an answer is claimed by its own kind alone.
@Suite("Store parts of the question kinds")
struct StoreKindPartTests {
    @Test func everyRegisteredKindHasAStorePart() {
        for kind in QuestionKind.allCases {
            #expect(kind.store != nil, "\(kind) has no <Kind>+Store.swift")
            #expect(kind.store?.kind == kind)
        }
    }

    /// A kind that tallies rows of its own (``StoreKindPart/valueTally``) also counts them from the
    /// answers (filtered views), under a `kind` no shared row uses; the number is one.
    @Test func aKindsOwnTallyRowsAreCountedTheSameWay() {
        let answers: SQLQuery = "answers a WHERE true"
        for kind in QuestionKind.allCases {
            let part = kind.store
            #expect((part?.valueTally == nil) == (part?.countedValueTally(answers: answers) == nil), "\(kind)")
            if let tally = part?.valueTally { #expect(FormTally.Kind(rawValue: tally) == nil, "\(tally) is a shared tally") }
        }
        #expect(FormTally.valueTallies == ["number"])
    }

    @Test func theRowsOfAnAnswerOfEachKindAreClaimedByThatKindAlone() throws {
        let answers: [AnswerValue] = [
            .choice(optionIds: ["a", "b"], otherText: "mine"), .text("words"), .rating(4),
            .grid([GridRating(statementKey: "x", value: 2), GridRating(statementKey: "y", value: 5)]),
        ]
        for value in answers {
            let rows = AnswerRows([Answer(questionKey: try #require(QuestionKey(rawValue: "q1")), value: value)])
            #expect(!rows.questionKeys.isEmpty, "\(value.kind) writes rows")
            for index in rows.questionKeys.indices {
                let part = StoredAnswerPart(
                    optionID: rows.optionIds[index], otherText: rows.otherTexts[index], rating: rows.ratings[index],
                    text: rows.texts[index], statementKey: rows.statementKeys[index])
                let claimants = QuestionKind.allCases.filter { $0.store?.claims(part) == true }
                #expect(claimants == [value.kind], "row \(index) of a \(value.kind) answer")
            }
        }
    }
}
