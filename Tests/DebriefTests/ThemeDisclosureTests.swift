import Debrief
import Foundation
import Testing

/// Themes under k (docs/decisions/0105): ``Disclosure`` shows a theme only when k respondents'
/// answers fall in it, names it only by words k of them used, quotes only its own answers, and
/// feeds the word cloud from the themes it shows.
@Suite("Disclosure: themes of short answers under k")
struct ThemeDisclosureTests {
    static let question = Question(key: QuestionKey(rawValue: "notes")!, prompt: "Notes", body: .shortAnswer(ShortAnswerSpec()))

    static func result(_ texts: [String], k: Int, anonymous: Bool = true) -> QuestionResult {
        let form = FormDefinition(title: "F", anonymous: anonymous, privacyThreshold: k, questions: [Self.question])
        var counts = QuestionCounts()
        counts.respondents = texts.count
        counts.texts = texts
        return ResultsBuilder.result(for: Self.question, in: form, counts: counts, responses: texts.count)
    }

    @Test("Five answers with one stem give a theme and a cloud word no written form reached k for")
    func smallTeam() {
        let texts = ["meeting too long", "long meetings", "the meeting dragged", "meetings overrun", "fewer meetings please"]
        let result = Self.result(texts, k: 5)
        #expect(result.themes == [
            ThemeResult(words: ["meetings"], respondents: 5, quotes: Array(texts.prefix(Disclosure.themeQuoteLimit))),
        ])
        #expect(result.wordCloud == [WordCount(word: "meetings", count: 5)])
        // The words themselves: "meetings" by three, "meeting" by two, none by five.
        #expect(result.chart.rows.allSatisfy { ($0.count ?? 0) < 5 })
    }

    @Test("A theme under k shows nothing: not its words, its answers, nor that it exists")
    func underK() {
        let texts = ["agenda unclear", "no agenda", "coffee cold", "cold coffee", "fine"]
        let result = Self.result(texts, k: 3)
        #expect(result.withheld == false)
        #expect(result.themes == [])
        #expect(result.wordCloud == [])
        // With the rule off every theme shows.
        let open = Self.result(texts, k: 3, anonymous: false)
        #expect(open.themes?.map(\.words) == [["agenda"], ["coffee", "cold"]])
        #expect(open.themes?.map(\.quotes) == [["agenda unclear", "no agenda"], ["coffee cold", "cold coffee"]])
    }

    @Test("A theme's name keeps only the words k of its answers use; quotes are its own answers, newest first")
    func nameUnderK() {
        let texts = ["agenda late", "agenda late again", "agenda missing", "agenda please", "unrelated remark"]
        let result = Self.result(texts, k: 3)
        #expect(result.themes == [ThemeResult(words: ["agenda"], respondents: 4, quotes: ["agenda late", "agenda late again", "agenda missing"])])
        let quoted = Set(result.themes?.flatMap(\.quotes) ?? [])
        #expect(!quoted.contains("unrelated remark"))
        #expect(result.wordCloud == [WordCount(word: "agenda", count: 4)])
    }

    @Test("A withheld question has no themes; participants see names and counts, no quotes")
    func withheldAndParticipants() throws {
        let withheld = Self.result(["agenda late", "agenda missing"], k: 3)
        #expect(withheld.withheld && withheld.themes == nil && withheld.wordCloud == nil)

        let report = ResultsReport(RoomViewTests.counts(responses: 10), filter: ResultsFilter())
        let host = try #require(report.questions.first { $0.key == "notes" }?.themes)
        #expect(host.first?.respondents == 10 && host.first?.quotes.count == Disclosure.themeQuoteLimit)
        let participants = report.participantView.questions.first { $0.key == "notes" }?.themes
        #expect(participants == host.map { ThemeResult(words: $0.words, respondents: $0.respondents, quotes: []) })
    }
}

extension ThemeDisclosureTests {
    @Test("docs/results.md's worked example: one theme of five shown, a theme of two left under k")
    func workedExample() {
        let five = ["Meetings run too long", "The meeting dragged on", "Fewer meetings please", "That meeting overran", "The meeting's agenda was vague"]
        let result = Self.result(five, k: 3)
        #expect(result.themes?.map(\.words) == [["meeting"]] && result.themes?.first?.respondents == 5)
        #expect(result.wordCloud == [WordCount(word: "meeting", count: 5)])
        let seven = ["Agenda late", "no agenda"] + five
        #expect(ThemeGrouping.themes(of: seven).map(\.members.count) == [5, 2])
        #expect(Self.result(seven, k: 3).themes?.map(\.words) == [["meeting"]])
    }
}
