@testable import Debrief
import Synchronization
import Testing

/// The word counts' memo (``TextWordsMemo``): a text is tokenized once while it is in use, and
/// what is kept stays within its budget.
@Suite("Word counts: each text tokenized once")
struct TextWordsMemoTests {
    final class Calls: Sendable {
        let texts = Mutex<[String: Int]>([:])
        func count(_ text: String) -> [String] {
            self.texts.withLock { $0[text, default: 0] += 1 }
            return WordFrequency.words(in: text)
        }
        func of(_ text: String) -> Int { self.texts.withLock { $0[text] ?? 0 } }
    }

    @Test func aTextCountedBeforeIsNotTokenizedAgain() {
        let memo = TextWordsMemo(budget: 1 << 20)
        let calls = Calls()
        let first = ["회의가 길었지만 좋았어요", "Great pace", "Great pace!"]
        #expect(memo.words(of: first, count: calls.count) == first.map(WordFrequency.words(in:)))
        let second = ["Great pace", "새 답변입니다", "회의가 길었지만 좋았어요"]
        #expect(memo.words(of: second, count: calls.count) == second.map(WordFrequency.words(in:)))
        #expect(calls.of("Great pace") == 1 && calls.of("회의가 길었지만 좋았어요") == 1 && calls.of("새 답변입니다") == 1)
    }

    /// Thousands of texts through a small budget: what is kept stays within two generations,
    /// and the text asked for every time is never tokenized again.
    @Test func whatIsKeptStaysWithinItsBudget() {
        let memo = TextWordsMemo(budget: 4_096)
        let calls = Calls()
        let inUse = "The room was too warm"
        for round in 0..<200 {
            let texts = [inUse] + (0..<10).map { "answer \(round) number \($0) about the agenda" }
            let words = memo.words(of: texts, count: calls.count)
            #expect(words == texts.map(WordFrequency.words(in:)))
            #expect(memo.bytes <= 2 * memo.budget, "round \(round): \(memo.bytes) bytes")
        }
        #expect(calls.of(inUse) == 1)
        #expect(calls.of("answer 0 number 0 about the agenda") == 1)
    }

    /// The counts with the memo are the counts without it, however often they are asked.
    @Test func theCountsAreTheSameEveryTime() {
        let texts = (0..<300).map { "회의 \($0 % 7)번: pace \($0 % 3) 좋았어요 👍" } + ["", "Thanks!", "Thanks!"]
        let first = WordFrequency.count(texts: texts, limit: 20)
        #expect(Array(first.prefix(3)) == ["pace", "좋았어요", "회의"].map { WordCount(word: $0, count: 300) }, "\(first)")
        #expect(first.last == WordCount(word: "thanks", count: 2))
        for _ in 0..<3 { #expect(WordFrequency.count(texts: texts.reversed(), limit: 20) == first) }
    }
}
