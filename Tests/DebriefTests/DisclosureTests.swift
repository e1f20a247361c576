import Debrief
import Foundation
import Testing

/// The privacy rule's one decision (``Disclosure``, docs/decisions/0009): what is derived from a
/// withheld part is withheld with it, and a version it was not built from is withheld whole.
@Suite("Disclosure")
struct DisclosureTests {
    static func key(_ raw: String) -> QuestionKey { QuestionKey(rawValue: raw)! }

    /// `pick`; `sure` shown when pick is a; `why` shown when sure is yes (a chain of two). k = 3.
    static let form = FormDefinition(
        title: "F", anonymous: true, privacyThreshold: 3,
        questions: [
            Question(
                key: key("pick"), prompt: "Pick",
                body: .choice(ChoiceSpec(options: [ChoiceOption(id: "a", label: "A"), ChoiceOption(id: "b", label: "B")]))),
            Question(
                key: key("sure"), prompt: "Sure",
                body: .choice(ChoiceSpec(options: [ChoiceOption(id: "yes", label: "Y"), ChoiceOption(id: "no", label: "N")])),
                showWhen: FollowUpCondition(question: key("pick"), rule: .chosen(["a"]))),
            Question(
                key: key("why"), prompt: "Why", body: .shortAnswer(ShortAnswerSpec()),
                showWhen: FollowUpCondition(question: key("sure"), rule: .chosen(["yes"]))),
        ])

    static func counts(pick: Int, followUps: Int) -> [String: QuestionCounts] {
        var picked = QuestionCounts()
        picked.respondents = pick
        picked.optionCounts = ["a": pick]
        var sure = QuestionCounts()
        sure.respondents = followUps
        sure.optionCounts = ["yes": followUps]
        var why = QuestionCounts()
        why.respondents = followUps
        why.texts = Array(repeating: "wombat", count: followUps)
        return ["pick": picked, "sure": sure, "why": why]
    }

    @Test func aChainOfFollowUpsOfAWithheldQuestionIsWithheldCountsAndAll() {
        // The follow-ups' own counts would pass k; what decides who saw them does not.
        let counts = Self.counts(pick: 1, followUps: 4)
        let disclosure = PrivacyRule.disclosure(form: Self.form, questions: counts)
        #expect(disclosure.reason(question: "pick") != nil && !disclosure.hidesCounts(of: "pick"))
        for key in ["sure", "why"] {
            #expect(disclosure.reason(question: key) != nil && disclosure.hidesCounts(of: key), "\(key)")
        }
        let results = ResultsBuilder.questions(of: Self.form, counts: counts, responses: 5)
        #expect(results[0].respondents == 1, "how many answered an optional question is no answer")
        for result in results.dropFirst() {
            #expect(result.withheld && result.respondents == nil && result.skipped == nil && result.chart.total == nil, "\(result.key)")
            #expect(result.shownTo == nil && result.chart.rows.allSatisfy { $0.count == nil })
        }
    }

    @Test func followUpsOfAShownQuestionAreDecidedOnTheirOwn() {
        let disclosure = PrivacyRule.disclosure(form: Self.form, questions: Self.counts(pick: 5, followUps: 3))
        #expect(["pick", "sure", "why"].allSatisfy { disclosure.reason(question: $0) == nil && !disclosure.hidesCounts(of: $0) })
    }

    @Test func aVersionTheDisclosureWasNotBuiltFromIsWithheldWhole() {
        let disclosure = PrivacyRule.disclosure(form: Self.form, questions: Self.counts(pick: 5, followUps: 3))
        let later = UUID()
        #expect(!disclosure.decides(later))
        #expect(disclosure.reason(question: "pick", in: later) != nil)
        #expect(disclosure.hidesCounts(of: "pick", in: later))
    }
}
